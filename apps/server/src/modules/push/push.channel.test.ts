import { DEFAULT_PUSH_PREFERENCES, type NotificationDto } from '@townsquare/contracts';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import type { Preferences, Recipient } from '../notifications/notify.ts';
import { createPushChannel, generateVapidKeys } from './push.channel.ts';
import { fakeBrowser, startPushService, startStallingService } from './push-test-service.ts';

/** Web Push delivery, against a push service started inside the test. */

const t = useTestApp();
let service: Awaited<ReturnType<typeof startPushService>>;
let user: TestUser;
// Every group on (the push defaults are all on).
const ALL_ON = { email: DEFAULT_PUSH_PREFERENCES, push: DEFAULT_PUSH_PREFERENCES };
const notification = (over: Partial<NotificationDto> = {}): NotificationDto => ({
  id: '0193a0c1-0000-7000-8000-000000000001',
  kind: 'friend_request',
  createdAt: '2026-11-24T10:00:00.000Z',
  readAt: null,
  actor: null,
  subject: { type: 'user', id: '0193a0c1-0000-7000-8000-0000000000aa' },
  text: 'Ana sent you a friend request',
  url: '/friends',
  ...over,
});

beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});
beforeEach(async () => {
  user = await createUser(t);
  service.received.length = 0;
  service.answer(201);
});

async function subscribe(name: string) {
  const browser = fakeBrowser();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: user.auth,
    payload: { endpoint: service.endpoint(name), expirationTime: null, keys: browser.keys },
  });
  expect(res.statusCode, res.body).toBe(201);
  return browser;
}

/** The person a delivery goes to, as the delivery job reads them. */
const to = (preferences: Preferences = ALL_ON): Recipient => ({
  id: user.user.id,
  email: user.user.email,
  fullName: user.user.fullName,
  emailVerified: true,
  preferences,
});

const rowsOf = (userId: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('push channel', () => {
  it('POSTs an encrypted, VAPID-signed payload that the browser can decrypt', async () => {
    const browser = await subscribe('a');
    await t.pushChannel.deliver(to(), notification());

    expect(service.received).toHaveLength(1);
    const [request] = service.received;
    expect(request?.path).toBe('/push/a');
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    expect(request?.headers.ttl).toBe(String(24 * 60 * 60));
    expect(request?.headers.urgency).toBe('normal');
    const { publicKey } = (await t.app.inject({ url: '/api/push/public-key' })).json() as {
      publicKey: string;
    };
    expect(request?.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    // The payload is not readable on the wire, only by the browser.
    expect(request?.body.toString('latin1')).not.toContain('friend request');
    expect(JSON.parse(browser.decrypt(request?.body as Buffer))).toEqual({
      id: notification().id,
      kind: 'friend_request',
      title: 'Townsquare',
      body: 'Ana sent you a friend request',
      url: '/friends',
    });
    const [row] = await rowsOf(user.user.id);
    expect(row?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it("sends to every one of the person's browsers", async () => {
    await subscribe('laptop');
    await subscribe('phone');
    await t.pushChannel.deliver(to(), notification());
    expect(service.received.map((r) => r.path).sort()).toEqual(['/push/laptop', '/push/phone']);
  });

  it("wants only the kinds whose group is on in the person's push choices", () => {
    const friendsOff = to({ ...ALL_ON, push: { ...ALL_ON.push, friends: false } });
    expect(t.pushChannel.wants(friendsOff, 'friend_request')).toBe(false);
    expect(t.pushChannel.wants(friendsOff, 'event_reminder')).toBe(true);
    expect(t.pushChannel.wants(to(), 'friend_request')).toBe(true);
    // A kind unknown to this build is never pushed.
    expect(t.pushChannel.wants(to(), 'unknown_kind' as NotificationDto['kind'])).toBe(false);
  });

  it.each([410, 404])('deletes a subscription the push service answers %i', async (status) => {
    await subscribe('gone');
    await subscribe('alive');
    service.answer(status);
    await t.pushChannel.deliver(to(), notification());
    expect(await rowsOf(user.user.id)).toHaveLength(0);
  });

  it('keeps a subscription on other failures; throws (to be retried) only when no browser got it', async () => {
    await subscribe('flaky');
    service.answer(500);
    await expect(t.pushChannel.deliver(to(), notification())).rejects.toThrow(/push delivery failed/);
    service.answer(429);
    await expect(t.pushChannel.deliver(to(), notification())).rejects.toThrow();
    const rows = await rowsOf(user.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.lastSuccessAt).toBeNull();
  });

  it('does not throw when one browser got it and another failed (a retry would push twice)', async () => {
    await subscribe('works');
    await subscribe('broken');
    service.answer(201);
    service.answerFor('broken', 503);
    await expect(t.pushChannel.deliver(to(), notification())).resolves.toBeUndefined();
    expect(service.received).toHaveLength(2);
    expect(await rowsOf(user.user.id)).toHaveLength(2);
  });

  it('does nothing for a person without subscriptions', async () => {
    await t.pushChannel.deliver(to(), notification());
    expect(service.received).toHaveLength(0);
  });
});

describe('push channel against endpoints that stall or fail', () => {
  const channel = (over: Partial<Parameters<typeof createPushChannel>[0]> = {}) =>
    createPushChannel({
      db: t.db,
      vapid: { ...generateVapidKeys(), subject: 'mailto:test@example.com' },
      allowPrivateEndpoints: true,
      log: t.app.log,
      timeoutMs: 200,
      ...over,
    });

  async function subscribeTo(endpoint: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: user.auth,
      payload: { endpoint, expirationTime: null, keys: fakeBrowser().keys },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  it.each(['silent', 'trickle', 'abort'] as const)(
    'a %s endpoint fails the delivery (to be retried) instead of holding it',
    async (mode) => {
      const stalling = await startStallingService(mode);
      try {
        await subscribeTo(stalling.endpoint('x'));
        await expect(channel().deliver(to(), notification())).rejects.toThrow(/push delivery failed/);
        expect(stalling.requests()).toBe(1);
      } finally {
        await stalling.close();
      }
    },
  );

  it('one stalling browser does not keep another of the person from getting it', async () => {
    const stalling = await startStallingService('trickle');
    try {
      await subscribeTo(stalling.endpoint('slow'));
      await subscribe('fast');
      await expect(channel().deliver(to(), notification())).resolves.toBeUndefined();
      expect(service.received.map((r) => r.path)).toEqual(['/push/fast']);
    } finally {
      await stalling.close();
    }
  });

  it('a failing subscription backs off (skipped meanwhile), and a success resets it', async () => {
    await subscribe('backing-off');
    service.answer(503);
    await expect(channel().deliver(to(), notification())).rejects.toThrow();
    const [after] = await rowsOf(user.user.id);
    expect(after?.failures).toBe(1);
    expect(after?.retryAfter?.getTime()).toBeGreaterThan(Date.now());
    // Backing off: not even tried.
    service.answer(201);
    await expect(channel().deliver(to(), notification())).rejects.toThrow(/back off/);
    expect(service.received).toHaveLength(1);
    // The back-off passed (here: made to pass): tried again, it works, the count is reset.
    await t.db.update(pushSubscriptions).set({ retryAfter: new Date(Date.now() - 1000) });
    await channel().deliver(to(), notification());
    expect(service.received).toHaveLength(2);
    const [reset] = await rowsOf(user.user.id);
    expect(reset?.failures).toBe(0);
    expect(reset?.retryAfter).toBeNull();
  });

  it('a subscription that keeps failing is dropped', async () => {
    const stalling = await startStallingService('silent');
    try {
      await subscribeTo(stalling.endpoint('dead'));
      const c = channel({ backoffBaseMs: 0, dropAfterFailures: 3 });
      for (let i = 0; i < 3; i++) await expect(c.deliver(to(), notification())).rejects.toThrow();
      expect(await rowsOf(user.user.id)).toHaveLength(0);
      expect(stalling.requests()).toBe(3);
    } finally {
      await stalling.close();
    }
  });

  it('in production a stored IP literal is refused at send time (no DNS lookup rechecks it)', async () => {
    // A live push service on 127.0.0.1, stored before the guard knew better (as an old row would be).
    await t.db.insert(pushSubscriptions).values({
      id: uuidv7(),
      userId: user.user.id,
      endpoint: service.endpoint('literal'),
      ...fakeBrowser().keys,
    });
    await expect(channel({ allowPrivateEndpoints: false }).deliver(to(), notification())).rejects.toThrow(
      /push delivery failed/,
    );
    expect(service.received).toHaveLength(0);
  });
});
