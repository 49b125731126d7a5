import { eventWhen, type Message } from '../../../platform/i18n.ts';
import type { Subscriber } from '../../../platform/outbox.ts';
import {
  type CommunityEventJob,
  QUEUES,
  reviveEvent,
  type TriggerContext,
  type UpdatedJob,
} from '../context.ts';

/**
 * `event.changed` → the community's `community_event` once it is published, and `event_updated`
 * ("what changed") to those going or maybe. A cancellation is told by `event.cancelled` (its own
 * subscriber); reminders are jobs written with the change (reminders.ts).
 */
export function eventChanged(ctx: TriggerContext): Subscriber<'event.changed'> {
  const { jobs } = ctx.deps;
  return {
    name: 'notify-event-changed',
    on: 'event.changed',
    async handle(change) {
      const before = change.before && reviveEvent(change.before);
      const after = change.after && reviveEvent(change.after);
      const { actorId } = change;
      // Deleted or called off: told by `event.cancelled`; reminders went in the change's transaction.
      if (!after || (before && !before.cancelledAt && after.cancelledAt)) return;
      const restored = before?.cancelledAt != null && after.cancelledAt === null;
      const moved = before !== undefined && before.startDate.getTime() !== after.startDate.getTime();
      const published = after.status !== 'DRAFT' && (!before || before.status === 'DRAFT');
      if (published && after.communityId)
        await jobs.send(QUEUES.communityEvent, { eventId: after.id, actorId } satisfies CommunityEventJob, {
          key: after.id,
        });
      if (!before || before.status === 'DRAFT' || after.status === 'DRAFT') return;
      // Edits to an event that stays cancelled concern nobody going any more.
      if (after.cancelledAt) return;
      const changes: Message[] = [];
      if (restored) changes.push({ key: 'notification.eventChanged.onAgain' });
      if (moved || before.endDate.getTime() !== after.endDate.getTime())
        changes.push({
          key: 'notification.eventChanged.time',
          params: { when: eventWhen(after) },
        });
      // Maybe-answers hear of it too: an address only people going may know stays out (decision 044).
      if (before.location !== after.location)
        changes.push(
          after.addressVisibility === 'ATTENDEES'
            ? { key: 'notification.eventChanged.placeHidden' }
            : { key: 'notification.eventChanged.place', params: { location: after.location } },
        );
      if (before.onlineUrl !== after.onlineUrl && after.onlineUrl)
        changes.push({ key: 'notification.eventChanged.onlineLink' });
      if (before.status !== after.status && after.status === 'PAST')
        changes.push({ key: 'notification.eventChanged.ended' });
      if (changes.length === 0) return;
      await jobs.send(QUEUES.updated, {
        eventId: after.id,
        actorId,
        version: after.updatedAt.toISOString(),
        message: {
          key: 'notification.eventChanged',
          params: { title: after.title, changes: { list: changes, separator: '; ' } },
        },
      } satisfies UpdatedJob);
    },
  };
}
