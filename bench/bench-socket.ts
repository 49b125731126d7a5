import { io as connect, type Socket } from 'socket.io-client';

/** A socket.io client on `base` with `token`, over WebSocket only, never reconnecting. */
export function socketClient(base: string, token: string): Socket {
  return connect(base, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
}

/** `socketClient`, once it is connected. */
export async function connectedSocket(base: string, token: string): Promise<Socket> {
  const socket = socketClient(base, token);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
