import type { Subscriber } from '../../../platform/outbox.ts';
import { people } from '../../../platform/people.ts';
import { displayName, type TriggerContext } from '../context.ts';

/** `member.requested` → `community_request`: the organisers, once a day per person asking. */
export function memberRequested(ctx: TriggerContext): Subscriber<'member.requested'> {
  return {
    name: 'notify-community-request',
    on: 'member.requested',
    async handle({ community, requesterId, organizerIds }, { at }) {
      const requester = (await people(ctx.deps.db, [requesterId])).get(requesterId);
      if (!requester) return;
      await ctx.sendMany({
        userIds: organizerIds,
        kind: 'community_request',
        actorId: requesterId,
        subject: { type: 'community', id: community.id },
        message: {
          key: 'notification.communityRequest',
          params: { name: displayName(requester), community: community.name },
        },
        url: `/c/${community.slug}`,
        dedupeKey: `community_request:${community.id}:${requesterId}:${Math.floor(at.getTime() / 86_400_000)}`,
      });
    },
  };
}
