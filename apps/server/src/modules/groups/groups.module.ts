import type { Kernel } from '../../platform/kernel.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { FriendsService } from '../friends/friends.service.ts';
import { createMemberships } from './membership.service.ts';

/** The one group model: who belongs to which group, with which role, and the group's chat. */
export function register(
  deps: Kernel & { publisher: Publisher; chat: ChatService; friends: FriendsService },
) {
  return createMemberships({
    db: deps.db,
    publisher: deps.publisher,
    chat: deps.chat,
    friendsAmong: deps.friends.friendsAmong,
  });
}
