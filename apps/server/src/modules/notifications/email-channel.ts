import { NOTIFICATION_GROUP_OF } from '@townsquare/contracts';
import { t } from '../../platform/i18n.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { notificationMail } from '../../platform/mail/templates.ts';
import type { LinkSigner } from '../../platform/signed-links.ts';
import type { NotificationChannel } from './notify.ts';
import { unsubscribeToken } from './unsubscribe.ts';

/** The announcement kinds, and whom the subject names: an event's hosts, a community. */
const ANNOUNCEMENTS: Partial<Record<string, 'event' | 'community'>> = {
  event_announcement: 'event',
  community_announcement: 'community',
};

/**
 * E-mail: to verified addresses (and guests' confirmed ones) only, for the kind groups the person left on (`wants`). Every message
 * carries List-Unsubscribe (a signed https link, RFC 8058 one-click) for its group and a link to
 * the settings. A direct message's e-mail waits `dmDelaySeconds` (DM_EMAIL_DELAY).
 */
export function createEmailChannel(deps: {
  mailer: Mailer;
  publicUrl: string;
  /** Signs the unsubscribe links (decision 066). */
  links: LinkSigner;
  dmDelaySeconds: number;
}): NotificationChannel {
  return {
    name: 'email',
    delaySeconds: (kind) => (kind === 'direct_message' ? deps.dmDelaySeconds : 0),
    wants: (to, kind) => to.emailVerified && to.preferences.email[NOTIFICATION_GROUP_OF[kind]] === true,
    async deliver(to, notification, message) {
      const group = NOTIFICATION_GROUP_OF[notification.kind];
      const locale = to.locale ?? 'en';
      // An announcement's subject names where it comes from; its text is the whole message.
      const title = message?.params?.title;
      const from = ANNOUNCEMENTS[notification.kind];
      const subject =
        from && typeof title === 'string'
          ? t(locale, 'mail.announcement.subject', { from, title })
          : undefined;
      // A guest has no settings: their manage link and "never e-mail me again" stand in for them.
      const links = to.guest
        ? { guest: true, unsubscribeUrl: to.guest.neverUrl, settingsUrl: to.guest.manageUrl ?? undefined }
        : {
            unsubscribeUrl: `${deps.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps.links, to.id, group))}`,
            settingsUrl: `${deps.publicUrl}/settings`,
          };
      await deps.mailer.send(
        notificationMail({
          to: to.email,
          name: to.fullName,
          text: notification.text,
          link: `${deps.publicUrl}${notification.url}`,
          group,
          kind: notification.kind,
          locale,
          subject,
          ...links,
        }),
      );
    },
  };
}
