import type { Subscriber } from '../../../platform/outbox.ts';
import type { TriggerContext } from '../context.ts';

/** `member.invited` → `community_invite`: the person invited hears of their place in the community, once a day at most. */
export function memberInvited(ctx: TriggerContext): Subscriber<'member.invited'> {
  return {
    name: 'notify-community-invite',
    on: 'member.invited',
    handle: ({ community, actorId, userId }, { at }) =>
      ctx.send({
        userId,
        kind: 'community_invite',
        actorId,
        subject: { type: 'community', id: community.id },
        message: { key: 'notification.communityInvite', params: { community: community.name } },
        url: `/c/${community.slug}`,
        dedupeKey: `community_invite:${community.id}:${Math.floor(at.getTime() / 86_400_000)}`,
      }),
  };
}
