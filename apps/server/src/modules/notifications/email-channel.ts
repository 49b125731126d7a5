import { NOTIFICATION_GROUP_LABELS, NOTIFICATION_GROUP_OF } from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { notificationMail } from '../../platform/mail/templates.ts';
import * as repo from './notifications.repository.ts';
import type { NotificationChannel } from './notify.ts';
import { unsubscribeToken } from './unsubscribe.ts';

/**
 * E-mail: to verified addresses only, for the kind groups the person left on. Every message
 * carries List-Unsubscribe (a signed https link, RFC 8058 one-click) for its group and a link to
 * the settings. A direct message's e-mail waits `dmDelaySeconds` (DM_EMAIL_DELAY).
 */
export function createEmailChannel(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  unsubscribeSecret: string;
  dmDelaySeconds: number;
}): NotificationChannel {
  return {
    name: 'email',
    delaySeconds: (kind) => (kind === 'direct_message' ? deps.dmDelaySeconds : 0),
    async deliver(userId, notification, prefs) {
      const group = NOTIFICATION_GROUP_OF[notification.kind];
      if (!prefs.email[group]) return;
      const person = await repo.recipient(deps.db, userId);
      if (!person?.emailVerifiedAt) return;
      const token = unsubscribeToken(deps.unsubscribeSecret, userId, group);
      await deps.mailer.send(
        notificationMail({
          to: person.email,
          name: person.fullName,
          text: notification.text,
          link: `${deps.publicUrl}${notification.url}`,
          why: NOTIFICATION_GROUP_LABELS[group],
          unsubscribeUrl: `${deps.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
          settingsUrl: `${deps.publicUrl}/settings`,
        }),
      );
    },
  };
}
