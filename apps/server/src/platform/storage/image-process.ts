import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ImageType } from '@townsquare/contracts';
import type { ImageCodec } from './image-codec.ts';

type ImageTask = { bytes: Uint8Array } & (
  | { op: 'reencode'; type: ImageType; animated: boolean }
  | { op: 'resize'; width: number }
);
export type ImageJob = ImageTask & { id: number };
export type ImageReply = { id: number; ok: true; data: Uint8Array } | { id: number; ok: false };

type Pending = { resolve: (data: Buffer) => void; reject: (err: Error) => void };

/**
 * Image work in a child process at a low CPU priority (`nice`, IMAGE_NICE; decision 036), so that one account
 * uploading the largest pictures it may cannot starve sign-in (argon2), static files or the event
 * loop on a small machine. Started at the first image, restarted after a crash (the jobs it held
 * fail as unreadable); the bounded queue in front of it (IMAGE_CONCURRENCY) still decides how many
 * run at once.
 */
export function createImageProcess(nice = 19): ImageCodec & { pid(): number | undefined } {
  // Built: dist/image-worker.js beside the server bundle; from source (tests, tsx): the .ts file.
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(
    new URL(fromSource ? './image-worker.ts' : './image-worker.js', import.meta.url),
  );
  let child: ChildProcess | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  function failAll(reason: string) {
    for (const { reject } of pending.values()) reject(new Error(reason));
    pending.clear();
  }

  function start(): ChildProcess {
    if (child?.connected) return child;
    const started = fork(entry, [String(nice)], {
      serialization: 'advanced', // Buffers cross as bytes, not as JSON arrays
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: fromSource ? ['--import', 'tsx'] : [],
    });
    started.on('message', (reply: ImageReply) => {
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      if (reply.ok)
        waiter.resolve(Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength));
      else waiter.reject(new Error('unreadable image'));
    });
    started.on('exit', () => {
      if (child === started) child = undefined;
      failAll('the image process exited');
    });
    child = started;
    return started;
  }

  function run(job: ImageTask): Promise<Buffer> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      start().send({ ...job, id } satisfies ImageJob, (err) => {
        if (err && pending.delete(id)) reject(err);
      });
    });
  }

  return {
    reencode: (bytes, type, animated) => run({ op: 'reencode', bytes, type, animated }),
    resize: (bytes, width) => run({ op: 'resize', bytes, width }),
    /** The running image process, if any (for its priority in tests and in `ps`). */
    pid: () => child?.pid,
    async close() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.disconnect();
      await exited;
    },
  };
}
