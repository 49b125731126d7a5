import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { errorCodeOf, type JoinAck, MSG, tooManyRequestsMessage } from '@townsquare/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import { LIMITS_PER, type RateLimiter } from '../platform/rate-limit/rate-limiter.ts';
import { hidesRoom, sessionRoom, userRoom } from './publish.ts';

/** What the socket layer needs from the rest of the app. */
export type RealtimeDeps = {
  /** The user and session behind an access token, or undefined. */
  authenticate: (token: string) => Promise<{ user: { id: string }; sessionId: string } | undefined>;
  /**
   * The user an access token names, from its signature alone (no database): the per-user
   * connection rate is counted before the session is looked up. Without it, after.
   */
  userIdOf?: (token: string) => Promise<string | undefined>;
  /**
   * The room a join request names, if the user may join it; otherwise the reason. Every
   * membership rule (conversation pair, visible event, sub-group, friend group) lives there.
   */
  resolveRoom: (
    userId: string,
    kind: RoomKind,
    payload: unknown,
  ) => Promise<{ room: string } | { error: string }>;
  /** The people the user blocked: the socket joins their `hides:` rooms (its cached block set). */
  blockedIdsOf: (userId: string) => Promise<string[]>;
  /** The user's friends, who hear about their presence. */
  friendIdsOf: (userId: string) => Promise<string[]>;
  /** The app's rate limiter (Redis when REDIS_URL is set): the per-user event count. */
  limiter: RateLimiter;
  /** The client address of a handshake, by the same rule as the HTTP routes (TRUST_PROXY). */
  addressOf?: (req: IncomingMessage) => string;
  log: FastifyBaseLogger;
};

export type SocketLimits = {
  socketsPerUser: number;
  eventsPerUser: number;
  /** New connections per user and per client address per minute. */
  connectionsPerUser?: number;
  connectionsPerIp?: number;
};

const CONNECTION_WINDOW_MS = 60_000;

/** A refused acknowledgement: the English message and its code, as the HTTP errors carry them. */
const failed = (error: string, status: number): JoinAck => ({
  ok: false,
  error,
  code: errorCodeOf(error, status).code,
});
/**
 * A handshake over a rate is answered this late: a client that reconnects in a loop (or a flood
 * with many handshakes in flight) then makes at most one attempt per second per handshake it
 * keeps open, instead of as many as the server can refuse (measured: refused at once, 2,000
 * handshakes from 100 at a time still took the CPU from everyone else).
 */
const REFUSAL_DELAY_MS = 1_000;

/** A socket that sends this many times its limit within one window is disconnected. */
const FLOOD_FACTOR = 10;

/**
 * Runs each user's tasks one after another on this instance: a flood of room checks from one
 * user waits on itself instead of taking the database pool from everyone else.
 */
function perUserQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(userId: string, task: () => Promise<T>): Promise<T> => {
    const run = (tails.get(userId) ?? Promise.resolve()).then(task, task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(userId, tail);
    void tail.then(() => {
      if (tails.get(userId) === tail) tails.delete(userId);
    });
    return run;
  };
}

export type RoomKind = 'conversation' | 'event' | 'subgroup' | 'group' | 'community' | 'general' | 'poll';

type SocketData = { userId: string; sessionId: string };

/** Client events: join-x / leave-x for every kind of room (the first four are the contract's). */
const ROOM_EVENTS: Record<string, RoomKind> = {
  'join-conversation': 'conversation',
  'join-event-chat': 'event',
  'join-subgroup-chat': 'subgroup',
  'join-group-chat': 'group',
  'join-community-chat': 'community',
  'join-general-chat': 'general',
  // A date poll's page: its live tallies (modules/polls).
  'join-poll': 'poll',
};
const LEAVE_EVENTS: Record<string, RoomKind> = {
  'leave-conversation': 'conversation',
  'leave-event-chat': 'event',
  'leave-subgroup-chat': 'subgroup',
  'leave-group-chat': 'group',
  'leave-community-chat': 'community',
  'leave-general-chat': 'general',
  'leave-poll': 'poll',
};

function tokenOf(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Socket.IO on the app's HTTP server. The handshake must carry a valid access token; each socket
 * joins `user:<id>`; chat rooms are joined only after `resolveRoom` says yes. Presence is counted
 * per user (several tabs are one presence) and told to friends only.
 */
export function createRealtime(
  server: HttpServer,
  deps: RealtimeDeps,
  options: {
    adapter?: ServerOptions['adapter'];
    limits: SocketLimits;
    /** Origins allowed to use the polling transport cross-site (the HTTP API's CORS_ORIGINS). */
    corsOrigins?: string[];
  },
) {
  const perSocket = LIMITS_PER.socketEventsPerSocket;
  const perUser = { limit: options.limits.eventsPerUser, windowMs: perSocket.windowMs };
  const oneAtATime = perUserQueue();
  const io = new Server(server, {
    ...(options.adapter ? { adapter: options.adapter } : {}),
    path: '/socket.io',
    serveClient: false,
    transports: ['websocket', 'polling'],
    maxHttpBufferSize: 64 * 1024,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    // The polling fallback is an XHR: the same origins as the HTTP API may use it cross-site.
    cors: { origin: options.corsOrigins?.length ? options.corsOrigins : false },
  });

  /**
   * A connection counts against its address before anything else, at the HTTP upgrade
   * (`allowRequest`): an address over its rate gets a 400 with the readable refusal before any
   * WebSocket, engine.io socket or packet exists. Then against its user, from the token's
   * signature, before the session is read: a flood of handshakes costs no database round trip
   * either way (decision 047; the rates themselves, decision 036).
   */
  const { connectionsPerUser, connectionsPerIp } = options.limits;
  const addressOf = deps.addressOf ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? '');
  async function connectionRefusal(key: string, limit: number | undefined): Promise<Error | undefined> {
    if (limit === undefined) return undefined;
    const verdict = await deps.limiter.consume(key, { limit, windowMs: CONNECTION_WINDOW_MS });
    if (!verdict.limited) return undefined;
    await new Promise((resolve) => setTimeout(resolve, REFUSAL_DELAY_MS));
    return new Error(tooManyRequestsMessage(verdict.retryAfterSeconds));
  }

  io.engine.opts.allowRequest = (req, answer) => {
    connectionRefusal(`socket:connect:ip:${addressOf(req)}`, connectionsPerIp).then(
      (refused) => answer(refused?.message ?? null, !refused),
      (err: unknown) => {
        deps.log.warn({ err }, 'socket connection rate unavailable');
        answer('Connections are temporarily unavailable', false);
      },
    );
  };

  io.use((socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new Error('Authentication token required'));
    const refuseFast = async (userId: string) =>
      connectionRefusal(`socket:connect:user:${userId}`, connectionsPerUser);
    (async () => {
      const claimed = deps.userIdOf ? await deps.userIdOf(token) : undefined;
      if (deps.userIdOf && !claimed) return next(new Error('Invalid authentication token'));
      if (claimed) {
        const tooFast = await refuseFast(claimed);
        if (tooFast) return next(tooFast);
      }
      const found = await deps.authenticate(token);
      if (!found) return next(new Error('Invalid authentication token'));
      if (!claimed) {
        const tooFast = await refuseFast(found.user.id);
        if (tooFast) return next(tooFast);
      }
      socket.data = { userId: found.user.id, sessionId: found.sessionId } satisfies SocketData;
      next();
    })().catch((err: unknown) => {
      deps.log.warn({ err }, 'socket authentication failed');
      next(new Error('Authentication is temporarily unavailable'));
    });
  });

  async function tellFriends(userId: string, event: 'user-online' | 'user-offline') {
    const friends = await deps.friendIdsOf(userId);
    if (friends.length) io.to(friends.map(userRoom)).emit(event, { userId });
  }

  /**
   * Every client event counts against its socket (here, no I/O: a flood is refused cheaply) and
   * against its user (the shared limiter, so every instance counts together). A refused event is
   * answered through its acknowledgement and never reaches a handler; a socket that goes on
   * sending ten times its limit within the window is disconnected.
   */
  function limitEvents(socket: Socket, userId: string) {
    let count = 0;
    let windowEnds = 0;
    socket.use((packet, next) => {
      const ack = packet.at(-1);
      const refuse = (retryAfterSeconds: number) => {
        if (typeof ack === 'function')
          (ack as (a: JoinAck) => void)(failed(tooManyRequestsMessage(retryAfterSeconds), 429));
      };
      const now = Date.now();
      if (now >= windowEnds) {
        count = 0;
        windowEnds = now + perSocket.windowMs;
      }
      count += 1;
      if (count > perSocket.limit * FLOOD_FACTOR) {
        if (socket.connected) {
          deps.log.warn({ userId, count }, 'socket disconnected for flooding');
          socket.disconnect(true);
        }
        return;
      }
      if (count > perSocket.limit) return refuse(Math.max(1, Math.ceil((windowEnds - now) / 1000)));
      deps.limiter
        .consume(`socket:user:${userId}`, perUser)
        .then((verdict) => (verdict.limited ? refuse(verdict.retryAfterSeconds) : next()))
        .catch((err: unknown) => {
          deps.log.warn({ err }, 'socket rate limit failed');
          refuse(1);
        });
    });
  }

  io.on('connection', (socket) => {
    const { userId, sessionId } = socket.data as SocketData;
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    // The socket's block set, cached as rooms for as long as it lives; a block or an unblock
    // changes it on every instance (publisher.hide / unhide). Chat rooms are joined only after it
    // is in place, so no room message reaches the socket unfiltered.
    const blockSet = deps
      .blockedIdsOf(userId)
      .then((ids) => (ids.length ? socket.join(ids.map(hidesRoom)) : undefined))
      .catch((err: unknown) => deps.log.warn({ err }, 'block set failed'));
    limitEvents(socket, userId);
    // Presence counts sockets in the user's room on every instance (through the adapter), so
    // several tabs, or tabs on two instances, are one presence. Beyond SOCKETS_PER_USER, the
    // oldest sockets close.
    io.in(userRoom(userId))
      .fetchSockets()
      .then((sockets) => {
        const excess = sockets.length - options.limits.socketsPerUser;
        if (excess > 0) {
          const oldest = [...sockets].sort((x, y) => x.handshake.issued - y.handshake.issued);
          for (const old of oldest.slice(0, excess)) old.disconnect(true);
        }
        return sockets.length === 1 ? tellFriends(userId, 'user-online') : undefined;
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'presence failed'));
    // The newcomer hears who of their friends is already online (the contract's `online-users`,
    // limited to friends); after that, only changes arrive.
    deps
      .friendIdsOf(userId)
      .then(async (friends) => {
        const sockets = friends.length ? await io.in(friends.map(userRoom)).fetchSockets() : [];
        socket.emit('online-users', [...new Set(sockets.map((s) => (s.data as SocketData).userId))]);
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'presence failed'));

    for (const [event, kind] of Object.entries(ROOM_EVENTS)) {
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const reply = typeof ack === 'function' ? (ack as (a: JoinAck) => void) : () => {};
        oneAtATime(userId, () => deps.resolveRoom(userId, kind, payload))
          .then(async (result) => {
            if ('error' in result) return reply(failed(result.error, 400));
            await blockSet;
            await socket.join(result.room);
            reply({ ok: true });
          })
          .catch((err: unknown) => {
            deps.log.warn({ err, event }, 'join failed');
            reply(failed(MSG.joinFailed, 500));
          });
      });
    }
    for (const [event, kind] of Object.entries(LEAVE_EVENTS)) {
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const reply = typeof ack === 'function' ? (ack as (a: JoinAck) => void) : () => {};
        oneAtATime(userId, () => deps.resolveRoom(userId, kind, payload))
          .then(async (result) => {
            if ('room' in result) await socket.leave(result.room);
            reply({ ok: true });
          })
          .catch(() => reply({ ok: true }));
      });
    }

    socket.on('disconnect', () => {
      io.in(userRoom(userId))
        .fetchSockets()
        .then((sockets) => (sockets.length === 0 ? tellFriends(userId, 'user-offline') : undefined))
        .catch((err: unknown) => deps.log.warn({ err }, 'presence failed'));
    });
  });

  return {
    io,
    /** Disconnects every socket (first step of a shutdown, before the HTTP server closes). */
    disconnectAll() {
      io.disconnectSockets(true);
    },
    /** Releases the engine and adapter; called after Fastify has closed the HTTP server. */
    async close() {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
    },
  };
}
