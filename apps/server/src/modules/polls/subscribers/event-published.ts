import type { Subscriber } from '../../../platform/outbox.ts';

/**
 * `event.changed` → a poll's event that was saved as a draft is published: those who said yes or
 * if need be to its date are asked whether they are going then (decision 082). An event that is
 * published at once was asked by the finalisation itself.
 */
export function pollEventPublished(deps: {
  published: (event: { id: string; startDate: Date }, actorId: string) => Promise<void>;
}): Subscriber<'event.changed'> {
  return {
    name: 'poll-event-published',
    on: 'event.changed',
    async handle({ before, after, actorId }) {
      if (!before || !after || before.status !== 'DRAFT' || after.status === 'DRAFT') return;
      if (after.cancelledAt) return;
      const startDate = typeof after.startDate === 'string' ? new Date(after.startDate) : undefined;
      if (!startDate) return;
      await deps.published({ id: after.id, startDate }, actorId);
    },
  };
}
