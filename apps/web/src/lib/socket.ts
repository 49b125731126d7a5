import type { QueryClient } from '@tanstack/react-query';
import { type JoinAck, SESSION_ENDED_EVENT } from '@townsquare/contracts';
import type { Socket } from 'socket.io-client';
import { api, endSessionWithReason, tokenStore } from './api-client.ts';
import { translate } from './i18n/intl.tsx';

/**
 * The one realtime connection. It opens after sign-in and closes on sign-out; feature modules
 * (`features/<feature>/realtime.ts`) subscribe through the socket handed to them and write into the
 * query cache. Components never listen to the socket themselves: they join rooms with `joinRoom`.
 */
let socket: Socket | null = null;
/** Bumped by every connect and disconnect, so a slow import cannot revive a closed session. */
let generation = 0;

const SOCKET_URL: string | undefined = import.meta.env.VITE_WS_URL || undefined;
/** After the server refused the handshake (expired token), try again this long after renewing it. */
const AUTH_RETRY_MS = 5000;

/** A chat room a screen shows: the event that joins it, the one that leaves it, and their payload. */
export interface RoomSpec {
  join: string;
  leave: string;
  payload: Record<string, string>;
}

/** Rooms some mounted screen wants, counted, so two panels on one room leave it only once both close. */
const rooms = new Map<string, { spec: RoomSpec; count: number; onJoined: Set<() => void> }>();

const roomKey = (spec: RoomSpec) => `${spec.join}:${JSON.stringify(spec.payload)}`;

function emitJoin(target: Socket, key: string, spec: RoomSpec): void {
  target.emit(spec.join, spec.payload, (ack: JoinAck | undefined) => {
    if (ack && !ack.ok) console.warn(`${spec.join} refused: ${ack.error}`);
    else for (const callback of rooms.get(key)?.onJoined ?? []) callback();
  });
}

/**
 * Joins a room now (or as soon as the socket connects) and again after every reconnect, since the
 * server forgets a socket's rooms when it drops. `onJoined` runs whenever a join lands: every join
 * lands after the screen opened and began its first fetch (a first join, a reconnect, a socket that
 * was still connecting), and whatever was sent in between reached nobody, so the screen refetches
 * then (seen: a claim made while a second phone's page was opening never reached it). Returns the
 * function that leaves the room.
 */
export function joinRoom(spec: RoomSpec, onJoined?: () => void): () => void {
  const key = roomKey(spec);
  let entry = rooms.get(key);
  if (entry) entry.count += 1;
  else {
    entry = { spec, count: 1, onJoined: new Set() };
    rooms.set(key, entry);
    if (socket?.connected) emitJoin(socket, key, spec);
  }
  if (onJoined) entry.onJoined.add(onJoined);
  let left = false;
  return () => {
    if (left) return;
    left = true;
    const current = rooms.get(key);
    if (!current) return;
    if (onJoined) current.onJoined.delete(onJoined);
    current.count -= 1;
    if (current.count > 0) return;
    rooms.delete(key);
    if (socket?.connected) socket.emit(spec.leave, spec.payload);
  };
}

/** Opens the connection (the client library loads on first use, keeping it out of the first page load). */
export async function connectSocket(): Promise<Socket | null> {
  if (socket) {
    if (!socket.connected && !socket.active) socket.connect();
    return socket;
  }
  const mine = ++generation;
  const { io } = await import('socket.io-client');
  if (mine !== generation) return null;
  const created = io(SOCKET_URL, {
    // A callback, so every reconnect presents the current (possibly refreshed) access token.
    auth: (cb) => cb({ token: tokenStore.getAccessToken() }),
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
    timeout: 20000,
  });
  created.on('connect', () => {
    for (const [key, { spec }] of rooms) emitJoin(created, key, spec);
  });
  // A handshake refused by the server (typically an access token that expired while the connection
  // was down) stops the client's own retries. Renew the session through the API client, then retry.
  created.on('connect_error', () => {
    if (created.active) return;
    setTimeout(() => {
      if (socket !== created || created.connected) return;
      api
        .get('/api/auth/verify')
        .then(() => {
          if (socket === created && !created.connected) created.connect();
        })
        .catch(() => undefined);
    }, AUTH_RETRY_MS);
  });
  // Another device ended this session (sign out everywhere, a password change): the server says so
  // just before it closes the connection, and the sign-in page tells the person why.
  created.on(SESSION_ENDED_EVENT, () => {
    if (socket !== created) return;
    disconnectSocket();
    endSessionWithReason(translate('auth.login.signedOutElsewhere'));
  });
  // The server closed this connection: the session ended (signed out elsewhere, a password
  // change, a suspension) or the socket flooded. Ask the API: a dead session sends the page to
  // the sign-in page (with the server's reason, e.g. the suspension); a live one reconnects.
  created.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    api
      .get('/api/auth/verify')
      .then(() => {
        if (socket === created && !created.connected) created.connect();
      })
      .catch(() => undefined);
  });
  socket = created;
  return socket;
}

export function disconnectSocket(): void {
  generation += 1;
  socket?.disconnect();
  socket = null;
}

/** The part of a socket a feature's realtime module uses (a stub in tests). */
export interface RealtimeSocket {
  readonly connected: boolean;
  on(event: string, listener: (payload: unknown) => void): unknown;
  off(event: string, listener: (payload: unknown) => void): unknown;
}

/** What a feature's realtime module needs besides the socket. */
export interface RealtimeDeps {
  queryClient: QueryClient;
  /** The signed-in user. */
  userId: string;
  /** The current path, read when an event arrives (toasts depend on the page). */
  pathname: () => string;
  navigate: (to: string) => void;
}

/**
 * Subscribes `handlers` and returns the function that removes them. `onReconnect` runs on every
 * connect after the first: the place to refetch what the user's own room carried while the
 * connection was down (chat rooms refetch their history when their rejoin lands).
 */
export function listen(
  target: RealtimeSocket,
  handlers: Record<string, (payload: unknown) => void>,
  onReconnect?: () => void,
): () => void {
  const entries = Object.entries(handlers);
  for (const [event, handler] of entries) target.on(event, handler);
  let connectedBefore = target.connected;
  const onConnect = () => {
    if (connectedBefore) onReconnect?.();
    connectedBefore = true;
  };
  target.on('connect', onConnect);
  return () => {
    for (const [event, handler] of entries) target.off(event, handler);
    target.off('connect', onConnect);
  };
}
