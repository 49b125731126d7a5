import type { Subscriber } from '../../../platform/outbox.ts';
import { people } from '../../../platform/people.ts';
import type { TriggerContext } from '../context.ts';

/** `friend.accepted` → `friend_accepted`: the one who asked hears that the other said yes. */
export function friendAccepted(ctx: TriggerContext): Subscriber<'friend.accepted'> {
  return {
    name: 'notify-friend-accepted',
    on: 'friend.accepted',
    async handle({ accepterId, requesterId }) {
      const accepter = (await people(ctx.deps.db, [accepterId])).get(accepterId);
      if (!accepter) return;
      await ctx.sendAboutPerson(accepter, {
        userId: requesterId,
        kind: 'friend_accepted',
        key: 'notification.friendAccepted',
        url: `/user/${accepterId}`,
        dedupeKey: `friend_accepted:${accepterId}`,
      });
    },
  };
}
