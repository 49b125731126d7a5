import type { Subscriber } from '../../../platform/outbox.ts';
import type { TriggerContext } from '../context.ts';

/** `member.approved` → `community_approved`: the person approved hears of their place in the community, once a minute at most. */
export function memberApproved(ctx: TriggerContext): Subscriber<'member.approved'> {
  return {
    name: 'notify-community-approved',
    on: 'member.approved',
    handle: ({ community, actorId, userId }, { at }) =>
      ctx.send({
        userId,
        kind: 'community_approved',
        actorId,
        subject: { type: 'community', id: community.id },
        message: { key: 'notification.communityApproved', params: { community: community.name } },
        url: `/c/${community.slug}`,
        dedupeKey: `community_approved:${community.id}:${Math.floor(at.getTime() / 60_000)}`,
      }),
  };
}
