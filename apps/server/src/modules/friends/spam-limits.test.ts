import { randomBytes } from 'node:crypto';
import { MSG, SPAM_LIMITS } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, type TestUser } from '../../test/factories.ts';
import { resolveTestRedis, type TestRedis } from '../../test/redis.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Limits against spam: friend requests per day (20 for new accounts, 50 for every
 * account) and no links in the general chat for new accounts. Once with the in-memory limiter,
 * once with Redis (REDIS_URL), where the counters live for every instance.
 */
describe.each(['memory', 'redis'] as const)('limits against spam (%s)', (store) => {
  let t: TestApp;
  let redis: TestRedis | undefined;

  beforeAll(async () => {
    redis = store === 'redis' ? await resolveTestRedis() : undefined;
    t = await createTestApp({
      env: redis ? { REDIS_URL: redis.url, REDIS_PREFIX: `test${randomBytes(4).toString('hex')}:` } : {},
    });
  });
  afterAll(async () => {
    await t.close();
    await redis?.stop();
  });

  /** `n` people to ask, written straight into the database (registration would hash n passwords). */
  async function receivers(n: number): Promise<string[]> {
    const ids = Array.from({ length: n }, () => uuidv7());
    for (const id of ids)
      await t.db.execute(sql`insert into users (id, email, full_name, password_hash, username)
        values (${id}, ${`${id}@example.com`}, 'Receiver', 'x', ${`r_${id.replaceAll('-', '').slice(-20)}`})`);
    return ids;
  }
  const request = (from: TestUser, receiverId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/friends/request',
      headers: from.auth,
      payload: { receiverId },
    });
  const age = (user: TestUser, hours: number) =>
    t.db.execute(
      sql`update users set created_at = now() - make_interval(hours => ${hours}) where id = ${user.user.id}`,
    );

  async function sendUntilRefused(from: TestUser, limit: number) {
    const ids = await receivers(limit + 1);
    for (const id of ids.slice(0, limit)) expect((await request(from, id)).statusCode).toBe(201);
    return request(from, ids[limit]!); // limit + 1 ids
  }

  it('a new, unverified account sends at most 20 friend requests a day', async () => {
    const fresh = await createUser(t);
    const refused = await sendUntilRefused(fresh, SPAM_LIMITS.friendRequestsPerDayNew);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: MSG.friendRequestsPerDayNew });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    if (redis) {
      // The count lives in Redis, where every instance reads it.
      const client = new Redis(redis.url);
      const key = `${t.config.redisPrefix}rl:friend-requests:${fresh.user.id}`;
      expect(Number(await client.get(key))).toBe(SPAM_LIMITS.friendRequestsPerDayNew);
      client.disconnect();
    }
  });

  it('verified but less than 24 h old is still new: 20', async () => {
    const young = await createUser(t, { verified: true });
    await age(young, 23);
    expect((await sendUntilRefused(young, SPAM_LIMITS.friendRequestsPerDayNew)).statusCode).toBe(429);
  });

  it('an old account with an unverified address is still new: 20', async () => {
    const unverified = await createUser(t);
    await age(unverified, 48);
    expect((await sendUntilRefused(unverified, SPAM_LIMITS.friendRequestsPerDayNew)).statusCode).toBe(429);
  });

  it('every account sends at most 50 friend requests a day', async () => {
    const settled = await createUser(t, { verified: true });
    await age(settled, 48);
    const refused = await sendUntilRefused(settled, SPAM_LIMITS.friendRequestsPerDay);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: MSG.friendRequestsPerDay });
  });

  it('refused requests (already sent, unknown person) do not count', async () => {
    const careful = await createUser(t);
    const [target] = await receivers(1);
    expect((await request(careful, target!)).statusCode).toBe(201);
    for (let i = 0; i < SPAM_LIMITS.friendRequestsPerDayNew + 5; i++)
      expect((await request(careful, target!)).statusCode).toBe(400);
    const [another] = await receivers(1);
    expect((await request(careful, another!)).statusCode).toBe(201);
  });

  const postGeneral = (as: TestUser, content: string) =>
    t.app.inject({ method: 'POST', url: '/api/group-messages', headers: as.auth, payload: { content } });

  it.each([
    'see https://cheap-pills.example/buy',
    'www.spam.test',
    'visit spam-shop.com today',
    'ftp://files.example/x',
  ])('a new account cannot post a link in the general chat: %s', async (content) => {
    const fresh = await createUser(t);
    const res = await postGeneral(fresh, content);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MSG.linksNotAllowedNew });
  });

  it('a new account may post plain text; an established one may post links; other chats allow links', async () => {
    const fresh = await createUser(t);
    expect((await postGeneral(fresh, 'Anyone up for a run at 7? Meet at the gate.')).statusCode).toBe(201);
    const settled = await createUser(t, { verified: true });
    await age(settled, 48);
    expect((await postGeneral(settled, 'Route: https://maps.example.com/run')).statusCode).toBe(201);
    const host = await createUser(t);
    const eventId = await createEvent(t, host);
    const inEvent = await t.app.inject({
      method: 'POST',
      url: `/api/event-messages/${eventId}`,
      headers: fresh.auth,
      payload: { content: 'tickets at https://tickets.example.com' },
    });
    expect(inEvent.statusCode).toBe(201);
  });
});
