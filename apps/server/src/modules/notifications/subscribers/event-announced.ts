import type { Subscriber } from '../../../platform/outbox.ts';
import type { TriggerContext } from '../context.ts';

/** `event.announced` → `event_announcement`: a host's message to the people of the event. */
export function eventAnnounced(ctx: TriggerContext): Subscriber<'event.announced'> {
  return {
    name: 'notify-event-announcement',
    on: 'event.announced',
    handle: ({ event, actorId, userIds, announcement }) =>
      ctx.sendMany(
        {
          userIds,
          kind: 'event_announcement',
          actorId,
          subject: { type: 'event', id: event.id },
          message: {
            key: 'notification.announcement',
            params: { title: event.title, message: announcement.message },
          },
          url: `/event/${event.id}`,
          dedupeKey: `event_announcement:${announcement.id}`,
        },
        // Read with visibleTo when it was sent (notifications.announcementAudience).
        { subjectChecked: true },
      ),
  };
}
