import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import type { OpenAPIV3 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createUser,
  guestAnswer,
  guestVote,
  makeFriends,
  nextIp,
  type TestUser,
  unique,
  uploadImage,
  verifyEmail,
} from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';

/**
 * The OpenAPI document is what other clients are generated from: it must be strict OpenAPI, and
 * it must describe what the server really sends. So this file lints it, then calls every GET
 * route that answers JSON on a small world of real data and validates each answer against the
 * document's own response schema. A new GET route fails "covers every JSON GET operation" until
 * it is called here (or listed in NOT_CALLED with the reason).
 */

const t = useTestApp();
type Doc = OpenAPIV3.Document;
let doc: Doc;
beforeAll(async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Doc;
});

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item?.[method];
      return op ? [{ path, method, op }] : [];
    }),
  );

describe('the OpenAPI document', () => {
  it('is valid OpenAPI by the strict schema validator', async () => {
    // The validator reads any JSON object; the typed document is one.
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? [], 'OpenAPI schema errors').toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names every operation once, summarises it and says its security', () => {
    const ops = operations();
    expect(ops.filter((o) => !o.op.operationId).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    const ids = ops.map((o) => o.op.operationId);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'duplicate operationIds',
    ).toEqual([]);
    expect(ops.filter((o) => !o.op.summary?.trim()).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    expect(ops.filter((o) => !Array.isArray(o.op.security)).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    // Public routes say so; the sign-in, health and guest routes are among them.
    const security = (path: string, method: (typeof METHODS)[number]) => doc.paths[path]?.[method]?.security;
    expect(security('/api/auth/login', 'post')).toEqual([]);
    expect(security('/api/health', 'get')).toEqual([]);
    expect(security('/api/users/me', 'get')).toEqual([{ bearer: [] }]);
  });

  it('names PUBLIC_URL as its server', () => {
    expect(doc.servers).toEqual([{ url: 'http://townsquare.test' }]);
  });

  it('has no two paths that differ only in a parameter name', () => {
    const shapes = Object.keys(doc.paths).map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.filter((s, i) => shapes.indexOf(s) !== i)).toEqual([]);
    // Both operations of the merged path keep their parameter.
    const merged = doc.paths['/api/messages/{id}'];
    for (const op of [merged?.get, merged?.delete]) {
      expect(op?.parameters).toContainEqual(
        expect.objectContaining({ in: 'path', name: 'id', required: true }),
      );
    }
  });

  it('lists null in every nullable enum', () => {
    const missing: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const s = node as { nullable?: boolean; enum?: unknown[] };
      if (s.nullable && Array.isArray(s.enum) && !s.enum.includes(null)) missing.push(at);
      for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
    };
    walk(doc, '');
    expect(missing).toEqual([]);
  });
});

/** GET operations that answer JSON but are not called here, and why. */
const NOT_CALLED: Record<string, string> = {
  'GET /api/users/me/export': 'a download (Content-Disposition) of the whole account; users/export.test.ts',
  'GET /api/exports/{id}': 'needs a finished export job; club-io tests',
};

type World = Awaited<ReturnType<typeof makeWorld>>;

async function api(as: TestUser | undefined, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await t.app.inject({ method, url, payload, headers: as?.auth ?? {}, remoteAddress: nextIp() });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}
const idOf = (body: Record<string, unknown>, key?: string) =>
  String((key ? (body[key] as { id: string }) : (body as { id: string })).id);

/** An organizer (a platform admin too) with a community, events, a poll, a series; a friend in all of it. */
async function makeWorld() {
  const owner = await createUser(t);
  const friend = await createUser(t);
  await verifyEmail(t, owner);
  await verifyEmail(t, friend);
  await t.db.execute(sql`update users set is_admin = true where id = ${owner.user.id}`);
  await makeFriends(t, owner, friend);
  const community = (
    await api(owner, 'POST', '/api/communities', { name: unique('Allotment society '), visibility: 'PUBLIC' })
  ).community as { id: string; slug: string };
  await api(friend, 'POST', `/api/communities/${community.slug}/join`, {});
  const eventId = await createEvent(t, owner, { allowGuestRsvp: true, capacity: 20 });
  await createEvent(t, owner, { communityId: community.id, title: 'Seed swap' });
  // An album with a photo and a featured recap (decision 075): a community event that has started.
  const albumEvent = await createEvent(t, owner, { communityId: community.id, title: 'Harvest day' });
  await api(friend, 'POST', `/api/events/${albumEvent}/rsvp`, { status: 'going' });
  await t.db.execute(sql`update events set start_date = now() - interval '1 hour' where id = ${albumEvent}`);
  const photo = (
    await api(friend, 'POST', `/api/events/${albumEvent}/album`, {
      imageUrl: await uploadImage(t, friend, 'event-image'),
      caption: 'Pumpkins',
    })
  ).photo as { id: string };
  const recap = (
    await api(owner, 'POST', `/api/events/${albumEvent}/recaps`, {
      title: 'Harvest day',
      body: 'We picked.',
      photoIds: [photo.id],
    })
  ).recap as { id: string };
  await api(owner, 'PUT', `/api/recaps/${recap.id}/featured`, { featured: true });
  await api(friend, 'POST', `/api/events/${eventId}/rsvp`, { status: 'going' });
  await api(friend, 'POST', `/api/event-messages/${eventId}`, { content: 'see you there' });
  await api(owner, 'POST', `/api/communities/${community.slug}/messages`, { content: 'welcome' });
  await api(owner, 'POST', '/api/group-messages', { content: 'hello town' });
  const dm = await api(friend, 'POST', '/api/messages', { receiver: owner.user.id, content: 'hi' });
  await api(owner, 'POST', `/api/communities/${community.slug}/announcements`, {
    title: 'Spring opening',
    message: 'Gates open at nine.',
  });
  const friendGroup = idOf(
    await api(owner, 'POST', '/api/friend-groups', { name: 'Close friends', members: [friend.user.id] }),
  );
  const subgroup = idOf(
    await api(owner, 'POST', '/api/event-subgroups', { eventId, name: 'Carpool', members: [friend.user.id] }),
  );
  await api(owner, 'POST', `/api/event-subgroups/${subgroup}/messages`, { content: 'leaving at 8' });
  await api(owner, 'POST', `/api/friend-groups/${friendGroup}/messages`, { content: 'picnic?' });
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const poll = (
    await api(owner, 'POST', '/api/polls', {
      title: 'When do we meet?',
      closesAt: day(2),
      allowGuestVotes: true,
      options: [
        { startsAt: day(7), endsAt: day(7.1) },
        { startsAt: day(14), endsAt: day(14.1) },
      ],
    })
  ).poll as { id: string; options: { id: string }[] };
  await api(friend, 'PUT', `/api/polls/${poll.id}/votes`, { votes: { [poll.options[0]?.id ?? '']: 'yes' } });
  await api(owner, 'POST', `/api/events/${eventId}/signups`, { name: 'Chairs', quantity: 4 });
  const start = new Date(Date.now() + 26 * 3600_000);
  const series = (
    await api(owner, 'POST', '/api/series', {
      title: 'Thursday run',
      description: 'Five easy kilometres.',
      location: 'Riverside Park',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3600_000).toISOString(),
      timeZone: 'Europe/Berlin',
      freq: 'weekly',
    })
  ).series as { id: string };
  const place = (await api(owner, 'POST', '/api/places', { name: 'Allotment gate', lat: 50.1, lon: 8.68 }))
    .place as { id: string };
  await api(owner, 'POST', '/api/reports', { subjectType: 'message', subjectId: idOf(dm), reason: 'spam' });
  const stranger = await createUser(t);
  await api(owner, 'POST', `/api/users/${stranger.user.id}/block`, {});
  await api(stranger, 'POST', '/api/friends/request', { receiverId: friend.user.id });
  const guest = await guestAnswer(t, eventId, `${unique('guest')}@example.com`);
  const guestVoter = await guestVote(t, poll.id, `${unique('voter')}@example.com`, {
    [poll.options[0]?.id ?? '']: 'yes',
  });
  // A verified business near the community, offered its package and active (decision 074).
  const business = await createUser(t, { roles: ['Sponsor'], verified: true });
  const sponsor = idOf(
    await api(business, 'PUT', '/api/sponsors/me', { name: unique('Café '), category: 'cafe' }),
    'sponsor',
  );
  await api(owner, 'PUT', `/api/admin/sponsors/${sponsor}/verified`, { value: true });
  await api(owner, 'PUT', `/api/communities/${community.slug}/sponsorship`, {
    lookingForSponsors: true,
    note: 'Tea for the volunteers',
  });
  await t.background.drain();
  return {
    owner,
    friend,
    business,
    sponsor,
    community,
    eventId,
    friendGroup,
    subgroup,
    poll: poll.id,
    series: series.id,
    place: place.id,
    guestToken: guest.manageToken,
    voterToken: guestVoter.manageToken,
    albumEvent,
    recap: recap.id,
  };
}

/** Each JSON GET operation: the request that exercises it, as whom (anonymous without one). */
const CALLS: Record<
  string,
  (w: World) => { url: string; as?: TestUser } | Promise<{ url: string; as?: TestUser }>
> = {
  'GET /api/instance': () => ({ url: '/api/instance' }),
  'GET /api/health': () => ({ url: '/api/health' }),
  'GET /api/ready': () => ({ url: '/api/ready' }),
  'GET /api/auth/verify': (w) => ({ url: '/api/auth/verify', as: w.owner }),
  'GET /api/auth/sessions': (w) => ({ url: '/api/auth/sessions', as: w.owner }),
  'GET /api/users/public/{id}': (w) => ({ url: `/api/users/public/${w.owner.user.id}` }),
  'GET /api/users/me': (w) => ({ url: '/api/users/me', as: w.owner }),
  'GET /api/users/{id}': (w) => ({ url: `/api/users/${w.friend.user.id}`, as: w.owner }),
  'GET /api/events': (w) => ({ url: '/api/events', as: w.friend }),
  'GET /api/events/counts': (w) => ({ url: '/api/events/counts', as: w.friend }),
  'GET /api/events/public/{id}': (w) => ({ url: `/api/events/public/${w.eventId}` }),
  'GET /api/events/{id}': (w) => ({ url: `/api/events/${w.eventId}`, as: w.friend }),
  'GET /api/series/pending': (w) => ({ url: '/api/series/pending', as: w.owner }),
  'GET /api/series/{id}': (w) => ({ url: `/api/series/${w.series}`, as: w.owner }),
  'GET /api/events/{id}/guest-rsvps/form': (w) => ({ url: `/api/events/${w.eventId}/guest-rsvps/form` }),
  'GET /api/guest-rsvps/{token}': (w) => ({ url: `/api/guest-rsvps/${w.guestToken}` }),
  'GET /api/polls/{id}/guest-votes/form': (w) => ({ url: `/api/polls/${w.poll}/guest-votes/form` }),
  'GET /api/guest-votes/{token}': (w) => ({ url: `/api/guest-votes/${w.voterToken}` }),
  'GET /api/events/{id}/ticket': (w) => ({ url: `/api/events/${w.eventId}/ticket`, as: w.friend }),
  'GET /api/events/{id}/attendees': (w) => ({ url: `/api/events/${w.eventId}/attendees`, as: w.owner }),
  'GET /api/friends/list': (w) => ({ url: '/api/friends/list', as: w.owner }),
  'GET /api/friends/requests': (w) => ({ url: '/api/friends/requests', as: w.friend }),
  'GET /api/friends/status/{userId}': (w) => ({
    url: `/api/friends/status/${w.friend.user.id}`,
    as: w.owner,
  }),
  'GET /api/users/me/blocks': (w) => ({ url: '/api/users/me/blocks', as: w.owner }),
  'GET /api/messages': (w) => ({ url: '/api/messages', as: w.owner }),
  'GET /api/messages/{id}': (w) => ({ url: `/api/messages/${w.friend.user.id}`, as: w.owner }),
  'GET /api/group-messages': (w) => ({ url: '/api/group-messages', as: w.owner }),
  'GET /api/event-messages/{id}': (w) => ({ url: `/api/event-messages/${w.eventId}` }),
  'GET /api/friend-groups': (w) => ({ url: '/api/friend-groups', as: w.owner }),
  'GET /api/friend-groups/{id}/messages': (w) => ({
    url: `/api/friend-groups/${w.friendGroup}/messages`,
    as: w.owner,
  }),
  'GET /api/event-subgroups/event/{eventId}': (w) => ({
    url: `/api/event-subgroups/event/${w.eventId}`,
    as: w.owner,
  }),
  'GET /api/event-subgroups/user-subgroups': (w) => ({
    url: '/api/event-subgroups/user-subgroups',
    as: w.friend,
  }),
  'GET /api/event-subgroups/{id}/messages': (w) => ({
    url: `/api/event-subgroups/${w.subgroup}/messages`,
    as: w.friend,
  }),
  'GET /api/communities': () => ({ url: '/api/communities' }),
  'GET /api/communities/mine': (w) => ({ url: '/api/communities/mine', as: w.friend }),
  'GET /api/communities/{slug}': (w) => ({ url: `/api/communities/${w.community.slug}`, as: w.friend }),
  'GET /api/communities/{slug}/people': (w) => ({ url: `/api/communities/${w.community.slug}/people` }),
  'GET /api/communities/{slug}/members': (w) => ({
    url: `/api/communities/${w.community.slug}/members`,
    as: w.owner,
  }),
  'GET /api/communities/{slug}/events': (w) => ({ url: `/api/communities/${w.community.slug}/events` }),
  'GET /api/communities/{slug}/messages': (w) => ({
    url: `/api/communities/${w.community.slug}/messages`,
    as: w.friend,
  }),
  'GET /api/communities/{slug}/imports': (w) => ({
    url: `/api/communities/${w.community.slug}/imports`,
    as: w.owner,
  }),
  'GET /api/imports/{id}': async (w) => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n';
    const boundary = `----townsquare${unique('b')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/communities/${w.community.slug}/imports`,
      headers: { ...w.owner.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.ics"\r\nContent-Type: text/calendar\r\n\r\n${ics}\r\n--${boundary}--\r\n`,
    });
    if (res.statusCode >= 300) throw new Error(`import: ${res.statusCode} ${res.body}`);
    return { url: `/api/imports/${(res.json() as { import: { id: string } }).import.id}`, as: w.owner };
  },
  'GET /api/communities/{slug}/share-email': (w) => ({
    url: `/api/communities/${w.community.slug}/share-email`,
    as: w.friend,
  }),
  'GET /api/communities/{slug}/announcements': (w) => ({
    url: `/api/communities/${w.community.slug}/announcements`,
  }),
  'GET /api/notifications': (w) => ({ url: '/api/notifications', as: w.owner }),
  'GET /api/notifications/unread-count': (w) => ({ url: '/api/notifications/unread-count', as: w.owner }),
  'GET /api/push/public-key': () => ({ url: '/api/push/public-key' }),
  'GET /api/search': () => ({ url: '/api/search?q=park' }),
  'GET /api/places/search': () => ({ url: '/api/places/search?q=berl' }),
  'GET /api/events/map': () => ({ url: '/api/events/map?bbox=-180,-85,180,85' }),
  'GET /api/places/{id}': (w) => ({ url: `/api/places/${w.place}`, as: w.owner }),
  'GET /api/near/{city}': () => ({ url: '/api/near/berlin-de' }),
  'GET /api/admin/users': (w) => ({ url: '/api/admin/users', as: w.owner }),
  'GET /api/admin/instance': (w) => ({ url: '/api/admin/instance', as: w.owner }),
  'GET /api/reports/mine': (w) => ({ url: '/api/reports/mine', as: w.owner }),
  'GET /api/admin/reports': (w) => ({ url: '/api/admin/reports', as: w.owner }),
  'GET /api/admin/audit': (w) => ({ url: '/api/admin/audit', as: w.owner }),
  'GET /api/polls': (w) => ({ url: `/api/polls?community=${w.community.slug}`, as: w.owner }),
  'GET /api/polls/{id}': (w) => ({ url: `/api/polls/${w.poll}`, as: w.friend }),
  'GET /api/polls/{id}/voters': (w) => ({ url: `/api/polls/${w.poll}/voters`, as: w.owner }),
  'GET /api/events/{id}/signups': (w) => ({ url: `/api/events/${w.eventId}/signups`, as: w.owner }),
  'GET /api/events/{id}/album': (w) => ({ url: `/api/events/${w.albumEvent}/album`, as: w.friend }),
  'GET /api/events/{id}/recaps': (w) => ({ url: `/api/events/${w.albumEvent}/recaps` }),
  'GET /api/users/me/album-preferences': (w) => ({ url: '/api/users/me/album-preferences', as: w.owner }),
  'GET /api/recaps/{id}': (w) => ({ url: `/api/recaps/${w.recap}`, as: w.owner }),
  'GET /api/communities/{slug}/recaps': (w) => ({ url: `/api/communities/${w.community.slug}/recaps` }),
  'GET /api/sponsors/me': (w) => ({ url: '/api/sponsors/me', as: w.business }),
  'GET /api/sponsors/me/communities': (w) => ({
    url: '/api/sponsors/me/communities?near=52.52,13.405',
    as: w.business,
  }),
  'GET /api/sponsors': (w) => ({ url: '/api/sponsors?near=52.52,13.405', as: w.owner }),
  'GET /api/sponsors/{id}': (w) => ({ url: `/api/sponsors/${w.sponsor}` }),
  'GET /api/communities/{slug}/sponsorship': (w) => ({
    url: `/api/communities/${w.community.slug}/sponsorship`,
    as: w.owner,
  }),
  'GET /api/communities/{slug}/sponsors': (w) => ({ url: `/api/communities/${w.community.slug}/sponsors` }),
  'GET /api/sponsorships': (w) => ({ url: '/api/sponsorships', as: w.business }),
  'GET /api/events/{id}/sponsors': (w) => ({ url: `/api/events/${w.eventId}/sponsors` }),
  'GET /api/events/{id}/hosting-offers': (w) => ({
    url: `/api/events/${w.eventId}/hosting-offers`,
    as: w.owner,
  }),
};

describe('live answers match the document', { timeout: 120_000 }, () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  }, 120_000);

  const jsonGets = () => operations().filter((o) => o.method === 'get' && responseSchema(o.op) !== undefined);

  it('covers every JSON GET operation', () => {
    const keys = jsonGets().map((o) => `GET ${o.path}`);
    expect(
      keys.filter((k) => !(k in CALLS) && !(k in NOT_CALLED)),
      'add them to CALLS',
    ).toEqual([]);
    expect(
      Object.keys(CALLS).filter((k) => !keys.includes(k)),
      'stale CALLS',
    ).toEqual([]);
  });

  it('every called answer validates against its 200 response schema', async () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const failures: string[] = [];
    for (const { path, op } of jsonGets()) {
      const call = CALLS[`GET ${path}`];
      if (!call) continue;
      const { url, as } = await call(world);
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: as?.auth ?? {},
        remoteAddress: nextIp(),
      });
      if (res.statusCode !== 200) {
        failures.push(`GET ${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const validate = ajv.compile(responseSchema(op) ?? {});
      if (!validate(res.json())) {
        failures.push(`GET ${path}: ${ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 600)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

function responseSchema(op: OpenAPIV3.OperationObject): object | undefined {
  const ok = op.responses['200'];
  if (!ok || '$ref' in ok) return undefined;
  return ok.content?.['application/json']?.schema;
}
