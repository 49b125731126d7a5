import type { RealtimeSocket } from '../lib/socket.ts';

export interface FakeSocket extends RealtimeSocket {
  /** Plays an event from the server to whatever listens. */
  receive(event: string, payload?: unknown): void;
  listenerCount(event: string): number;
}

/** A socket stand-in for the realtime modules' tests. */
export function createFakeSocket(): FakeSocket {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    connected: true,
    on(event, listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    receive(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0;
    },
  };
}
