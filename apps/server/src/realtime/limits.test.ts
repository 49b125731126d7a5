import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, LIMITS_PER, MemoryRateLimitStore } from '../platform/rate-limit/rate-limiter.ts';
import { createEvent, createUser } from '../test/factories.ts';
import { ask, closeSockets, listen, next, openSocket, useSockets } from '../test/sockets.ts';
import { useTestApp } from '../test/test-app.ts';
import { createRealtime, type RealtimeDeps } from './io.ts';

/**
 * One socket (or one user with many sockets) must not be able to flood the
 * database with room checks. Every client event counts against the socket and the user, a flood
 * is cut off, a user keeps at most SOCKETS_PER_USER sockets, and room checks of one user run one
 * at a time.
 */
const t = useTestApp();
const socketAs = useSockets(t);

type Ack = { ok: boolean; error?: string };
const perSocket = LIMITS_PER.socketEventsPerSocket.limit;

describe('socket event limits', () => {
  it('answers the events over the per-socket limit with a refusal', async () => {
    const user = await createUser(t);
    const eventId = await createEvent(t, user, { title: 'Limited room' });
    const socket = await socketAs(user.accessToken);
    const answers = await Promise.all(
      Array.from({ length: perSocket + 10 }, () => ask<Ack>(socket, 'join-event-chat', { eventId })),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(perSocket);
    const refused = answers.filter((a) => !a.ok);
    expect(refused).toHaveLength(10);
    expect(refused[0]?.error).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  });

  it("counts every socket of a user against the user's limit", async () => {
    const user = await createUser(t);
    const perUser = t.config.socketLimits.eventsPerUser;
    const sockets = await Promise.all(Array.from({ length: 3 }, () => socketAs(user.accessToken)));
    const each = Math.ceil((perUser + 6) / sockets.length);
    expect(each).toBeLessThanOrEqual(perSocket);
    const answers = (
      await Promise.all(
        sockets.flatMap((s) => Array.from({ length: each }, () => ask<Ack>(s, 'join-general-chat', {}))),
      )
    ).flat();
    expect(answers.filter((a) => a.ok)).toHaveLength(perUser);
  });

  it('disconnects a socket that keeps flooding after it was refused', async () => {
    const user = await createUser(t);
    const socket = await socketAs(user.accessToken);
    const dropped = next(socket, 'disconnect');
    for (let i = 0; i < perSocket * 10 + 1; i++) socket.emit('join-event-chat', { eventId: randomUUID() });
    await dropped;
  });

  it('keeps at most SOCKETS_PER_USER sockets per user, closing the oldest', async () => {
    const user = await createUser(t);
    const cap = t.config.socketLimits.socketsPerUser;
    const sockets = [];
    for (let i = 0; i < cap; i++) sockets.push(await socketAs(user.accessToken));
    const oldestDropped = next(sockets[0]!, 'disconnect');
    const newest = await socketAs(user.accessToken);
    await oldestDropped;
    expect(await ask(newest, 'join-general-chat', {})).toEqual({ ok: true });
    expect(sockets.slice(1).every((s) => s.connected)).toBe(true);
  });
});

describe('room checks', () => {
  let server: HttpServer;
  let realtime: ReturnType<typeof createRealtime>;
  let base: string;
  const inFlight = new Map<string, number>();
  const most = new Map<string, number>();

  beforeAll(async () => {
    server = createServer();
    const deps: RealtimeDeps = {
      authenticate: async (token) => ({ user: { id: token }, sessionId: randomUUID() }),
      resolveRoom: async (userId) => {
        const now = (inFlight.get(userId) ?? 0) + 1;
        inFlight.set(userId, now);
        most.set(userId, Math.max(most.get(userId) ?? 0, now));
        await new Promise((r) => setImmediate(r));
        inFlight.set(userId, (inFlight.get(userId) ?? 1) - 1);
        return { room: 'general' };
      },
      friendIdsOf: async () => [],
      blockedIdsOf: async () => [],
      limiter: createRateLimiter(new MemoryRateLimitStore()),
      log: pino({ level: 'silent' }),
    };
    realtime = createRealtime(server, deps, { limits: { socketsPerUser: 20, eventsPerUser: 60 } });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    realtime.disconnectAll();
    await realtime.close();
  });

  it("run one at a time per user, whatever the user's sockets send at once", async () => {
    const a = [await openSocket(base, 'user-a'), await openSocket(base, 'user-a')];
    const b = await openSocket(base, 'user-b');
    await Promise.all([
      ...a.flatMap((s) => Array.from({ length: 10 }, () => ask(s, 'join-general-chat', {}))),
      ...Array.from({ length: 10 }, () => ask(b, 'join-general-chat', {})),
    ]);
    expect(most.get('user-a')).toBe(1);
    expect(most.get('user-b')).toBe(1);
  });
});

/** The raw answer to a WebSocket upgrade of Socket.IO's path, read until the server closes. */
function upgradeAnswer(base: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(
        'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\n' +
          `Host: ${hostname}:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      ),
    );
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

/**
 * Connections are counted
 * per user and per client address per minute, not only how many stay open.
 */
describe('socket connection rates', () => {
  const limited = useTestApp({ env: { SOCKET_CONNECTIONS_PER_USER: '3', SOCKET_CONNECTIONS_PER_IP: '8' } });
  let limitedUrl: string;

  beforeAll(async () => {
    limitedUrl = await listen(limited);
  });
  afterAll(() => closeSockets());

  it('refuses a user opening sockets faster than the per-user rate, and only that user', async () => {
    const flooder = await createUser(limited);
    for (let i = 0; i < 3; i++) (await openSocket(limitedUrl, flooder.accessToken)).disconnect();
    await expect(openSocket(limitedUrl, flooder.accessToken)).rejects.toThrow(/^Too many attempts\./);
    const neighbour = await createUser(limited);
    expect((await openSocket(limitedUrl, neighbour.accessToken)).connected).toBe(true);
  });

  it('refuses an address opening sockets faster than the per-address rate, before the token is checked', async () => {
    // 5 of the 8 were taken by the test above (same address, same minute): the flooder's 4
    // attempts, the refused one included, and the neighbour's socket.
    const users = await Promise.all([createUser(limited), createUser(limited), createUser(limited)]);
    for (const user of users) (await openSocket(limitedUrl, user.accessToken)).disconnect();
    const another = await createUser(limited);
    // Refused at the HTTP upgrade: no WebSocket is opened, so the client library hears only that
    // it failed; the answer itself says why.
    await expect(openSocket(limitedUrl, another.accessToken)).rejects.toThrow();
    await expect(openSocket(limitedUrl, 'not-a-token')).rejects.toThrow();
    const answer = await upgradeAnswer(limitedUrl);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/Too many attempts\. Please try again in \d+ seconds\.$/);
  });
});
