import type { MessageKey } from '../../../platform/i18n.ts';
import type { Subscriber } from '../../../platform/outbox.ts';
import type { NotifyManyInput } from '../../notifications/notify.ts';

/** The catalog key of each state's notification (server catalogs, `notification.sponsorship*`). */
const KEYS: Record<string, MessageKey> = {
  accepted: 'notification.sponsorshipAccepted',
  declined: 'notification.sponsorshipDeclined',
  withdrawn: 'notification.sponsorshipWithdrawn',
  active: 'notification.sponsorshipReceived',
  ended: 'notification.sponsorshipEnded',
};

/**
 * `sponsorship.changed` → `sponsorship_proposed` / `sponsorship_answered` (decision 074): the
 * other side hears of a proposal and of every later step, through the one notification path. The
 * business opens its sponsor page, organisers the community's sponsor settings.
 */
export function sponsorshipChanged(deps: {
  notifyMany: (input: NotifyManyInput) => Promise<unknown>;
}): Subscriber<'sponsorship.changed'> {
  return {
    name: 'notify-sponsorship',
    on: 'sponsorship.changed',
    async handle(e) {
      const proposed = e.state === 'proposed';
      const key: MessageKey | undefined = proposed
        ? e.by === 'sponsor'
          ? 'notification.sponsorshipOffered'
          : 'notification.sponsorshipAsked'
        : KEYS[e.state];
      if (!key || e.recipients.length === 0) return;
      await deps.notifyMany({
        userIds: e.recipients,
        kind: proposed ? 'sponsorship_proposed' : 'sponsorship_answered',
        actorId: e.actorId,
        subject: { type: 'sponsorship', id: e.sponsorshipId },
        message: { key, params: { business: e.sponsor.name, community: e.community.name } },
        url: e.by === 'sponsor' ? `/c/${e.community.slug}` : '/sponsor',
        dedupeKey: `sponsorship:${e.sponsorshipId}:${e.state}`,
      });
    },
  };
}
