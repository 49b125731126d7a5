import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { createWorkQueue } from './work-queue.ts';

/** A task that finishes when the test says so. */
function held() {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { task: () => done, release };
}

describe('work queue (bounded image work)', () => {
  it('runs at most `concurrency` tasks at once, the rest in arrival order', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 10, waitTimeoutMs: 60_000 });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        queue.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((r) => setImmediate(r));
          order.push(i);
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(queue.stats()).toEqual({ active: 0, waiting: 0, saturated: false });
  });

  it('refuses work with 503 once the queue is full, and says it is saturated', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 1, waitTimeoutMs: 60_000 });
    const first = held();
    const running = queue.run(first.task);
    const waiting = queue.run(async () => 'second');
    expect(queue.stats()).toEqual({ active: 1, waiting: 1, saturated: true });
    const refused = await queue.run(async () => 'third').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(503);
    expect((refused as HttpError).headers['retry-after']).toBeDefined();
    first.release();
    await running;
    expect(await waiting).toBe('second');
    expect(queue.stats().saturated).toBe(false);
  });

  it('gives up on a task that waited longer than the timeout, with 503', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 5, waitTimeoutMs: 20 });
    const first = held();
    const running = queue.run(first.task);
    let ran = false;
    const late = await queue
      .run(async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect((late as HttpError).statusCode).toBe(503);
    first.release();
    await running;
    expect(ran).toBe(false);
    expect(queue.stats()).toEqual({ active: 0, waiting: 0, saturated: false });
  });
});
