import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ChildDeadlineError, runInChild } from './child-task.ts';

describe('work in a child process (decision 061)', () => {
  it('kills a child stuck in a loop at the deadline, and the caller gets ChildDeadlineError', async () => {
    await expect(
      runInChild(import.meta.url, 'child-task-loop.fixture', {}, { deadlineMs: 3_000 }),
    ).rejects.toBeInstanceOf(ChildDeadlineError);
  }, 60_000);

  it('a stuck child kills itself at its own deadline, even when nobody kills it (its server was killed outright)', async () => {
    const child = fork(fileURLToPath(new URL('./child-task-loop.fixture.ts', import.meta.url)), ['500'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    expect(ended).toEqual({ code: null, signal: 'SIGKILL' });
  }, 60_000);
});
