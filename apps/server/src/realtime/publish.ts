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
   * account deletion).
   */
  disconnectSessions(sessionIds: string[]): void;
};

export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket also joins the room of the session its token belongs to. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export function createPublisher(io: Server): Publisher {
  return {
    toChannel(channel, event, payload, exceptUserId) {
      const target = exceptUserId ? io.to(channel).except(userRoom(exceptUserId)) : io.to(channel);
      target.emit(event, payload);
    },
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
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
    disconnectSessions(sessionIds) {
      if (sessionIds.length > 0) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
  };
}
