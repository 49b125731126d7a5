import type { App } from '../../platform/http.ts';
import type { Kernel, Later } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { RoomRechecks } from '../chat/rooms.ts';
import type { FriendGroupsService } from '../friend-groups/friend-groups.service.ts';
import type { FriendsService } from '../friends/friends.service.ts';
import type { Memberships } from '../groups/membership.service.ts';
import { blocksRoutes } from './blocks.routes.ts';
import { createBlocksService } from './blocks.service.ts';

/** Blocks: a block ends friendship, shared friend groups and co-hosting, and the rooms follow. */
export function register(
  app: App,
  deps: Kernel & {
    guards: Guards;
    publisher: Publisher;
    friends: FriendsService;
    friendGroups: FriendGroupsService;
    memberships: Memberships;
    rooms: Later<RoomRechecks>;
  },
) {
  const blocks = createBlocksService({
    db: deps.db,
    publisher: deps.publisher,
    sever: deps.friends.sever,
    leaveEachOthersGroups: deps.friendGroups.removeEachOther,
    endCohosting: async (tx, a, b) => {
      await deps.memberships.separate('cohost', tx, a, b);
    },
    evictFromGroups: deps.friendGroups.evictRemoved,
    onAccessReduced: (userIds) =>
      deps
        .rooms()
        .people(userIds)
        .catch((err: unknown) => app.log.warn({ err }, 'event room recheck failed')),
  });
  blocksRoutes(app, blocks, deps.guards);
  return blocks;
}
