import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { Accept, Announce, Create, Delete, Event, Group, Place, Reject, Update } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { createCommunity, createEvent, updateEvent, verifiedUsers } from '../../test/factories.ts';
import { freePort, type Peer, startPeer } from '../../test/fediverse-peer.ts';
import { useTestApp } from '../../test/test-app.ts';
import { isFederationRequest } from './bridge.ts';

const AP = 'application/activity+json';

let port = 0;
let peer: Peer;
beforeAll(async () => {
  port = await freePort();
  peer = await startPeer();
});
afterAll(async () => {
  await peer?.close();
});

// A real server on a loopback port: the peer fetches our actors and delivers to our inboxes over
// HTTP, signed with its own keys, as another server on the fediverse would.
const t = useTestApp(() => ({
  env: {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    FEDERATION: 'true',
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    FEDERATION_BLOCKED_DOMAINS: 'blocked.example',
    // Every post of this file comes from 127.0.0.1; the last test floods past it.
    FEDERATION_INBOX_RATE_LIMIT: '60',
  },
  // A web build, so that a browser's request at a shared path has a page to get.
  web: {
    'index.html':
      '<!doctype html><html lang="en"><head><title>Townsquare</title></head><body><div id="root"></div></body></html>',
  },
}));
beforeAll(async () => {
  await t.app.listen({ port, host: '127.0.0.1' });
});

const origin = () => `http://127.0.0.1:${port}`;
const get = (url: string, accept = AP) => t.app.inject({ method: 'GET', url, headers: { accept } });

describe('discovery', () => {
  it('answers WebFinger for a public community with its Group actor, and 404 for a private one', async () => {
    const [owner] = await verifiedUsers(t, 1);
    const club = await createCommunity(t, owner, { visibility: 'PUBLIC' });
    const hidden = await createCommunity(t, owner, { visibility: 'PRIVATE' });
    const host = `127.0.0.1:${port}`;
    const res = await get(
      `/.well-known/webfinger?resource=acct:${club.slug}@${host}`,
      'application/jrd+json',
    );
    expect(res.statusCode, res.body).toBe(200);
    const jrd = res.json() as { subject: string; links: { rel: string; type?: string; href?: string }[] };
    expect(jrd.subject).toBe(`acct:${club.slug}@${host}`);
    expect(jrd.links).toContainEqual(
      expect.objectContaining({ rel: 'self', type: AP, href: `${origin()}/c/${club.slug}` }),
    );
    const none = await get(
      `/.well-known/webfinger?resource=acct:${hidden.slug}@${host}`,
      'application/jrd+json',
    );
    expect(none.statusCode).toBe(404);
  });

  it('serves NodeInfo 2.1 through the well-known link', async () => {
    const link = await get('/.well-known/nodeinfo', 'application/json');
    expect(link.statusCode).toBe(200);
    const href = (link.json() as { links: { rel: string; href: string }[] }).links[0]?.href ?? '';
    expect(href).toBe(`${origin()}/nodeinfo/2.1`);
    const info = await get('/nodeinfo/2.1', 'application/json');
    expect(info.statusCode).toBe(200);
    const body = info.json() as {
      version: string;
      software: { name: string };
      protocols: string[];
      usage: { users: { total: number } };
    };
    expect(body.version).toBe('2.1');
    expect(body.software.name).toBe('townsquare');
    expect(body.protocols).toEqual(['activitypub']);
    expect(body.usage.users.total).toBeGreaterThan(0);
  });

  it('a public community is a Group with keys, inbox, followers; a private one is no actor (404)', async () => {
    const [owner] = await verifiedUsers(t, 1);
    const club = await createCommunity(t, owner, {
      visibility: 'PUBLIC',
      joinPolicy: 'APPROVAL',
      description: 'We run <fast>.',
    });
    const hidden = await createCommunity(t, owner, { visibility: 'PRIVATE' });
    const res = await get(`/c/${club.slug}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/activity\+json/);
    const actor = res.json() as Record<string, unknown>;
    expect(actor).toMatchObject({
      id: `${origin()}/c/${club.slug}`,
      type: 'Group',
      preferredUsername: club.slug,
      name: club.name,
      summary: '<p>We run &lt;fast&gt;.</p>',
      inbox: `${origin()}/c/${club.slug}/inbox`,
      followers: `${origin()}/c/${club.slug}/followers`,
      manuallyApprovesFollowers: true,
    });
    expect((actor.publicKey as { publicKeyPem: string }).publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
    // Read by another server through the library: the same Group.
    expect(await peer.lookup(`${origin()}/c/${club.slug}`)).toBeInstanceOf(Group);
    // The keys are made once and kept: the second read signs with the same key.
    const again = (await get(`/c/${club.slug}`)).json() as { publicKey: { publicKeyPem: string } };
    expect(again.publicKey.publicKeyPem).toBe((actor.publicKey as { publicKeyPem: string }).publicKeyPem);

    expect((await get(`/c/${hidden.slug}`)).statusCode).toBe(404);
    expect((await get(`/c/${hidden.slug}/followers`)).statusCode).toBe(404);
    expect((await get('/c/no-such-club-at-all')).statusCode).toBe(404);
  });

  it('the instance has an Application actor for signed fetches', async () => {
    const res = await get('/c/_instance');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'Application', id: `${origin()}/c/_instance` });
  });

  it('a browser at a community or event page still gets the page, not the actor', async () => {
    const [owner] = await verifiedUsers(t, 1);
    const club = await createCommunity(t, owner, { visibility: 'PUBLIC' });
    const eventId = await createEvent(t, owner, { communityId: club.id });
    for (const url of [`/c/${club.slug}`, `/event/${eventId}`]) {
      const page = await get(url, 'text/html,application/xhtml+xml');
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.body, url).not.toContain('"type":"Group"');
      expect((await get(url)).headers['content-type'], url).toMatch(/activity\+json/);
    }
  });

  it('browsers still get the web app at a community page; federation-only paths never reach it', () => {
    expect(isFederationRequest('/c/riverside', 'text/html,application/xhtml+xml')).toBe(false);
    expect(isFederationRequest('/c/riverside', AP)).toBe(true);
    expect(
      isFederationRequest(
        '/event/123',
        'application/ld+json; profile="https://www.w3.org/ns/activitystreams"',
      ),
    ).toBe(true);
    expect(isFederationRequest('/c/riverside/inbox', 'text/html')).toBe(true);
    expect(isFederationRequest('/api/communities', AP)).toBe(false);
  });
});

describe('inbox safety', () => {
  it('refuses a body over the limit (413), a blocked domain (403) and an unsigned activity (401)', async () => {
    const [owner] = await verifiedUsers(t, 1);
    const club = await createCommunity(t, owner, { visibility: 'PUBLIC' });
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/c/${club.slug}/inbox`,
        headers: { 'content-type': AP },
        payload,
      });
    expect((await post('x'.repeat(300 * 1024))).statusCode).toBe(413);
    const blocked = JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: 'https://spam.blocked.example/f/1',
      type: 'Follow',
      actor: 'https://spam.blocked.example/users/x',
      object: `${origin()}/c/${club.slug}`,
    });
    expect((await post(blocked)).statusCode).toBe(403);
    const unsigned = JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.origin}/f/unsigned`,
      type: 'Follow',
      actor: peer.alice().href,
      object: `${origin()}/c/${club.slug}`,
    });
    expect((await post(unsigned)).statusCode).toBe(401);
    const rows =
      await t.db.execute(sql`select 1 from federation_followers where actor_uri = ${peer.alice().href}
      and community_id = ${club.id}`);
    expect(rows.rows).toHaveLength(0);
  });
});

describe('signatures', () => {
  it('refuses a forged signature and a stale (replayed) one with 401; the same signed now is taken', async () => {
    const [owner] = await verifiedUsers(t, 1);
    const club = await createCommunity(t, owner, { visibility: 'PUBLIC', joinPolicy: 'OPEN' });
    const alice = peer.alice().href;
    const body = JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.origin}/follows/by-hand`,
      type: 'Follow',
      actor: alice,
      object: `${origin()}/c/${club.slug}`,
    });
    const request = () =>
      new Request(`${origin()}/c/${club.slug}/inbox`, {
        method: 'POST',
        headers: { 'content-type': AP },
        body,
      });
    const keyId = new URL(`${alice}#main-key`);
    const rsa = peer.keys[0]?.privateKey;
    if (!rsa) throw new Error('the peer has no RSA key');
    // Claims to be Alice's key, signed with another: the key fetched from her server disagrees.
    const stranger = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    expect((await fetch(await signRequest(request(), stranger.privateKey, keyId))).status).toBe(401);
    // Alice's own key, but a signature made two hours ago (a captured request sent again).
    const stale = await signRequest(request(), rsa, keyId, {
      currentTime: Temporal.Now.instant().subtract({ hours: 2 }),
    });
    expect((await fetch(stale)).status).toBe(401);
    const followers = sql`select 1 from federation_followers where community_id = ${club.id}`;
    expect((await t.db.execute(followers)).rows).toHaveLength(0);
    // The same activity signed now by her key is taken: the refusals were for the signatures.
    expect((await fetch(await signRequest(request(), rsa, keyId))).status).toBe(202);
    await eventually(async () => {
      expect((await t.db.execute(followers)).rows).toHaveLength(1);
    });
  });
});

describe('follows and events', () => {
  it('a signed Follow of an OPEN community is accepted; its published event reaches the follower', async () => {
    const [owner] = await verifiedUsers(t, 1);
    const club = await createCommunity(t, owner, { visibility: 'PUBLIC', joinPolicy: 'OPEN' });
    const groupUri = `${origin()}/c/${club.slug}`;
    const followId = await peer.follow(groupUri);

    const accept = await eventually(async () => {
      const found = peer.receivedOf(Accept).find((a) => a.actorId?.href === groupUri);
      expect(found).toBeDefined();
      return found as Accept;
    });
    expect(accept.objectId?.href).toBe(followId.href);
    const stored = await t.db.execute<{ state: string; inbox: string }>(
      sql`select state, inbox from federation_followers where community_id = ${club.id}`,
    );
    expect(stored.rows).toEqual([{ state: 'accepted', inbox: `${peer.origin}/users/alice/inbox` }]);
    // Followers are counted in public, never listed.
    const followers = (await get(`/c/${club.slug}/followers`)).json() as {
      totalItems: number;
      orderedItems?: unknown[];
    };
    expect(followers.totalItems).toBe(1);
    expect(followers.orderedItems ?? []).toEqual([]);

    const eventId = await createEvent(t, owner, {
      communityId: club.id,
      title: 'Riverside run',
      timeZone: 'Europe/Berlin',
      addressVisibility: 'PUBLIC',
    });
    const eventUri = `${origin()}/event/${eventId}`;
    const create = await eventually(async () => {
      const found = peer.receivedOf(Create).find((a) => a.objectId?.href === eventUri);
      expect(found).toBeDefined();
      return found as Create;
    });
    expect(create.actorId?.href).toBe(groupUri);
    // On the wire, the event carries what event-aware servers read (FEP-8a8e).
    const wire = peer.posted.find((b) => b.type === 'Create' && JSON.stringify(b).includes(eventUri));
    expect(wire?.object).toMatchObject({ timezone: 'Europe/Berlin', 'ical:status': 'CONFIRMED' });
    const event = await create.getObject();
    expect(event).toBeInstanceOf(Event);
    expect((event as Event).name?.toString()).toBe('Riverside run');
    // The Group announces what it published (FEP-1b12).
    await eventually(async () => {
      expect(peer.receivedOf(Announce).some((a) => a.actorId?.href === groupUri)).toBe(true);
    });

    // The Group's outbox shows it: what a server reading it on a first follow sees coming.
    const outbox = (await get(`/c/${club.slug}/outbox`)).json() as {
      totalItems: number;
      orderedItems: { type: string; object: { id: string } }[];
    };
    expect(outbox.totalItems).toBe(1);
    expect(outbox.orderedItems.map((a) => [a.type, a.object.id])).toEqual([['Create', eventUri]]);

    // The object itself, as an event-aware server reads it (FEP-8a8e).
    const json = (await get(`/event/${eventId}`)).json() as Record<string, unknown>;
    expect(json).toMatchObject({
      type: 'Event',
      id: eventUri,
      name: 'Riverside run',
      timezone: 'Europe/Berlin',
      attributedTo: groupUri,
      audience: groupUri,
      url: eventUri,
      'ical:status': 'CONFIRMED',
      location: { type: 'Place', name: 'Riverside Park, north gate' },
    });
    expect(String(json.summary)).toMatch(/\(Europe\/Berlin\) · Riverside Park, north gate$/);
    expect(json.startTime).toMatch(/^\d{4}-\d\d-\d\dT/);

    // A change goes out as Update; calling it off as Update with ical:status CANCELLED.
    expect((await updateEvent(t, owner, eventId, { title: 'Riverside run (moved)' })).statusCode).toBe(200);
    await eventually(async () => {
      const update = peer.receivedOf(Update).find((a) => a.objectId?.href === eventUri);
      expect(update).toBeDefined();
      const changed = (await update?.getObject()) as Event | undefined;
      expect(changed?.name?.toString()).toBe('Riverside run (moved)');
    });
    const cancel = await updateEvent(t, owner, eventId, { cancelled: true });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await eventually(async () => {
      const updates = peer.posted.filter((b) => b.type === 'Update' && JSON.stringify(b).includes(eventUri));
      expect(updates.at(-1)?.object).toMatchObject({ 'ical:status': 'CANCELLED' });
    });
    // Deleted: a Delete of its Tombstone.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/events/${eventId}`, headers: owner.auth }))
        .statusCode,
    ).toBeLessThan(300);
    await eventually(async () => {
      expect(peer.receivedOf(Delete).some((a) => a.objectId?.href === eventUri)).toBe(true);
    });
    expect((await get(`/event/${eventId}`)).statusCode).toBe(404);

    // Undo(Follow) removes the follower.
    await peer.unfollow(groupUri, followId);
    await eventually(async () => {
      const left = await t.db.execute(
        sql`select 1 from federation_followers where community_id = ${club.id}`,
      );
      expect(left.rows).toHaveLength(0);
    });
  });

  it('a Follow of an APPROVAL community is held until an organiser answers it; a draft or private event never leaves', async () => {
    const [owner] = await verifiedUsers(t, 1);
    const club = await createCommunity(t, owner, { visibility: 'PUBLIC', joinPolicy: 'APPROVAL' });
    const groupUri = `${origin()}/c/${club.slug}`;
    await peer.follow(groupUri);
    await eventually(async () => {
      const rows = await t.db.execute<{ state: string }>(
        sql`select state from federation_followers where community_id = ${club.id}`,
      );
      expect(rows.rows).toEqual([{ state: 'pending' }]);
    });
    expect(peer.receivedOf(Accept).some((a) => a.actorId?.href === groupUri)).toBe(false);

    // Organisers see the held follow and answer it; nobody else may.
    const [member] = await verifiedUsers(t, 1);
    const path = `/api/communities/${club.slug}/fediverse/followers`;
    const as = (
      user: { auth: { authorization: string } } | undefined,
      method: 'GET' | 'POST',
      url: string,
      payload?: object,
    ) => t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });
    expect((await as(undefined, 'GET', path)).statusCode).toBe(401);
    expect((await as(member, 'GET', path)).statusCode).toBe(403);
    expect((await as(member, 'POST', `${path}/approve`, { actor: peer.alice().href })).statusCode).toBe(403);
    expect(
      (await as(owner, 'GET', '/api/communities/no-such-club-here/fediverse/followers')).statusCode,
    ).toBe(404);
    const list = await as(owner, 'GET', path);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      followers: [{ actor: peer.alice().href, state: 'pending', createdAt: expect.any(String) }],
    });
    expect((await as(owner, 'POST', `${path}/approve`, { actor: 'not a url' })).statusCode).toBe(400);
    expect(
      (await as(owner, 'POST', `${path}/approve`, { actor: `${peer.origin}/users/nobody` })).statusCode,
    ).toBe(404);
    const approved = await as(owner, 'POST', `${path}/approve`, { actor: peer.alice().href });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ follower: { state: 'accepted' } });
    await eventually(async () => {
      expect(peer.receivedOf(Accept).some((a) => a.actorId?.href === groupUri)).toBe(true);
    });
    // Refused afterwards: forgotten, and told.
    const refused = await as(owner, 'POST', `${path}/reject`, { actor: peer.alice().href });
    expect(refused.statusCode, refused.body).toBe(200);
    await eventually(async () => {
      expect(peer.receivedOf(Reject).some((a) => a.actorId?.href === groupUri)).toBe(true);
    });
    expect((await as(owner, 'GET', path)).json()).toEqual({ followers: [] });

    const draft = await createEvent(t, owner, { communityId: club.id, status: 'DRAFT' });
    expect((await get(`/event/${draft}`)).statusCode).toBe(404);
    const secret = await createEvent(t, owner, { communityId: club.id, visibility: 'PRIVATE' });
    expect((await get(`/event/${secret}`)).statusCode).toBe(404);
  });

  it('an ATTENDEES address leaves as its city only, an online link never', async () => {
    const [owner] = await verifiedUsers(t, 1);
    const club = await createCommunity(t, owner, { visibility: 'PUBLIC' });
    const eventId = await createEvent(t, owner, {
      communityId: club.id,
      location: 'Flat 3, 12 Secret Street',
      addressVisibility: 'ATTENDEES',
      online: true,
      onlineUrl: 'https://meet.example/secret-room',
    });
    const res = await get(`/event/${eventId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('Secret Street');
    expect(res.body).not.toContain('secret-room');
    // Read through the library, as a peer would.
    const object = await peer.lookup(`${origin()}/event/${eventId}`);
    expect(object).toBeInstanceOf(Event);
    expect(await (object as Event).getLocation()).not.toBeInstanceOf(Place);
  });
});

describe('delivery', () => {
  it('a server that does not answer gets the delivery again later, through the job queue', async () => {
    const [owner] = await verifiedUsers(t, 1);
    const club = await createCommunity(t, owner, { visibility: 'PUBLIC' });
    // A follower whose server is down (nothing listens on its port).
    const dead = `http://127.0.0.1:${await freePort()}`;
    await t.db.execute(sql`insert into federation_followers (community_id, actor_uri, inbox, state)
      values (${club.id}, ${`${dead}/users/bob`}, ${`${dead}/users/bob/inbox`}, 'accepted')`);
    const eventId = await createEvent(t, owner, { communityId: club.id });
    // The library's back-off: the failed attempt is queued again, for later, as a job of ours.
    const retry = await eventually(async () => {
      const rows = await t.db.execute<{
        later: boolean;
      }>(sql`select start_after > now() as later from pgboss.job
        where name = 'federation' and data->'message'->>'inbox' = ${`${dead}/users/bob/inbox`}
          and (data->'message'->>'attempt')::int >= 1
          and data->'message'->>'activity' like ${`%${eventId}%`}`);
      expect(rows.rows.length).toBeGreaterThan(0);
      return rows.rows[0];
    });
    expect(retry?.later).toBe(true);
  });
});

describe('inbox flood', () => {
  it('one address posting more than FEDERATION_INBOX_RATE_LIMIT a minute gets 429, before anything is read', async () => {
    const [owner] = await verifiedUsers(t, 1);
    const club = await createCommunity(t, owner, { visibility: 'PUBLIC' });
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: `/c/${club.slug}/inbox`,
        headers: { 'content-type': AP },
        payload: '{}',
        remoteAddress: '192.0.2.7',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await post()).statusCode);
    expect(statuses.slice(0, 60).every((s) => s !== 429)).toBe(true);
    const last = await post();
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up by it.
    const other = await t.app.inject({
      method: 'POST',
      url: `/c/${club.slug}/inbox`,
      headers: { 'content-type': AP },
      payload: '{}',
      remoteAddress: '192.0.2.8',
    });
    expect(other.statusCode).not.toBe(429);
  });
});
