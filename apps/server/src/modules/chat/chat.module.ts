import type { App } from '../../platform/http.ts';
import type { Kernel, Later } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { BlocksService } from '../blocks/blocks.service.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import type { FriendGroupsService } from '../friend-groups/friend-groups.service.ts';
import type { FriendsService } from '../friends/friends.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PollsService } from '../polls/polls.service.ts';
import type { SubgroupsService } from '../subgroups/subgroups.service.ts';
import { chatRoutes } from './chat.routes.ts';
import { createChatService } from './chat.service.ts';
import { createChannelReader, createRoomRechecks, createRoomResolver } from './rooms.ts';

/**
 * Messages of every kind (direct, general, event, group) and the rooms a socket may join: the
 * room rules ask the module that owns each kind of room, when a socket asks.
 */
export function register(
  app: App,
  deps: Kernel & {
    guards: Guards;
    publisher: Publisher;
    friends: FriendsService;
    canSeeEvent: (eventId: string, viewerId: string | undefined) => Promise<void>;
    blocks: Later<BlocksService>;
    notifications: Later<NotificationsService>;
    moderation: Later<ModerationService>;
    subgroups: Later<SubgroupsService>;
    friendGroups: Later<FriendGroupsService>;
    communities: Later<CommunitiesService>;
    polls: Later<PollsService>;
  },
) {
  const chat = createChatService({
    db: deps.db,
    publisher: deps.publisher,
    limiter: deps.limiter,
    areFriends: deps.friends.areFriends,
    blockedBetween: (a, b) => deps.blocks().between(a, b),
    blockedBy: (userId) => deps.blocks().blockedIds(userId),
    onStored: deps.metrics.messageStored,
    onConversationRead: (userId, otherId) => deps.notifications().conversationRead(userId, otherId),
    sendLimit: deps.config.chatSendLimit,
  });
  const resolveRoom = createRoomResolver({
    canSeeEvent: deps.canSeeEvent,
    canJoinSubgroup: (subGroupId, userId) => deps.subgroups().canJoin(subGroupId, userId),
    canJoinGroup: (groupId, userId) => deps.friendGroups().canJoin(groupId, userId),
    canJoinCommunity: (communityId, userId) => deps.communities().canJoin(communityId, userId),
    canJoinPoll: (pollId, userId) => deps.polls().canSeeById(pollId, userId),
  });
  const canReadChannel = createChannelReader(resolveRoom);
  const rooms = createRoomRechecks(deps.publisher, canReadChannel, (eventId) =>
    deps.subgroups().idsOfEvent(eventId),
  );
  chatRoutes(app, chat, deps.guards, deps.canSeeEvent, (user, messageId, prefix) =>
    deps.moderation().removeMessage(user, messageId, prefix),
  );
  return { chat, resolveRoom, canReadChannel, rooms };
}
