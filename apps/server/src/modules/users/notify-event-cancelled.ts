import type { Message } from '../../platform/i18n.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { NotifyInput } from '../notifications/notify.ts';

export type CancelledFor = {
  to: { userId: string; email: string; fullName: string };
  event: { id: string; title: string; community?: string };
  /** Why, in the reader's language (`notification.cancelReason.*`). */
  reason: Message;
};

/**
 * Tells one attendee that an event they answered is cancelled because its host's account or its
 * community went: the `event-cancelled` socket event on their user room, and an `event_cancelled`
 * notification through the one notification path (in the app, and by e-mail and push as the
 * person's `eventUpdates` choices say). The event row is gone by then, so the subject was checked
 * by the caller (they had answered it).
 */
export function createNotifyEventCancelled(deps: {
  publisher: Publisher;
  /** Queues the notification (durable, keyed; `notifyLater`): resolves once queued, never throws. */
  notify: (input: NotifyInput, options: { subjectChecked: boolean }) => Promise<unknown>;
}) {
  return async function notifyEventCancelled({ to, event, reason }: CancelledFor): Promise<void> {
    deps.publisher.toUser(to.userId, 'event-cancelled', {
      eventId: event.id,
      title: event.title,
      ...(event.community ? { community: event.community } : {}),
    });
    await deps.notify(
      {
        userId: to.userId,
        kind: 'event_cancelled',
        subject: { type: 'event', id: event.id },
        message: {
          key: 'notification.eventCancelledBecause',
          params: { title: event.title, reason: { list: [reason], separator: '' } },
        },
        url: '/events',
        dedupeKey: `event_cancelled:${event.id}`,
      },
      { subjectChecked: true },
    );
  };
}
