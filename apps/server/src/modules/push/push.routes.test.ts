import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { loadVapidKeys } from '../../platform/secrets.ts';
import { createUser, requestAs, type TestUser, useUsers } from '../../test/factories.ts';
import { createTestApp, type TestApp, useTestApp } from '../../test/test-app.ts';
import { generateVapidKeys } from './push.channel.ts';
import { fakeBrowser } from './push-test-service.ts';

/** Web Push subscriptions: routes, keys, limits and refused endpoints. */

const t = useTestApp();
const inject = requestAs(t);
const [owner, other] = useUsers(t, 2);

const PUSH = 'https://push.example.net/send/';
const body = (endpoint: string, keys = fakeBrowser().keys) => ({ endpoint, expirationTime: null, keys });
const post = (app: TestApp, as: TestUser, payload: unknown) =>
  app.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: as.auth,
    payload: payload as object,
  });
const rows = (app: TestApp, userId: string) =>
  app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key, generated once and shared through the database', async () => {
    const res = await t.app.inject({ url: '/api/push/public-key' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json() as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    // Another instance on the same database (two starting at once) reads the same pair.
    const [a, b] = await Promise.all([
      loadVapidKeys(t.db, undefined, generateVapidKeys),
      loadVapidKeys(t.db, undefined, generateVapidKeys),
    ]);
    expect(a.publicKey).toBe(publicKey);
    expect(b).toEqual(a);
  });

  it('uses VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when configured', async () => {
    const keys = generateVapidKeys();
    const configured = await createTestApp({
      env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey },
    });
    try {
      const res = await configured.app.inject({ url: '/api/push/public-key' });
      expect(res.json()).toEqual({ publicKey: keys.publicKey });
    } finally {
      await configured.close();
    }
  });
});

describe('POST /api/push/subscriptions', () => {
  it('stores the subscription; the same endpoint again updates it, and the same browser in another account takes it over', async () => {
    const endpoint = `${PUSH}same`;
    const browser = fakeBrowser().keys;
    const first = await post(t, owner, body(endpoint, browser));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ subscription: { endpoint, createdAt: expect.any(String) } });
    expect((await post(t, owner, body(endpoint, browser))).statusCode).toBe(201);
    expect((await rows(t, owner.user.id)).filter((r) => r.endpoint === endpoint)).toHaveLength(1);
    // Someone who learnt the endpoint URL but not the browser's keys takes nothing over.
    const thief = await post(t, other, body(endpoint));
    expect(thief.statusCode).toBe(409);
    expect((thief.json() as { message: string }).message).toBe(
      'This push subscription belongs to another account',
    );
    expect((await rows(t, owner.user.id)).some((r) => r.endpoint === endpoint)).toBe(true);
    // The browser signed in to another account: its pushes are now that account's.
    expect((await post(t, other, body(endpoint, browser))).statusCode).toBe(201);
    expect((await rows(t, owner.user.id)).some((r) => r.endpoint === endpoint)).toBe(false);
    expect((await rows(t, other.user.id)).some((r) => r.endpoint === endpoint)).toBe(true);
  });

  it('keeps at most 10 per person, dropping the oldest', async () => {
    const person = await createUser(t);
    for (let i = 0; i < 12; i++)
      expect((await post(t, person, body(`${PUSH}many-${i}`))).statusCode).toBe(201);
    const kept = (await rows(t, person.user.id)).map((r) => r.endpoint).sort();
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(`${PUSH}many-0`);
    expect(kept).not.toContain(`${PUSH}many-1`);
    expect(kept).toContain(`${PUSH}many-11`);
  });

  it('needs a session', async () => {
    const res = await inject('POST', '/api/push/subscriptions', undefined, body(PUSH));
    expect(res.statusCode).toBe(401);
  });

  const keys = fakeBrowser().keys;
  const NOT_HTTPS_PUSH = 'Endpoint must be an https URL of a push service';
  it.each([
    ['no endpoint', { keys }, 'Endpoint is required'],
    ['an array endpoint', { endpoint: [PUSH], keys }, 'Endpoint must be text'],
    ['an ftp endpoint', { endpoint: 'ftp://push.example.net/x', keys }, NOT_HTTPS_PUSH],
    ['a javascript: endpoint', { endpoint: 'javascript:alert(1)', keys }, NOT_HTTPS_PUSH],
    ['http to a public host', { endpoint: 'http://push.example.net/x', keys }, NOT_HTTPS_PUSH],
    ['credentials in the URL', { endpoint: 'https://user:pw@push.example.net/x', keys }, NOT_HTTPS_PUSH],
    ['a 60 KB endpoint', { endpoint: `${PUSH}${'a'.repeat(60_000)}`, keys }, NOT_HTTPS_PUSH],
    ['no keys', { endpoint: PUSH }, 'Keys are required'],
    ['keys as a string', { endpoint: PUSH, keys: 'abc' }, 'Keys are required'],
    [
      'a short p256dh',
      { endpoint: PUSH, keys: { ...keys, p256dh: 'AAAA' } },
      'keys.p256dh must be a base64url P-256 public key',
    ],
    [
      'a non-base64 auth',
      { endpoint: PUSH, keys: { ...keys, auth: 'not base64!!' } },
      'keys.auth must be a base64url 16-byte secret',
    ],
    ['a numeric auth', { endpoint: PUSH, keys: { ...keys, auth: 12 } }, 'keys.auth must be text'],
    [
      'a string expirationTime',
      { endpoint: PUSH, keys, expirationTime: 'soon' },
      'expirationTime must be a number or null',
    ],
    ['an array body', [PUSH], undefined],
  ])('refuses %s with a readable 400', async (_name, payload, message) => {
    const res = await post(t, owner, payload);
    expect(res.statusCode).toBe(400);
    const error = res.json() as { message: string };
    expect(error.message).toMatch(/\w/);
    if (message) expect(error.message).toBe(message);
  });

  it('accepts http on loopback outside production (tests run their own push service)', async () => {
    expect((await post(t, owner, body('http://127.0.0.1:9/push/x'))).statusCode).toBe(201);
    expect((await post(t, owner, body('http://localhost:9/push/x'))).statusCode).toBe(201);
  });
});

describe('endpoints in production', () => {
  let prod: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    user = await createUser(prod);
  });
  afterAll(async () => {
    await prod.close();
  });

  it.each([
    'https://10.0.0.8/push',
    'https://192.168.1.1/push',
    'https://169.254.169.254/latest/meta-data',
    'https://127.0.0.1/push',
    'https://[::1]/push',
    'https://[::ffff:10.0.0.1]/push',
    'https://[fd00::1]/push',
    'https://localhost/push',
    'https://0.0.0.0/push',
  ])('refuses the private endpoint %s', async (endpoint) => {
    const res = await post(prod, user, body(endpoint));
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(
      'Endpoint must be a public push service address',
    );
  });

  it('refuses plain http even on loopback, accepts a public https push service', async () => {
    expect((await post(prod, user, body('http://127.0.0.1:9/push'))).statusCode).toBe(400);
    expect((await post(prod, user, body(`${PUSH}public`))).statusCode).toBe(201);
  });

  it('accepts private https endpoints with PUSH_ALLOW_PRIVATE_ENDPOINTS=true (never plain http off loopback)', async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' },
    });
    try {
      const user = await createUser(prod);
      expect((await post(prod, user, body('https://10.0.0.8/push'))).statusCode).toBe(201);
      expect((await post(prod, user, body('http://10.0.0.8/push'))).statusCode).toBe(400);
    } finally {
      await prod.close();
    }
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it("deletes the caller's own subscription only", async () => {
    const endpoint = `${PUSH}to-delete`;
    await post(t, owner, body(endpoint));
    const stranger = await inject('DELETE', '/api/push/subscriptions', other, { endpoint });
    expect(stranger.statusCode).toBe(404);
    expect((await rows(t, owner.user.id)).some((r) => r.endpoint === endpoint)).toBe(true);
    const mine = await inject('DELETE', '/api/push/subscriptions', owner, { endpoint });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ message: 'Push notifications turned off for this browser' });
    expect((await rows(t, owner.user.id)).some((r) => r.endpoint === endpoint)).toBe(false);
  });

  it.each([
    [{}, 'Endpoint is required'],
    [{ endpoint: 5 }, 'Endpoint must be text'],
    [{ endpoint: ['a'] }, 'Endpoint must be text'],
  ])('refuses %j with a readable 400', async (payload, message) => {
    const res = await inject('DELETE', '/api/push/subscriptions', owner, payload);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(message);
  });
});
