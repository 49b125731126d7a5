import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from './test-app.ts';

/** Starts the test app on a random loopback port (once) and returns its base URL. */
export async function listen(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

const opened: Socket[] = [];

/** A connected client, or a rejection with the server's refusal message. */
export function openSocket(url: string, token?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      auth: token === undefined ? {} : { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    opened.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

export function closeSockets(): void {
  for (const socket of opened.splice(0)) socket.disconnect();
}

/**
 * For a file that opens sockets: the app listens before its tests and every socket opened is closed
 * after them. Answers `openSocket` bound to the app's URL.
 */
export function useSockets(t: TestApp): (token?: string) => Promise<Socket> {
  let url = '';
  beforeAll(async () => {
    url = await listen(t);
  });
  afterAll(closeSockets);
  return (token) => openSocket(url, token);
}

/**
 * How long a wait for something that should arrive may take before the test fails. It answers on
 * arrival, so the budget only bounds a failure; it is wide for a loaded CI machine.
 */
const ARRIVAL_BUDGET_MS = 60_000;

/** Emits with an acknowledgement and resolves with the server's answer. */
export function ask<T = unknown>(socket: Socket, event: string, payload: unknown): Promise<T> {
  return socket.timeout(ARRIVAL_BUDGET_MS).emitWithAck(event, payload) as Promise<T>;
}

/** Records every `event` the socket receives. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Resolves with the next `event`, or rejects after `ms`. */
export function next<T = unknown>(socket: Socket, event: string, ms = ARRIVAL_BUDGET_MS): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Gives in-flight emits time to arrive before asserting that something did NOT arrive. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the next `event` whose `content` is `content`. */
export function arrival<T extends { content: string }>(
  socket: Socket,
  event: string,
  content: string,
  ms = ARRIVAL_BUDGET_MS,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`"${content}" did not arrive as ${event}`)), ms);
    const listener = (payload: T) => {
      if (payload.content !== content) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/**
 * A round trip through the server. Emits to one socket arrive in order, so once this answers,
 * anything emitted to the socket before it (the message of a finished POST) has arrived: a
 * deterministic way to assert that something did NOT arrive.
 */
export async function barrier(...targets: Socket[]): Promise<void> {
  for (const socket of targets) await ask(socket, 'leave-general-chat', {});
}
