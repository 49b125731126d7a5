import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { WebSocket } from 'ws';
import { api, type RunningServer } from '../apps/server/src/test/servers.ts';
import { connectedSocket } from './bench-socket.ts';

/**
 * Chat fan-out against its baseline, shared by every room kind the benchmarks measure (event
 * chat in the `chat` part, community chat in the `data` part): one poster sends `rate` messages/s
 * over HTTP, N sockets in the room receive them; the raw `ws` broadcast of the same payload is
 * the floor.
 */

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** A chat room to measure: how a socket joins it, what it receives, where the poster posts. */
export type Room = {
  join: [event: string, payload: object];
  delivered: string;
  post: string;
  posterToken: string;
  listenerToken: string;
};

/** A raw `ws` broadcast server in its own process: the fan-out baseline. */
function startRawWs(): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(path.join(import.meta.dirname, 'raw-servers.mjs'), ['ws'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve) =>
    child.once('message', (port) => resolve({ url: `ws://127.0.0.1:${port}`, child })),
  );
}

/** Deliveries: N sockets of the listener in the room, the poster posting `rate` messages/s for `seconds`. */
export async function fanOut(
  room: Room,
  posters: RunningServer[],
  listeners: RunningServer[],
  sockets: number,
  rate: number,
  seconds: number,
) {
  const clients: Socket[] = [];
  const latencies: number[] = [];
  for (let i = 0; i < sockets; i++) {
    const server = listeners[i % listeners.length]!;
    const socket = await connectedSocket(server.url, room.listenerToken);
    const ack = (await socket.emitWithAck(room.join[0], room.join[1])) as { ok?: boolean; error?: string };
    if (ack && ack.ok === false) throw new Error(`${room.join[0]} refused: ${ack.error}`);
    socket.on(room.delivered, (m: { content: string }) =>
      latencies.push(Date.now() - Number(m.content.split(' ')[1])),
    );
    clients.push(socket);
  }
  const total = rate * seconds;
  for (let i = 0; i < total; i++) {
    const poster = posters[i % posters.length]!;
    void api(poster.url, 'POST', room.post, { content: `t ${Date.now()}` }, room.posterToken);
    await new Promise((r) => setTimeout(r, 1000 / rate));
  }
  await new Promise((r) => setTimeout(r, 2000));
  for (const c of clients) c.disconnect();
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    delivered: latencies.length,
    expected: total * sockets,
  };
}

export async function rawWsFanOut(sockets: number, rate: number, seconds: number) {
  const raw = await startRawWs();
  const clients: WebSocket[] = [];
  const latencies: number[] = [];
  for (let i = 0; i < sockets; i++) {
    const ws = new WebSocket(raw.url);
    await new Promise((r) => ws.once('open', r));
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { content: string };
      latencies.push(Date.now() - Number(m.content.split(' ')[1]));
    });
    clients.push(ws);
  }
  const sender = new WebSocket(raw.url);
  await new Promise((r) => sender.once('open', r));
  for (let i = 0; i < rate * seconds; i++) {
    sender.send(
      JSON.stringify({ broadcast: { id: i, sender: { username: 'organiser' }, content: `t ${Date.now()}` } }),
    );
    await new Promise((r) => setTimeout(r, 1000 / rate));
  }
  await new Promise((r) => setTimeout(r, 1000));
  for (const c of [...clients, sender]) c.close();
  raw.child.kill();
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}
