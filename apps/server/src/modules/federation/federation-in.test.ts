import type { EventDto, FederationFollow, NearCityResponse, Place } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  createCommunity,
  createEvent,
  type TestUser,
  updateEvent,
  verifiedUsers,
} from '../../test/factories.ts';
import { freePort } from '../../test/fediverse-peer.ts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';

/**
 * Federation in (decision 079) between two real Townsquare instances on loopback: A at
 * 127.0.0.1 publishes, B at 127.0.0.2 follows. Both opt in to private addresses explicitly.
 */
let portA = 0;
let portB = 0;
beforeAll(async () => {
  portA = await freePort();
  portB = await freePort();
});

const env = (url: string, blocked: string) => ({
  PUBLIC_URL: url,
  FEDERATION: 'true',
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
  FEDERATION_BLOCKED_DOMAINS: blocked,
  PAGE_CACHE_SECONDS: '0',
});
const originA = () => `http://127.0.0.1:${portA}`;
const originB = () => `http://127.0.0.2:${portB}`;
const a = useTestApp(() => ({ env: env(originA(), 'other-blocked.example') }));
const b = useTestApp(() => ({ env: env(originB(), 'blocked.example') }));
beforeAll(async () => {
  await a.app.listen({ port: portA, host: '127.0.0.1' });
  await b.app.listen({ port: portB, host: '127.0.0.2' });
});
afterAll(async () => {
  // The test apps close themselves; nothing else was started here.
});

const LEIPZIG = { lat: 51.3397, lon: 12.3731 };
const nearLeipzig = `near=${LEIPZIG.lat},${LEIPZIG.lon}&radiusKm=25`;

async function call(
  t: TestApp,
  user: TestUser | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });
}

async function leipzigPlace(t: TestApp, user: TestUser): Promise<Place> {
  const res = await call(t, user, 'POST', '/api/places', {
    name: 'Clara-Zetkin-Park',
    address: 'Anton-Bruckner-Allee, Leipzig',
    ...LEIPZIG,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().place as Place;
}

async function nearList(user: TestUser): Promise<EventDto[]> {
  const res = await call(b, user, 'GET', `/api/events?${nearLeipzig}&limit=50`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().events as EventDto[];
}

describe('following a club on another Townsquare', () => {
  let ownerA: TestUser;
  let memberB: TestUser;
  let club: Awaited<ReturnType<typeof createCommunity>>;
  let place: Place;
  let follow: FederationFollow;

  beforeAll(async () => {
    [ownerA] = await verifiedUsers(a, 1);
    [memberB] = await verifiedUsers(b, 1);
    club = await createCommunity(a, ownerA, { visibility: 'PUBLIC', joinPolicy: 'OPEN' });
    place = await leipzigPlace(a, ownerA);
  });

  it('refuses bad, unknown and blocked handles readably', async () => {
    const bad = await call(b, memberB, 'POST', '/api/federation/follows', { handle: 'not a handle' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().code).toBe('FEDERATION_HANDLE_INVALID');
    const blocked = await call(b, memberB, 'POST', '/api/federation/follows', {
      handle: '@club@blocked.example',
    });
    expect(blocked.statusCode, blocked.body).toBe(400);
    expect(blocked.json().code).toBe('FEDERATION_DOMAIN_BLOCKED');
    const unknown = await call(b, memberB, 'POST', '/api/federation/follows', {
      handle: `@no-such-club-here@127.0.0.1:${portA}`,
    });
    expect(unknown.statusCode, unknown.body).toBe(404);
    const instance = await call(b, memberB, 'POST', '/api/federation/follows', {
      handle: `@${club.slug}@127.0.0.1:${portA}`,
      scope: 'instance',
    });
    expect(instance.statusCode, instance.body).toBe(403);
  });

  it('a member on B follows a club on A by its handle; A accepts', async () => {
    const res = await call(b, memberB, 'POST', '/api/federation/follows', {
      handle: `@${club.slug}@127.0.0.1:${portA}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    follow = res.json().follow as FederationFollow;
    expect(follow).toMatchObject({
      scope: 'member',
      actor: `${originA()}/c/${club.slug}`,
      instance: '127.0.0.1',
      handle: `${club.slug}@127.0.0.1:${portA}`,
    });
    await eventually(async () => {
      const list = await call(b, memberB, 'GET', '/api/federation/follows');
      expect(list.json().follows).toEqual([expect.objectContaining({ id: follow.id, state: 'accepted' })]);
    });
    // On A, the follower is B's instance actor (one subscription for everyone on B).
    const followers = await a.db.execute<{ actor_uri: string }>(
      sql`select actor_uri from federation_followers where community_id = ${club.id}`,
    );
    expect(followers.rows).toEqual([{ actor_uri: `${originB()}/c/_instance` }]);
  });

  it("A's public event appears in B's near list and city page; changes and cancellation follow", async () => {
    const eventId = await createEvent(a, ownerA, {
      communityId: club.id,
      title: 'Park run Leipzig',
      description: 'Five <b>easy</b> kilometres.',
      recurrence: 'NONE',
      timeZone: 'Europe/Berlin',
      placeId: place.id,
      addressVisibility: 'PUBLIC',
    });
    const url = `${originA()}/event/${eventId}`;
    const remote = await eventually(async () => {
      const found = (await nearList(memberB)).find((e) => e.origin?.url === url);
      expect(found).toBeDefined();
      return found as EventDto;
    });
    expect(remote).toMatchObject({
      title: 'Park run Leipzig',
      description: 'Five <b>easy</b> kilometres.',
      timeZone: 'Europe/Berlin',
      cancelled: false,
      origin: { actor: `${originA()}/c/${club.slug}`, instance: '127.0.0.1', url },
    });
    expect(remote.distanceKm).toBeLessThan(1);
    const city = await call(b, undefined, 'GET', '/api/near/leipzig-de');
    expect(city.statusCode, city.body).toBe(200);
    expect((city.json() as NearCityResponse).events.map((e) => e.origin?.url)).toContain(url);
    // The city page's structured data is ours only.
    const page = await b.app.inject({
      method: 'GET',
      url: '/near/leipzig-de',
      headers: { accept: 'text/html' },
    });
    expect(page.body).not.toContain('Park run Leipzig');

    expect((await updateEvent(a, ownerA, eventId, { title: 'Park run Leipzig, now at 10' })).statusCode).toBe(
      200,
    );
    await eventually(async () => {
      const found = (await nearList(memberB)).find((e) => e.origin?.url === url);
      expect(found?.title).toBe('Park run Leipzig, now at 10');
    });
    expect((await updateEvent(a, ownerA, eventId, { cancelled: true })).statusCode).toBe(200);
    await eventually(async () => {
      const found = (await nearList(memberB)).find((e) => e.origin?.url === url);
      expect(found?.cancelled).toBe(true);
    });
  });

  it('a private event never arrives', async () => {
    const hidden = await createEvent(a, ownerA, {
      communityId: club.id,
      title: 'Members only',
      recurrence: 'NONE',
      visibility: 'PRIVATE',
      placeId: place.id,
    });
    // A public event sent after it: once it is there, the private one would have been too.
    const marker = await createEvent(a, ownerA, {
      communityId: club.id,
      title: 'Open evening',
      recurrence: 'NONE',
      placeId: place.id,
      addressVisibility: 'PUBLIC',
    });
    await eventually(async () => {
      const urls = (await nearList(memberB)).map((e) => e.origin?.url);
      expect(urls).toContain(`${originA()}/event/${marker}`);
    });
    await b.background.drain();
    const urls = (await nearList(memberB)).map((e) => e.origin?.url);
    expect(urls).not.toContain(`${originA()}/event/${hidden}`);
    const stored = await b.db.execute(sql`select 1 from remote_events where title = 'Members only'`);
    expect(stored.rows).toHaveLength(0);
  });

  it("a blocked domain's events never show", async () => {
    const start = new Date(Date.now() + 3 * 24 * 3600_000);
    await b.db.execute(sql`insert into remote_events
      (ap_id, actor_uri, instance, url, title, start_date, end_date, lat, lon, expires_at)
      values ('https://blocked.example/events/1', 'https://blocked.example/c/club', 'blocked.example',
        'https://blocked.example/events/1', 'Blocked meetup', ${start.toISOString()}::timestamptz,
        ${new Date(start.getTime() + 3600_000).toISOString()}::timestamptz, ${LEIPZIG.lat}, ${LEIPZIG.lon},
        ${new Date(start.getTime() + 3600_000).toISOString()}::timestamptz)`);
    const titles = (await nearList(memberB)).map((e) => e.title);
    expect(titles).not.toContain('Blocked meetup');
    expect(titles).toContain('Open evening');
  });

  it('an admin blocks a domain at run time: its events are hidden, its posts refused; unblocking lifts it', async () => {
    const bad = await call(b, memberB, 'POST', '/api/federation/blocked-domains', { domain: '127.0.0.1' });
    expect(bad.statusCode).toBe(403);
    const [adminB] = await verifiedUsers(b, 1);
    await b.db.execute(sql`update users set is_admin = true where id = ${adminB.user.id}`);
    const invalid = await call(b, adminB, 'POST', '/api/federation/blocked-domains', {
      domain: 'not a domain',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('FEDERATION_DOMAIN_INVALID');
    const res = await call(b, adminB, 'POST', '/api/federation/blocked-domains', { domain: '127.0.0.1' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await nearList(memberB)).filter((e) => e.origin?.instance === '127.0.0.1')).toEqual([]);
    const list = await call(b, adminB, 'GET', '/api/federation/blocked-domains');
    expect(list.json().domains).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ domain: 'blocked.example', source: 'config' }),
        expect.objectContaining({ domain: '127.0.0.1', source: 'admin' }),
      ]),
    );
    // A post from the blocked server is refused before any signature is read.
    const post = await fetch(`${originB()}/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify({ type: 'Create', actor: `${originA()}/c/${club.slug}` }),
    });
    expect(post.status).toBe(403);
    const again = await call(b, memberB, 'POST', '/api/federation/follows', {
      handle: `@${club.slug}@127.0.0.1:${portA}`,
    });
    expect(again.statusCode).toBe(400);
    expect((await call(b, adminB, 'DELETE', '/api/federation/blocked-domains/127.0.0.1')).statusCode).toBe(
      200,
    );
    expect((await call(b, adminB, 'DELETE', '/api/federation/blocked-domains/127.0.0.1')).statusCode).toBe(
      404,
    );
  });

  it('remote events are read-only here: RSVPs are refused readably', async () => {
    // Blocking forgot A's events; the next change brings the event back.
    const marker = await createEvent(a, ownerA, {
      communityId: club.id,
      title: 'After the block',
      recurrence: 'NONE',
      placeId: place.id,
      addressVisibility: 'PUBLIC',
    });
    const remote = await eventually(async () => {
      const found = (await nearList(memberB)).find((e) => e.origin?.url === `${originA()}/event/${marker}`);
      expect(found).toBeDefined();
      return found as EventDto;
    });
    const rsvp = await call(b, memberB, 'POST', `/api/events/${remote?.id}/rsvp`, { status: 'going' });
    expect(rsvp.statusCode).toBeGreaterThanOrEqual(400);
    expect(rsvp.statusCode).toBeLessThan(500);
  });

  it('unfollowing the last follow undoes the subscription on A and forgets its events', async () => {
    const other = await call(
      b,
      memberB,
      'DELETE',
      '/api/federation/follows/00000000-0000-4000-8000-000000000000',
    );
    expect(other.statusCode).toBe(404);
    const res = await call(b, memberB, 'DELETE', `/api/federation/follows/${follow.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(b, memberB, 'GET', '/api/federation/follows')).json().follows).toEqual([]);
    await eventually(async () => {
      const followers = await a.db.execute(
        sql`select 1 from federation_followers where community_id = ${club.id}`,
      );
      expect(followers.rows).toHaveLength(0);
    });
    expect((await nearList(memberB)).filter((e) => e.origin?.instance === '127.0.0.1')).toEqual([]);
  });
});
