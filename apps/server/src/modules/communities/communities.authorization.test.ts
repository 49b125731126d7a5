import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createEvent,
  createUser,
  eventBody,
  nextIp,
  requestOk,
  type TestUser,
  unique,
  verifyEmail,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Every community route called as each of the seven kinds of
 * caller, against a PUBLIC and a PRIVATE community. Complements the app-wide matrix
 * (auth/authorization.test.ts), which has the four actors every route shares.
 */

const t = useTestApp();

const ACTORS = ['anonymous', 'nonMember', 'pending', 'member', 'organizer', 'owner', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Kind = 'PUBLIC' | 'PRIVATE';
type World = Record<Exclude<Actor, 'anonymous'>, TestUser> & { slug: string; id: string; kind: Kind };
type Call = { method: InjectOptions['method']; url: string; payload?: object };
type Row = { request: (w: World) => Call | Promise<Call>; expect: Record<Actor, number> };

const api = (as: TestUser, method: 'POST' | 'PATCH', url: string, payload?: object) =>
  requestOk<{ community: { slug: string; id: string } }>(t, as, method, url, payload);

/** A community with one caller of each kind; APPROVAL, so `pending` can be pending. */
async function world(kind: Kind): Promise<World> {
  const [nonMember, pending, member, organizer, owner, admin] = await Promise.all(
    Array.from({ length: 6 }, () => createUser(t)),
  );
  await t.db.execute(sql`update users set is_admin = true where id = ${admin!.user.id}`);
  // Publishing an event needs a verified address; this matrix is about the community's rules.
  for (const user of [nonMember, pending, member, organizer, owner, admin]) await verifyEmail(t, user!);
  const { community } = await api(owner!, 'POST', '/api/communities', {
    name: unique('Matrix club '),
    visibility: kind,
    joinPolicy: 'APPROVAL',
  });
  const { slug, id } = community;
  for (const user of [member!, organizer!])
    await api(owner!, 'POST', `/api/communities/${slug}/invites`, { userId: user.user.id });
  for (const user of [member!, organizer!]) await api(user, 'POST', `/api/communities/${slug}/join`);
  await api(owner!, 'PATCH', `/api/communities/${slug}/members/${organizer!.user.id}`, { role: 'ORGANIZER' });
  await api(pending!, 'POST', `/api/communities/${slug}/join`, { answers: [] });
  return {
    nonMember: nonMember!,
    pending: pending!,
    member: member!,
    organizer: organizer!,
    owner: owner!,
    admin: admin!,
    slug,
    id,
    kind,
  };
}

/** A fresh member for routes that act on one (each caller acts on their own target). */
async function freshMember(w: World): Promise<string> {
  const user = await createUser(t);
  await api(w.owner, 'POST', `/api/communities/${w.slug}/invites`, { userId: user.user.id });
  await api(user, 'POST', `/api/communities/${w.slug}/join`);
  return user.user.id;
}

const all = (anonymous: number, rest: number, over: Partial<Record<Actor, number>> = {}) =>
  Object.fromEntries(ACTORS.map((a) => [a, a === 'anonymous' ? anonymous : (over[a] ?? rest)])) as Record<
    Actor,
    number
  >;
/** Members only (pending is not a member). */
const MEMBERS = (ok: number) => all(401, 403, { member: ok, organizer: ok, owner: ok });
const ORGANIZERS = (ok: number) => all(401, 403, { organizer: ok, owner: ok });

const ROWS: Record<string, Record<Kind, Row>> = {
  'GET /api/communities/:slug': both({
    request: (w) => ({ method: 'GET', url: `/api/communities/${w.slug}` }),
    expect: all(200, 200),
  }),
  'PATCH /api/communities/:slug': both({
    request: (w) => ({
      method: 'PATCH',
      url: `/api/communities/${w.slug}`,
      payload: { description: 'Edited' },
    }),
    expect: ORGANIZERS(200),
  }),
  'POST /api/communities/:slug/join': both({
    request: (w) => ({ method: 'POST', url: `/api/communities/${w.slug}/join`, payload: { answers: [] } }),
    // Members and the pending asker: nothing changes; anyone else asks (APPROVAL).
    expect: all(401, 200),
  }),
  'GET /api/communities/:slug/members': both({
    request: (w) => ({ method: 'GET', url: `/api/communities/${w.slug}/members` }),
    expect: MEMBERS(200),
  }),
  'GET /api/communities/:slug/members?state=pending': both({
    request: (w) => ({ method: 'GET', url: `/api/communities/${w.slug}/members?state=pending` }),
    expect: ORGANIZERS(200),
  }),
  'PATCH /api/communities/:slug/members/:userId': both({
    request: async (w) => ({
      method: 'PATCH',
      url: `/api/communities/${w.slug}/members/${await freshMember(w)}`,
      payload: { role: 'ORGANIZER' },
    }),
    expect: ORGANIZERS(200),
  }),
  'DELETE /api/communities/:slug/members/:userId': both({
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/communities/${w.slug}/members/${await freshMember(w)}`,
    }),
    expect: ORGANIZERS(200),
  }),
  'POST /api/communities/:slug/invites': both({
    request: async (w) => ({
      method: 'POST',
      url: `/api/communities/${w.slug}/invites`,
      payload: { userId: (await createUser(t)).user.id },
    }),
    expect: ORGANIZERS(201),
  }),
  'POST /api/communities/:slug/bans': both({
    request: async (w) => ({
      method: 'POST',
      url: `/api/communities/${w.slug}/bans`,
      payload: { userId: await freshMember(w) },
    }),
    expect: ORGANIZERS(201),
  }),
  'GET /api/communities/:slug/events': {
    PUBLIC: {
      request: (w) => ({ method: 'GET', url: `/api/communities/${w.slug}/events` }),
      expect: all(200, 200),
    },
    PRIVATE: {
      request: (w) => ({ method: 'GET', url: `/api/communities/${w.slug}/events` }),
      expect: { ...MEMBERS(200), anonymous: 403 },
    },
  },
  'GET /api/communities/:slug/messages': both({
    request: (w) => ({ method: 'GET', url: `/api/communities/${w.slug}/messages` }),
    expect: MEMBERS(200),
  }),
  'POST /api/communities/:slug/messages': both({
    request: (w) => ({
      method: 'POST',
      url: `/api/communities/${w.slug}/messages`,
      payload: { content: 'hi' },
    }),
    expect: MEMBERS(201),
  }),
  'POST /api/events (communityId)': both({
    request: (w) => ({
      method: 'POST',
      url: '/api/events',
      payload: eventBody({
        title: 'Club night',
        description: 'Hosted by the club',
        location: 'The hall',
        communityId: w.id,
      }),
    }),
    // The about card (and so the id) is public: everyone but an organiser gets 403.
    expect: ORGANIZERS(201),
  }),
  'PUT /api/admin/communities/:id/verified': both({
    request: (w) => ({
      method: 'PUT',
      url: `/api/admin/communities/${w.id}/verified`,
      payload: { value: true },
    }),
    expect: all(401, 403, { admin: 200 }),
  }),
  'POST /api/communities/:slug/leave': both({
    request: (w) => ({ method: 'POST', url: `/api/communities/${w.slug}/leave` }),
    // Leaving, cancelling a request, or nothing to leave; an only owner must hand over first.
    expect: all(401, 200, { owner: 400 }),
  }),
  'DELETE /api/communities/:slug': both({
    request: (w) => ({ method: 'DELETE', url: `/api/communities/${w.slug}` }),
    expect: all(401, 403, { owner: 200 }),
  }),
};

function both(row: Row): Record<Kind, Row> {
  return { PUBLIC: row, PRIVATE: row };
}

const CASES = Object.entries(ROWS).flatMap(([key, byKind]) =>
  (['PUBLIC', 'PRIVATE'] as const).map((kind) => [`${key} (${kind})`, kind, byKind[kind]] as const),
);

describe('community authorization matrix', () => {
  it.concurrent.each(CASES)('%s', async (_name, kind, row) => {
    const w = await world(kind);
    const mismatches: string[] = [];
    // Destructive callers last: the owner may delete, members may leave.
    for (const actor of [
      'anonymous',
      'nonMember',
      'pending',
      'admin',
      'member',
      'organizer',
      'owner',
    ] as const) {
      const as = actor === 'anonymous' ? undefined : w[actor];
      const call = await row.request(w);
      const res = await t.app.inject({
        ...call,
        headers: as?.auth ?? {},
        remoteAddress: nextIp(),
      } as InjectOptions);
      if (res.statusCode !== row.expect[actor])
        mismatches.push(
          `${actor}: expected ${row.expect[actor]}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
      // No member's e-mail reaches anyone but themselves (and the admin sees only the about card).
      for (const other of [w.owner, w.organizer, w.member, w.pending]) {
        if (other !== as) expect(res.body, `${_name} as ${actor}`).not.toContain(other.email);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('a PRIVATE community’s events stay with its members in every event read', async () => {
    const w = await world('PRIVATE');
    const eventId = await createEvent(t, w.organizer, { communityId: w.id });
    for (const [actor, status] of [
      [undefined, 404],
      [w.nonMember, 404],
      [w.pending, 404],
      [w.admin, 404],
      [w.member, 200],
      [w.organizer, 200],
      [w.owner, 200],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/events/public/${eventId}`,
        headers: actor?.auth ?? {},
      });
      expect(res.statusCode, actor?.user.fullName ?? 'anonymous').toBe(status);
    }
  });
});
