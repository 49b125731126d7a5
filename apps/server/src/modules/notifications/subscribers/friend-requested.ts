import type { Subscriber } from '../../../platform/outbox.ts';
import { people } from '../../../platform/people.ts';
import type { TriggerContext } from '../context.ts';

/** `friend.requested` → `friend_request`: the receiver hears of it, once a day per sender. */
export function friendRequested(ctx: TriggerContext): Subscriber<'friend.requested'> {
  return {
    name: 'notify-friend-request',
    on: 'friend.requested',
    async handle({ senderId, receiverId }, { at }) {
      const sender = (await people(ctx.deps.db, [senderId])).get(senderId);
      if (!sender) return;
      await ctx.sendAboutPerson(sender, {
        userId: receiverId,
        kind: 'friend_request',
        key: 'notification.friendRequest',
        url: '/friends',
        dedupeKey: `friend_request:${senderId}:${Math.floor(at.getTime() / 86_400_000)}`,
      });
    },
  };
}
