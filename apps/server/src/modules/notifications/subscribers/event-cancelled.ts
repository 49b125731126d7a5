import type { DomainEvents } from '../../../platform/domain-events.ts';
import type { Subscriber } from '../../../platform/outbox.ts';
import type { TriggerContext } from '../context.ts';

/**
 * `event.cancelled` → `event_cancelled`, the one trigger of that kind (decision 065), whoever
 * called the event off: its host (it stays, cancelled), or its deletion by the host, with the
 * host's account or with its community. Members and guests (decision 048) who had answered going
 * or maybe are told, as the event recorded them before it could go; when it went with something
 * else (`reason`), each member's socket hears `event-cancelled` too.
 */
export function eventCancelled(ctx: TriggerContext): Subscriber<'event.cancelled'> {
  return {
    name: 'notify-event-cancelled',
    on: 'event.cancelled',
    handle: (event) => tellCancelled(ctx, event),
  };
}

export async function tellCancelled(ctx: TriggerContext, event: DomainEvents['event.cancelled']) {
  const { eventId, title, reason, community } = event;
  if (reason)
    for (const userId of event.recipients)
      ctx.deps.publisher.toUser(userId, 'event-cancelled', {
        eventId,
        title,
        ...(community ? { community } : {}),
      });
  await ctx.sendMany(
    {
      userIds: event.recipients,
      guestIds: event.guests,
      kind: 'event_cancelled',
      actorId: event.actorId,
      subject: { type: 'event', id: eventId },
      message: reason
        ? {
            key: 'notification.eventCancelledBecause',
            params: { title, reason: { list: [reason], separator: '' } },
          }
        : { key: 'notification.eventCancelled', params: { title } },
      url: event.url ?? '/events',
      // Each cancellation is its own notification: a restored and again cancelled event is told twice.
      dedupeKey: `event_cancelled:${eventId}${event.cancelledAt ? `:${event.cancelledAt}` : ''}`,
    },
    // Checked with visibleTo when it was cancelled (a deleted event no longer exists to check).
    { subjectChecked: true },
  );
}
