import type { App } from '../../platform/http.ts';
import type { Kernel, Later } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { BlocksService } from '../blocks/blocks.service.ts';
import type { RoomRechecks } from '../chat/rooms.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { friendsRoutes } from './friends.routes.ts';
import { createFriendsService } from './friends.service.ts';

/** Friend requests and friendships. */
export function register(
  app: App,
  deps: Kernel & {
    guards: Guards;
    publisher: Publisher;
    blocks: Later<BlocksService>;
    notifications: Later<NotificationsService>;
    rooms: Later<RoomRechecks>;
  },
) {
  const friends = createFriendsService({
    db: deps.db,
    publisher: deps.publisher,
    limiter: deps.limiter,
    // After a friendship ends, the two people's rooms are rechecked.
    onFriendshipEnded: (userIds) =>
      deps
        .rooms()
        .people(userIds)
        .catch((err: unknown) => app.log.warn({ err }, 'event room recheck failed')),
    blockedBetween: (tx, a, b) => deps.blocks().between(a, b, tx),
  });
  friendsRoutes(app, friends, deps.guards);
  return friends;
}
