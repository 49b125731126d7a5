import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Children still running: killed if this process exits first (a shutdown mid-import). */
const running = new Set<ChildProcess>();
let exitHooked = false;
function track(child: ChildProcess) {
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', () => {
      for (const c of running) c.kill('SIGKILL');
    });
  }
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/**
 * Called first by a child's entry: a watchdog thread that kills the process (SIGKILL, from
 * inside) when its parent is gone or `deadlineMs` has passed. It runs on a thread of its own, so
 * it fires even while the main thread is stuck in a loop, and a server killed outright (no `exit`
 * hook ran) leaves no child spinning behind it.
 */
export function guardChild(deadlineMs: number): void {
  const watchdog = new Worker(
    `const { workerData } = require('node:worker_threads');
     const end = Date.now() + workerData.deadlineMs;
     setInterval(() => {
       if (process.ppid !== workerData.parent || Date.now() > end) process.kill(process.pid, 'SIGKILL');
     }, 250);`,
    { eval: true, workerData: { deadlineMs, parent: process.ppid } },
  );
  watchdog.unref();
}

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
 * answers with one message; it calls `guardChild` first. The server's event loop only waits on the pipe, so however long the
 * work runs, requests keep being answered; at `deadlineMs` the child is killed whatever it is
 * doing (a tight loop in a library included). A fresh process also means no state of one run
 * (a library's registries) reaches the next.
 */
export function runInChild<I, O>(callerUrl: string, name: string, input: I, o: ChildTaskOptions): Promise<O> {
  const fromSource = callerUrl.endsWith('.ts');
  const entry = fileURLToPath(new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, callerUrl));
  const heap = o.maxOldSpaceMb ? [`--max-old-space-size=${o.maxOldSpaceMb}`] : [];
  return new Promise<O>((resolve, reject) => {
    const child = fork(entry, [String(o.deadlineMs)], {
      serialization: 'advanced', // Dates and typed arrays cross as they are
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: [...(fromSource ? ['--import', 'tsx'] : []), ...heap],
    });
    track(child);
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
