import type { Background } from '../../platform/background.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { eventCancelledMail } from '../../platform/mail/templates.ts';
import type { Publisher } from '../../realtime/publish.ts';

export type CancelledFor = {
  to: { userId: string; email: string; fullName: string };
  event: { id: string; title: string; community?: string };
  reason: string;
};

/**
 * Tells one attendee that an event they answered is cancelled: the `event-cancelled` socket event
 * on their user room and an e-mail through the mailer. The one call site of account deletion; it
 * moves to notifications/notify.ts when that lands (issue 12).
 */
export function createNotifyEventCancelled(deps: {
  mailer: Mailer;
  background: Background;
  publisher: Publisher;
  publicUrl: string;
}) {
  return function notifyEventCancelled({ to, event, reason }: CancelledFor): void {
    deps.publisher.toUser(to.userId, 'event-cancelled', {
      eventId: event.id,
      title: event.title,
      ...(event.community ? { community: event.community } : {}),
    });
    const link = new URL('/dashboard', deps.publicUrl).toString();
    deps.background.run('event cancelled mail', () =>
      deps.mailer.send(eventCancelledMail(to.email, to.fullName, event.title, reason, link)),
    );
  };
}
