import type { MessageQueue, MessageQueueEnqueueOptions } from '@fedify/fedify';
import type { Jobs } from '../../platform/jobs.ts';

export const FEDERATION_QUEUE = 'federation';

const startAfter = (options?: MessageQueueEnqueueOptions) => {
  const ms = options?.delay ? Math.round(options.delay.total({ unit: 'millisecond' })) : 0;
  return ms > 0 ? new Date(Date.now() + ms) : undefined;
};

/**
 * The ActivityPub library's message queue on our one job queue (decision 072): its inbox, outbox
 * and fan-out messages are jobs of `federation`. The library retries a failed delivery itself
 * (its back-off re-queues the message with a delay), so the queue does not retry a second time
 * (`nativeRetrial` false, `retryLimit` 0): a message whose handler throws goes to the dead letters.
 */
export function createJobMessageQueue(jobs: Jobs, options: { workers?: number } = {}): MessageQueue {
  jobs.define(FEDERATION_QUEUE, { retryLimit: 0, expireInSeconds: 120 });
  return {
    nativeRetrial: false,

    async enqueue(message, enqueueOptions) {
      await jobs.send(FEDERATION_QUEUE, { message }, { startAfter: startAfter(enqueueOptions) });
    },

    async enqueueMany(messages, enqueueOptions) {
      const after = startAfter(enqueueOptions);
      await jobs.sendMany(
        FEDERATION_QUEUE,
        messages.map((message) => ({ data: { message }, startAfter: after })),
      );
    },

    async listen(handler, listenOptions) {
      // Several workers: one slow inbox does not hold the deliveries to every other server.
      await jobs.work<{ message: unknown }>(
        FEDERATION_QUEUE,
        async (data) => {
          await handler(data.message);
        },
        { workers: options.workers ?? 4 },
      );
      // The library expects `listen` to last as long as the queue is listened to.
      const signal = listenOptions?.signal;
      if (!signal) return new Promise<void>(() => undefined);
      if (signal.aborted) return;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    },
  };
}
