import { createAdapter } from '@socket.io/redis-adapter';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { AccessTokens } from '../modules/auth/tokens.ts';
import type { BlocksService } from '../modules/blocks/blocks.service.ts';
import type { createRoomResolver } from '../modules/chat/rooms.ts';
import type { FriendsService } from '../modules/friends/friends.service.ts';
import { type App, clientAddressOf } from '../platform/http.ts';
import type { Kernel, Later } from '../platform/kernel.ts';
import { createRealtime } from './io.ts';
import { createPublisher } from './publish.ts';

/**
 * Socket.IO on the HTTP server, and the publisher every module emits through. What a socket may
 * join is asked of the modules that own the rooms, when it asks.
 */
export function register(
  app: App,
  deps: Kernel & {
    auth: AuthService;
    tokens: AccessTokens;
    friends: Later<FriendsService>;
    blocks: Later<BlocksService>;
    resolveRoom: Later<ReturnType<typeof createRoomResolver>>;
  },
) {
  const { config, redis } = deps;
  const realtime = createRealtime(
    app.server,
    {
      authenticate: (token) => deps.auth.authenticate(token),
      userIdOf: async (token) => (await deps.tokens.verify(token))?.sub,
      resolveRoom: (userId, kind, payload) => deps.resolveRoom()(userId, kind, payload),
      friendIdsOf: (userId) => deps.friends().friendIds(userId),
      blockedIdsOf: (userId) => deps.blocks().blockedIds(userId),
      limiter: deps.limiter,
      addressOf: clientAddressOf(config.trustProxy),
      log: app.log,
    },
    {
      limits: config.socketLimits,
      corsOrigins: config.corsOrigins,
      adapter: redis
        ? createAdapter(redis.pub, redis.sub, { key: `${config.redisPrefix}socket.io` })
        : undefined,
    },
  );
  deps.onClose('beforeHttp', () => realtime.disconnectAll());
  deps.onClose('afterJobs', () => realtime.close());
  const publisher = createPublisher(realtime.io, { crossInstance: Boolean(redis) });
  return { io: realtime.io, publisher };
}
