import { SESSION_ENDED_EVENT } from '@townsquare/contracts';
import type { Server } from 'socket.io';

/**
 * The one place domain events become socket emits. Services call these after they have stored
 * what happened; rooms are channel names (`dm:…`, `event:…`, `subgroup:…`, `group:…`, `general`)
 * and `user:<id>` for everything addressed to one person.
 */
export type Publisher = {
  /** To everyone in the channel's room except every socket of `exceptUserId`. */
  toChannel(channel: string | string[], event: string, payload: unknown, exceptUserId?: string): void;
  toUser(userId: string, event: string, payload: unknown): void;
  /**
   * A room message from `senderId`: `payload` to everyone in the room except the sender's sockets
   * and the sockets of people who blocked the sender, who get `hiddenPayload` instead (decision 020).
   */
  toRoom(channel: string, event: string, payload: unknown, hiddenPayload: unknown, senderId: string): void;
  /** Every socket of `blockerId`, on every instance, stops receiving `blockedId`'s room messages. */
  hide(blockerId: string, blockedId: string): void;
  unhide(blockerId: string, blockedId: string): void;
  /** To every connected socket (an event hidden by a moderator). */
  toAll(event: string, payload: unknown): void;
  /** Removes all of a user's sockets from a room (removed from a group, unfriended). */
  removeFromChannel(userId: string, channel: string): void;
  /** The users with a socket in the room, on every instance. */
  usersIn(channel: string): Promise<string[]>;
  /** The rooms any socket of the user is in, on every instance. */
  roomsOf(userId: string): Promise<string[]>;
  /**
   * Disconnects the sockets opened with these sessions, on every instance (through the adapter):
   * the one path for every session end (logout, password change or reset, refresh-token reuse,
   * account deletion). `elsewhere`: another device ended them, and their pages get
   * `session-ended { reason: "signed-out-elsewhere" }` first, so they can say why.
   */
  disconnectSessions(sessionIds: string[], elsewhere?: boolean): void;
};

export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket also joins the room of the session its token belongs to. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/**
 * The sockets of everyone who blocked `userId` are in this room: it is each socket's cached block
 * set, joined at connection and changed on every instance (through the adapter) by a block or an
 * unblock. A room message is broadcast `except` it, so filtering costs no query.
 */
export const hidesRoom = (userId: string) => `hides:${userId}`;

/** The server-side event that asks every other instance to deliver hidden copies (decision 020). */
const HIDDEN_DELIVERY = 'townsquare:hidden-delivery';

/**
 * `crossInstance`: an adapter that carries server-side emits (Redis) is in use, so the hidden copies
 * for sockets on other instances are asked for there too.
 */
export function createPublisher(io: Server, options: { crossInstance?: boolean } = {}): Publisher {
  /**
   * Hidden copies for this instance's sockets that are both in the room and in the sender's
   * `hides:` room: two in-memory set lookups, and nothing more when nobody here blocked the sender.
   */
  function deliverHiddenLocally(channel: string, event: string, hiddenPayload: unknown, senderId: string) {
    const rooms = io.of('/').adapter.rooms;
    const hiders = rooms.get(hidesRoom(senderId));
    const inRoom = rooms.get(channel);
    if (!hiders || !inRoom) return;
    for (const socketId of hiders) {
      if (inRoom.has(socketId)) io.of('/').sockets.get(socketId)?.emit(event, hiddenPayload);
    }
  }
  if (options.crossInstance) io.on(HIDDEN_DELIVERY, deliverHiddenLocally);

  return {
    toChannel(channel, event, payload, exceptUserId) {
      const target = exceptUserId ? io.to(channel).except(userRoom(exceptUserId)) : io.to(channel);
      target.emit(event, payload);
    },
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    toRoom(channel, event, payload, hiddenPayload, senderId) {
      io.to(channel)
        .except([userRoom(senderId), hidesRoom(senderId)])
        .emit(event, payload);
      deliverHiddenLocally(channel, event, hiddenPayload, senderId);
      if (options.crossInstance) io.serverSideEmit(HIDDEN_DELIVERY, channel, event, hiddenPayload, senderId);
    },
    hide(blockerId, blockedId) {
      io.in(userRoom(blockerId)).socketsJoin(hidesRoom(blockedId));
    },
    unhide(blockerId, blockedId) {
      io.in(userRoom(blockerId)).socketsLeave(hidesRoom(blockedId));
    },
    toAll(event, payload) {
      io.emit(event, payload);
    },
    removeFromChannel(userId, channel) {
      io.in(userRoom(userId)).socketsLeave(channel);
    },
    async usersIn(channel) {
      const sockets = await io.in(channel).fetchSockets();
      return [...new Set(sockets.map((s) => (s.data as { userId: string }).userId))];
    },
    async roomsOf(userId) {
      const sockets = await io.in(userRoom(userId)).fetchSockets();
      return [...new Set(sockets.flatMap((s) => [...s.rooms]))];
    },
    disconnectSessions(sessionIds, elsewhere = false) {
      if (sessionIds.length === 0) return;
      const rooms = sessionIds.map(sessionRoom);
      // Sent before the close: the transport flushes what it holds before it shuts.
      if (elsewhere) io.in(rooms).emit(SESSION_ENDED_EVENT, { reason: 'signed-out-elsewhere' });
      io.in(rooms).disconnectSockets(true);
    },
  };
}
