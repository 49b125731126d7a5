/**
 * The cost of block filtering in the live fan-out (decision 020), in one process and one run:
 * `publisher.toChannel` (the broadcast before blocks) against `publisher.toRoom` (the broadcast
 * `except` the sender's `hides:` room, plus the local hidden-copy lookup), interleaved, to the
 * same sockets. Also `toRoom` when a tenth of the room blocked the sender.
 *
 *   npx tsx bench/block-fanout.ts [sockets=500] [messages=200] [rounds=5]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { createPublisher, hidesRoom } from '../apps/server/src/realtime/publish.ts';

const [SOCKETS = 500, MESSAGES = 200, ROUNDS = 5] = process.argv.slice(2).map(Number);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const http = createServer();
const io = new Server(http, { transports: ['websocket'] });
io.on('connection', (socket) => {
  void socket.join('general');
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const { port } = http.address() as AddressInfo;
const publisher = createPublisher(io);

const clients: Socket[] = [];
let received = 0;
for (let i = 0; i < SOCKETS; i++) {
  const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true });
  client.on('m', () => {
    received += 1;
  });
  clients.push(client);
}
await Promise.all(
  clients.map((c) => new Promise<void>((r) => (c.connected ? r() : c.once('connect', () => r())))),
);
while (io.of('/').adapter.rooms.get('general')?.size !== SOCKETS) await new Promise((r) => setTimeout(r, 20));

/** Milliseconds until every socket has every message. */
async function run(send: (i: number) => void): Promise<number> {
  received = 0;
  const start = performance.now();
  for (let i = 0; i < MESSAGES; i++) send(i);
  while (received < SOCKETS * MESSAGES) await new Promise((r) => setImmediate(r));
  return performance.now() - start;
}

const payload = { content: 'x'.repeat(120), sender: { id: 'sender' } };
const hidden = { ...payload, content: '', hidden: 'blocked' };
const before: number[] = [];
const after: number[] = [];
const afterWithBlocks: number[] = [];
const blockers = [...io.of('/').sockets.values()].slice(0, Math.floor(SOCKETS / 10));
for (let round = 0; round < ROUNDS; round++) {
  before.push(await run(() => publisher.toChannel('general', 'm', payload, 'sender')));
  after.push(await run(() => publisher.toRoom('general', 'm', payload, hidden, 'sender')));
  for (const s of blockers) void s.join(hidesRoom('sender'));
  afterWithBlocks.push(await run(() => publisher.toRoom('general', 'm', payload, hidden, 'sender')));
  for (const s of blockers) void s.leave(hidesRoom('sender'));
}
const perDelivery = (ms: number) => ((ms * 1000) / (SOCKETS * MESSAGES)).toFixed(2);
console.log(`${SOCKETS} sockets × ${MESSAGES} messages, median of ${ROUNDS} interleaved rounds:`);
console.log(
  `  toChannel (before blocks):         ${median(before).toFixed(0)} ms (${perDelivery(median(before))} µs/delivery)`,
);
console.log(
  `  toRoom, nobody blocked the sender: ${median(after).toFixed(0)} ms (${perDelivery(median(after))} µs/delivery)`,
);
console.log(
  `  toRoom, 10 % blocked the sender:   ${median(afterWithBlocks).toFixed(0)} ms (${perDelivery(median(afterWithBlocks))} µs/delivery)`,
);
console.log(`  ratio after/before: ${(median(after) / median(before)).toFixed(2)}`);
for (const c of clients) c.disconnect();
io.close();
