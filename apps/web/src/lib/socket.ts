import type { Socket } from 'socket.io-client';
import { tokenStore } from './api-client.ts';

/**
 * The one realtime connection. It opens after sign-in and closes on sign-out; feature modules
 * (`features/<feature>/realtime.ts`) subscribe through `getSocket()` and write into the query cache.
 */
let socket: Socket | null = null;
/** Bumped by every connect and disconnect, so a slow import cannot revive a closed session. */
let generation = 0;

const SOCKET_URL: string | undefined = import.meta.env.VITE_WS_URL || undefined;

/** Opens the connection (the client library loads on first use, keeping it out of the first page load). */
export async function connectSocket(): Promise<Socket | null> {
  if (socket) {
    if (!socket.connected && !socket.active) socket.connect();
    return socket;
  }
  const mine = ++generation;
  const { io } = await import('socket.io-client');
  if (mine !== generation) return null;
  socket = io(SOCKET_URL, {
    // A callback, so every reconnect presents the current (possibly refreshed) access token.
    auth: (cb) => cb({ token: tokenStore.getAccessToken() }),
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
    timeout: 20000,
  });
  return socket;
}

export function disconnectSocket(): void {
  generation += 1;
  socket?.disconnect();
  socket = null;
}

export function getSocket(): Socket | null {
  return socket;
}
