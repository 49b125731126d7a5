import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { conversationIdOf } from '@townsquare/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveTestRedis, type TestRedis } from './test/redis.ts';
import { api, type RunningServer, startServer } from './test/servers.ts';
import { ask, closeSockets, collect, next, openSocket, settle } from './test/sockets.ts';
import { createTestDatabase } from './test/test-app.ts';

/**
 * Two server processes sharing one PostgreSQL and one Redis, as in production behind a load
 * balancer: messages, presence, rate limits and sessions must not care which instance a client
 * talks to.
 */
type Auth = { accessToken: string; refreshToken: string; user: { id: string } };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let redis: TestRedis;
let dataDir: string;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase();
  redis = await resolveTestRedis();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-scale-'));
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: `test${randomBytes(4).toString('hex')}:`,
    JWT_SECRET: 'scale-out-test-secret-long-enough-0123456789',
    UPLOAD_SIGNING_SECRET: 'scale-out-upload-secret-long-enough-012345',
    DATA_DIR: dataDir,
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
});

afterAll(async () => {
  closeSockets();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  await redis?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function register(server: RunningServer, name: string): Promise<Auth & { email: string }> {
  const email = `${name}-${randomBytes(3).toString('hex')}@example.com`;
  const res = await api<Auth>(server.url, 'POST', '/api/auth/register', {
    fullName: name,
    email,
    password: 'long enough pw',
  });
  expect(res.status).toBe(201);
  await api(
    server.url,
    'PUT',
    '/api/users/me',
    { username: `${name}_${randomBytes(3).toString('hex')}`, roles: ['Member'] },
    res.body.accessToken,
  );
  return { ...res.body, email };
}

describe('two instances, one PostgreSQL, one Redis', () => {
  it('readiness reports Redis', async () => {
    const ready = await api<{ checks: { redis?: string } }>(a.url, 'GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.redis).toBe('up');
  });

  it('a direct message sent through A reaches a client connected to B, and presence crosses too', async () => {
    const ada = await register(a, 'ada');
    const ben = await register(b, 'ben');
    expect(
      (await api(a.url, 'POST', '/api/friends/request', { receiverId: ben.user.id }, ada.accessToken)).status,
    ).toBe(201);
    // The friend-request notification crosses instances as well.
    const benSocket = await openSocket(b.url, ben.accessToken);
    const accepted = await api(
      b.url,
      'POST',
      '/api/friends/accept',
      { requesterId: ada.user.id },
      ben.accessToken,
    );
    expect(accepted.status).toBe(201);

    const online = next<{ userId: string }>(benSocket, 'user-online');
    const adaSocket = await openSocket(a.url, ada.accessToken);
    expect(await online).toEqual({ userId: ada.user.id });

    expect(
      await ask(benSocket, 'join-conversation', {
        conversationId: conversationIdOf(ada.user.id, ben.user.id),
      }),
    ).toEqual({ ok: true });
    const adaEcho = collect(adaSocket, 'new-message');
    const arrived = next<{ content: string; sender: string }>(benSocket, 'new-message');
    const sent = await api(
      a.url,
      'POST',
      '/api/messages',
      { receiver: ben.user.id, content: 'across instances' },
      ada.accessToken,
    );
    expect(sent.status).toBe(201);
    expect(await arrived).toMatchObject({ content: 'across instances', sender: ada.user.id });
    await settle();
    expect(adaEcho).toEqual([]);

    // A second tab on the other instance is still the same presence.
    const offline = collect(benSocket, 'user-offline');
    const adaSecondTab = await openSocket(b.url, ada.accessToken);
    adaSocket.disconnect();
    await settle(500);
    expect(offline).toEqual([]);
    adaSecondTab.disconnect();
    await settle(500);
    expect(offline).toEqual([{ userId: ada.user.id }]);
  });

  it('a refresh token issued by A works on B, and rotation holds across both', async () => {
    const cy = await register(a, 'cy');
    const refreshed = await api<Auth>(b.url, 'POST', '/api/auth/refresh', { refreshToken: cy.refreshToken });
    expect(refreshed.status).toBe(200);
    const reuse = await api(a.url, 'POST', '/api/auth/refresh', { refreshToken: cy.refreshToken });
    expect(reuse.status).toBe(401);
  });

  it('login throttling counts failures on both instances together', async () => {
    const dee = await register(a, 'dee');
    for (let i = 0; i < 10; i++) {
      const server = i % 2 === 0 ? a : b;
      expect(
        (await api(server.url, 'POST', '/api/auth/login', { identifier: dee.email, password: `wrong-${i}` }))
          .status,
      ).toBe(401);
    }
    for (const server of [a, b]) {
      const locked = await api(server.url, 'POST', '/api/auth/login', {
        identifier: dee.email,
        password: 'long enough pw',
      });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('logout on A closes the socket of that session on B', async () => {
    const eve = await register(a, 'eve');
    const socket = await openSocket(b.url, eve.accessToken);
    const dropped = next(socket, 'disconnect');
    expect((await api(a.url, 'POST', '/api/auth/logout', undefined, eve.accessToken)).status).toBe(200);
    await dropped;
  });

  it("a block made on A hides the blocked person's room messages from the blocker's socket on B, live", async () => {
    const [ida, finn, gus] = await Promise.all([register(a, 'ida'), register(b, 'finn'), register(a, 'gus')]);
    // Both sockets are open before the block: the blocker's cached set changes through the adapter.
    const idaOnB = await openSocket(b.url, ida.accessToken);
    const gusOnA = await openSocket(a.url, gus.accessToken);
    for (const socket of [idaOnB, gusOnA])
      expect(await ask(socket, 'join-general-chat', {})).toEqual({ ok: true });
    expect(
      (await api(a.url, 'POST', `/api/users/${finn.user.id}/block`, undefined, ida.accessToken)).status,
    ).toBe(200);
    await settle(200);
    const seenByIda = collect<{ content: string; hidden?: string }>(idaOnB, 'new-general-message');
    const whole = next<{ content: string }>(gusOnA, 'new-general-message');
    const post = (content: string) =>
      api(a.url, 'POST', '/api/group-messages', { content }, finn.accessToken).then((r) => r.status);
    expect(await post('finn on A')).toBe(201);
    expect(await whole).toMatchObject({ content: 'finn on A' });
    await settle(500);
    expect(seenByIda).toEqual([expect.objectContaining({ content: '', hidden: 'blocked' })]);

    expect(
      (await api(b.url, 'DELETE', `/api/users/${finn.user.id}/block`, undefined, ida.accessToken)).status,
    ).toBe(200);
    await settle(200);
    const again = next<{ content: string; hidden?: string }>(idaOnB, 'new-general-message');
    expect(await post('finn after unblock')).toBe(201);
    expect(await again).toMatchObject({ content: 'finn after unblock' });
    expect((await again).hidden).toBeUndefined();
  });
});
