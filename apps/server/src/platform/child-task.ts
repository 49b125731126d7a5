import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The child ran past its deadline and was killed. */
export class ChildDeadlineError extends Error {}
/** The child ended (a crash, out of memory) without answering. */
export class ChildExitError extends Error {}

export type ChildTaskOptions = {
  /** Wall-clock milliseconds from the fork; then the child is killed (SIGKILL). */
  deadlineMs: number;
  /** The child's V8 heap limit. */
  maxOldSpaceMb?: number;
};

/**
 * Runs one piece of untrusted CPU work in a child process of its own (decision 061, the
 * image process's pattern of decision 036): `entry` (a module next to the caller, `name.ts` from
 * source, `name.js` in the build, see scripts/build.mjs) gets `input` as its one IPC message and
 * answers with one message. The server's event loop only waits on the pipe, so however long the
 * work runs, requests keep being answered; at `deadlineMs` the child is killed whatever it is
 * doing (a tight loop in a library included). A fresh process also means no state of one run
 * (a library's registries) reaches the next.
 */
export function runInChild<I, O>(callerUrl: string, name: string, input: I, o: ChildTaskOptions): Promise<O> {
  const fromSource = callerUrl.endsWith('.ts');
  const entry = fileURLToPath(new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, callerUrl));
  const heap = o.maxOldSpaceMb ? [`--max-old-space-size=${o.maxOldSpaceMb}`] : [];
  return new Promise<O>((resolve, reject) => {
    const child = fork(entry, [], {
      serialization: 'advanced', // Dates and typed arrays cross as they are
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: [...(fromSource ? ['--import', 'tsx'] : []), ...heap],
    });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
    };
    const timer = setTimeout(() => {
      settle(() => reject(new ChildDeadlineError(`${name} ran past ${o.deadlineMs} ms`)));
      child.kill('SIGKILL');
    }, o.deadlineMs);
    child.once('message', (answer: O) => {
      settle(() => resolve(answer));
      child.disconnect();
    });
    child.once('error', (err) => settle(() => reject(new ChildExitError(err.message))));
    child.once('exit', (code, signal) =>
      settle(() => reject(new ChildExitError(`${name} exited (${signal ?? code}) without answering`))),
    );
    child.send(input as object, (err) => {
      if (err) settle(() => reject(new ChildExitError(err.message)));
    });
  });
}
