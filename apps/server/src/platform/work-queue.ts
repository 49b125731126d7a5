import { UPLOAD_MSG } from '@townsquare/contracts';
import { HttpError } from './errors.ts';

export type WorkQueueOptions = {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks that may wait for a slot; one more is refused with 503 at once. */
  maxWaiting: number;
  /** A task that waited this long without a slot is refused with 503 instead of run. */
  waitTimeoutMs: number;
};

export type WorkQueue = ReturnType<typeof createWorkQueue>;

const busy = () => new HttpError(503, UPLOAD_MSG.busy, { 'retry-after': '5' });

/**
 * A bounded queue for expensive work (image decoding): at most `concurrency` tasks at once, at
 * most `maxWaiting` waiting, each waiting at most `waitTimeoutMs`. Whatever arrives beyond that is
 * refused with 503 and Retry-After, so a flood costs the server nothing but the refusals, and the
 * libuv pool keeps threads free for everyone else (password hashing, files, DNS).
 */
export function createWorkQueue(options: WorkQueueOptions) {
  let active = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  function startNext() {
    const next = waiting.shift();
    if (!next) return;
    clearTimeout(next.timer);
    active += 1; // the slot passes straight to the waiter, so no newcomer can take it meanwhile
    next.start();
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < options.concurrency) active += 1;
      else {
        if (waiting.length >= options.maxWaiting) throw busy();
        await new Promise<void>((resolve, reject) => {
          const entry = {
            start: resolve,
            timer: setTimeout(() => {
              waiting.splice(waiting.indexOf(entry), 1);
              reject(busy());
            }, options.waitTimeoutMs),
          };
          waiting.push(entry);
        });
      }
      try {
        return await task();
      } finally {
        active -= 1;
        startNext();
      }
    },
    /** `saturated`: every slot busy and the waiting line full, so new work is refused. */
    stats() {
      return {
        active,
        waiting: waiting.length,
        saturated: active >= options.concurrency && waiting.length >= options.maxWaiting,
      };
    },
  };
}
