import {
  COMMUNITY_MSG,
  communityListResponse,
  communityMemberResponse,
  communityMembersResponse,
  communityPeopleResponse,
  communityResponse,
  eventListResponse,
  eventResponse,
  roomMessage,
} from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCommunity,
  createEvent,
  eventBody,
  notificationsOf,
  type TestUser,
  unique,
  useUsers,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
// Publishing an event needs a verified address; these tests are about the community's rules.
const [owner, alice, bob, carol, admin] = useUsers(
  t,
  [
    { fullName: 'Olga Owner' },
    { fullName: 'Alice Member' },
    { fullName: 'Bob Asker' },
    { fullName: 'Carol Outsider' },
    { fullName: 'Adam Admin' },
  ],
  { verified: true },
);

beforeAll(async () => {
  await t.db.execute(sql`update users set is_admin = true where id = ${admin.user.id}`);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, payload });

const join = (user: TestUser, slug: string, answers?: string[]) =>
  call('POST', `/api/communities/${slug}/join`, user, answers ? { answers } : undefined);
const viewer = async (slug: string, user?: TestUser) =>
  communityResponse.parse((await call('GET', `/api/communities/${slug}`, user)).json()).community;

describe('creating a community', () => {
  it('answers 201 with the about card; the creator is its owner and first member', async () => {
    const res = await call('POST', '/api/communities', owner, {
      name: '  Río Runners Club ',
      description: 'We run by the river.',
      location: 'Riverside',
      tags: ['Running', 'Outdoors'],
    });
    expect(res.statusCode).toBe(201);
    const { community } = communityResponse.parse(res.json());
    expect(community).toMatchObject({
      name: 'Río Runners Club',
      slug: expect.stringMatching(/^rio-runners-club(-\d+)?$/),
      visibility: 'PUBLIC',
      joinPolicy: 'OPEN',
      verified: false,
      memberCount: 1,
      viewerRole: 'OWNER',
      viewerState: 'member',
      tags: ['Running', 'Outdoors'],
    });
    expect(community._id).toBe(community.id);
    expect(res.body).not.toContain(owner.email);
  });

  it('derives a free slug when the name is taken, and refuses a chosen slug that is taken (409)', async () => {
    const name = unique('Chess Circle ');
    const a = await createCommunity(t, owner, { name });
    const b = await createCommunity(t, owner, { name });
    expect(b.slug).not.toBe(a.slug);
    expect(b.slug.startsWith(a.slug.slice(0, 20))).toBe(true);
    const res = await call('POST', '/api/communities', owner, { name: 'Other', slug: a.slug });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ statusCode: 409, message: COMMUNITY_MSG.slugTaken });
  });

  it('gives a name with nothing an address can spell (emoji, another script) a readable address of its own', async () => {
    const slugs = new Set<string>();
    for (const name of ['🎉🎉', '🎉🎉', '  🎉 🎊  ', 'Книжный клуб', '読書会']) {
      const c = await createCommunity(t, owner, { name });
      expect(c.name).toBe(name.trim());
      expect(c.slug, name).toMatch(/^community-[a-z0-9]{6}$/);
      slugs.add(c.slug);
      expect((await call('GET', `/api/communities/${c.slug}`)).statusCode).toBe(200);
    }
    expect(slugs.size).toBe(5);
    // A short name still reads as itself; a chosen address of emoji is refused readably.
    expect((await createCommunity(t, owner, { name: 'A' })).slug).toMatch(/^a-club(-\d+)?$/);
    const res = await call('POST', '/api/communities', owner, { name: '🎉🎉', slug: '🎉🎉' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMMUNITY_MSG.slugInvalid);
  });

  it('founds communities of the same name at the same moment, each with its own slug', async () => {
    const name = unique('Same Name ');
    const made = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/api/communities', owner, { name })),
    );
    expect(made.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const slugs = made.map((r) => communityResponse.parse(r.json()).community.slug);
    expect(new Set(slugs).size).toBe(6);
  });

  it.each([
    [{ name: '' }, COMMUNITY_MSG.nameRequired],
    [{ name: 'x'.repeat(81) }, COMMUNITY_MSG.nameTooLong],
    [{ name: 'Ok', slug: 'mine' }, COMMUNITY_MSG.slugReserved],
    [{ name: 'Ok', slug: 'new' }, COMMUNITY_MSG.slugReserved],
    [{ name: 'Ok', slug: 'ab' }, COMMUNITY_MSG.slugInvalid],
    [{ name: 'Ok', slug: 'Has Space' }, COMMUNITY_MSG.slugInvalid],
    [{ name: 'Ok', slug: '-edge-' }, COMMUNITY_MSG.slugInvalid],
    [{ name: 'Ok', description: 'x'.repeat(2001) }, COMMUNITY_MSG.descriptionTooLong],
    [{ name: 'Ok', location: 'x'.repeat(121) }, COMMUNITY_MSG.locationTooLong],
    [{ name: 'Ok', visibility: 'SECRET' }, COMMUNITY_MSG.visibilityInvalid],
    [{ name: 'Ok', joinPolicy: 'MAYBE' }, COMMUNITY_MSG.joinPolicyInvalid],
    [{ name: 'Ok', joinQuestions: ['a', 'b', 'c', 'd'] }, COMMUNITY_MSG.tooManyQuestions],
    [{ name: 'Ok', joinQuestions: ['x'.repeat(201)] }, COMMUNITY_MSG.questionTooLong],
    [{ name: 'Ok', imageUrl: 'https://elsewhere.example/cat.png' }, COMMUNITY_MSG.imageInvalid],
    [{ name: 'Ok', tags: ['x'] }, 'Tags must be at least 2 characters long'],
  ])('refuses %j with a readable 400', async (body, message) => {
    const res = await call('POST', '/api/communities', owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message });
  });
});

describe('the about card, discovery and mine', () => {
  it('shows a PRIVATE community’s about card to everyone, signed out too, without viewer state', async () => {
    const c = await createCommunity(t, owner, { visibility: 'PRIVATE', description: 'Secret society' });
    const card = await viewer(c.slug);
    expect(card).toMatchObject({ name: c.name, visibility: 'PRIVATE', viewerRole: null, viewerState: null });
    expect(await viewer(c.slug.toUpperCase(), carol)).toMatchObject({ id: c.id, viewerState: null });
    expect((await call('GET', '/api/communities/no-such-club', carol)).statusCode).toBe(404);
  });

  it('pages discovery by member count with a keyset cursor, and filters by text, tag and verified', async () => {
    const tag = unique('tg').slice(0, 12);
    const made: Awaited<ReturnType<typeof createCommunity>>[] = [];
    for (let i = 0; i < 3; i++)
      made.push(await createCommunity(t, owner, { tags: [tag], name: unique(`Kite ${i} `) }));
    // One of them gets two more members, so it comes first.
    await join(alice, made[1]!.slug);
    await join(bob, made[1]!.slug);
    const first = communityListResponse.parse(
      (await call('GET', `/api/communities?tag=${tag}&limit=2`)).json(),
    );
    expect(first.communities.map((c) => c.id)).toEqual([made[1]!.id, made[2]!.id]);
    expect(first.communities[0]!.memberCount).toBe(3);
    expect(first.nextCursor).not.toBeNull();
    const second = communityListResponse.parse(
      (await call('GET', `/api/communities?tag=${tag}&limit=2&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.communities.map((c) => c.id)).toEqual([made[0]!.id]);
    expect(second.nextCursor).toBeNull();

    const byName = communityListResponse.parse(
      (await call('GET', `/api/communities?q=kite&tag=${tag}`, alice)).json(),
    );
    expect(byName.communities).toHaveLength(3);
    const nothing = communityListResponse.parse(
      (await call('GET', `/api/communities?q=zzz%25&tag=${tag}`)).json(),
    );
    expect(nothing.communities).toEqual([]);
    expect(byName.communities.find((c) => c.id === made[1]!.id)?.viewerState).toBe('member');
    expect(byName.communities.find((c) => c.id === made[0]!.id)?.viewerState).toBeNull();

    await call('PUT', `/api/admin/communities/${made[2]!.id}/verified`, admin, { value: true });
    const verified = communityListResponse.parse(
      (await call('GET', `/api/communities?tag=${tag}&verified=true`)).json(),
    );
    expect(verified.communities.map((c) => c.id)).toEqual([made[2]!.id]);
    expect(verified.communities[0]!.verified).toBe(true);

    const bad = await call('GET', '/api/communities?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: COMMUNITY_MSG.cursorInvalid });
  });

  it('lists my communities with my role and state, not the ones I was banned from', async () => {
    const mineA = await createCommunity(t, carol, { name: unique('Carol A ') });
    const banned = await createCommunity(t, owner);
    await join(carol, banned.slug);
    await call('POST', `/api/communities/${banned.slug}/bans`, owner, { userId: carol.user.id });
    const mine = communityListResponse.parse((await call('GET', '/api/communities/mine', carol)).json());
    expect(mine.communities.map((c) => c.id)).toContain(mineA.id);
    expect(mine.communities.map((c) => c.id)).not.toContain(banned.id);
    expect(mine.communities.find((c) => c.id === mineA.id)).toMatchObject({ viewerRole: 'OWNER' });
  });
});

describe('joining', () => {
  it('OPEN: joining makes a member at once; joining again changes nothing', async () => {
    const c = await createCommunity(t, owner);
    const res = await join(alice, c.slug);
    expect(res.statusCode).toBe(200);
    expect(communityResponse.parse(res.json()).community).toMatchObject({
      viewerState: 'member',
      viewerRole: 'MEMBER',
      memberCount: 2,
    });
    expect(communityResponse.parse((await join(alice, c.slug)).json()).community.memberCount).toBe(2);
  });

  it('APPROVAL: a request with answers is pending; organisers see the answers and approve it', async () => {
    const c = await createCommunity(t, owner, {
      joinPolicy: 'APPROVAL',
      joinQuestions: ['Why do you want to join?', 'Which day suits you?'],
    });
    const missing = await join(bob, c.slug, ['Because']);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: COMMUNITY_MSG.answersRequired });
    const asked = await join(bob, c.slug, ['I love kites', 'Sundays']);
    expect(communityResponse.parse(asked.json()).community).toMatchObject({
      viewerState: 'pending',
      viewerRole: null,
      memberCount: 1,
    });

    const pending = communityMembersResponse.parse(
      (await call('GET', `/api/communities/${c.slug}/members?state=pending`, owner)).json(),
    );
    expect(pending.members).toHaveLength(1);
    expect(pending.members[0]).toMatchObject({
      id: bob.user.id,
      state: 'pending',
      answers: ['I love kites', 'Sundays'],
      user: { fullName: 'Bob Asker' },
    });
    expect(JSON.stringify(pending)).not.toContain(bob.email);

    // A pending asker is not a member: no members list, no chat.
    expect((await call('GET', `/api/communities/${c.slug}/members`, bob)).statusCode).toBe(403);
    expect((await call('GET', `/api/communities/${c.slug}/messages`, bob)).statusCode).toBe(403);

    const approved = await call('PATCH', `/api/communities/${c.slug}/members/${bob.user.id}`, owner, {
      state: 'member',
    });
    expect(approved.statusCode).toBe(200);
    expect(communityMemberResponse.parse(approved.json()).member).toMatchObject({
      state: 'member',
      role: 'MEMBER',
    });
    expect(await viewer(c.slug, bob)).toMatchObject({ viewerState: 'member', memberCount: 2 });

    // Members see members, without answers and without e-mails.
    const members = communityMembersResponse.parse(
      (await call('GET', `/api/communities/${c.slug}/members`, bob)).json(),
    );
    expect(members.members.map((m) => m.id)).toEqual([owner.user.id, bob.user.id]);
    expect(members.members.every((m) => m.answers === undefined)).toBe(true);
    expect(JSON.stringify(members)).not.toContain(owner.email);
    expect((await call('GET', `/api/communities/${c.slug}/members?state=pending`, bob)).statusCode).toBe(403);
  });

  it('pages a member list with a keyset cursor', async () => {
    const c = await createCommunity(t, owner);
    for (const u of [alice, bob, carol]) await join(u, c.slug);
    const first = communityMembersResponse.parse(
      (await call('GET', `/api/communities/${c.slug}/members?limit=2`, alice)).json(),
    );
    expect(first.members.map((m) => m.id)).toEqual([owner.user.id, alice.user.id]);
    const second = communityMembersResponse.parse(
      (
        await call('GET', `/api/communities/${c.slug}/members?limit=2&cursor=${first.nextCursor}`, alice)
      ).json(),
    );
    expect(second.members.map((m) => m.id)).toEqual([bob.user.id, carol.user.id]);
    expect(second.nextCursor).toBeNull();
  });

  it('filters the member list by role (the organisers: OWNER,ORGANIZER), with a readable 400', async () => {
    const c = await createCommunity(t, owner);
    for (const u of [alice, bob]) await join(u, c.slug);
    await call('PATCH', `/api/communities/${c.slug}/members/${bob.user.id}`, owner, { role: 'ORGANIZER' });
    const organisers = communityMembersResponse.parse(
      (await call('GET', `/api/communities/${c.slug}/members?role=OWNER,ORGANIZER`, alice)).json(),
    );
    expect(organisers.members.map((m) => m.id)).toEqual([owner.user.id, bob.user.id]);
    const plain = communityMembersResponse.parse(
      (await call('GET', `/api/communities/${c.slug}/members?role=member`, alice)).json(),
    );
    expect(plain.members.map((m) => m.id)).toEqual([alice.user.id]);
    for (const role of ['KING', '', 'OWNER,,MEMBER']) {
      const res = await call('GET', `/api/communities/${c.slug}/members?role=${role}`, alice);
      expect(res.statusCode, role).toBe(400);
      expect(res.json().message).toBe(
        'Role must be OWNER, ORGANIZER or MEMBER (several separated by commas)',
      );
    }
  });

  it('shows the About tab’s organisers and faces: to anyone for a PUBLIC community, to members for a PRIVATE one', async () => {
    const c = await createCommunity(t, owner);
    for (const u of [alice, bob]) await join(u, c.slug);
    await call('PATCH', `/api/communities/${c.slug}/members/${bob.user.id}`, owner, { role: 'ORGANIZER' });
    const res = await call('GET', `/api/communities/${c.slug}/people`);
    expect(res.statusCode).toBe(200);
    const people = communityPeopleResponse.parse(res.json());
    expect(people.organizers.map((p) => p.fullName)).toEqual(['Olga Owner', 'Bob Asker']);
    expect(people.faces.map((p) => p.id)).toEqual([owner.user.id, alice.user.id, bob.user.id]);
    expect(people.memberCount).toBe(3);
    // People, never their addresses.
    expect(res.body).not.toContain('@');

    const closed = await createCommunity(t, owner, { visibility: 'PRIVATE' });
    await call('POST', `/api/communities/${closed.slug}/members`, owner, { userId: alice.user.id });
    for (const who of [undefined, carol]) {
      const refused = await call('GET', `/api/communities/${closed.slug}/people`, who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(COMMUNITY_MSG.membersOnly);
    }
    const mine = communityPeopleResponse.parse(
      (await call('GET', `/api/communities/${closed.slug}/people`, owner)).json(),
    );
    expect(mine.organizers.map((p) => p.id)).toEqual([owner.user.id]);
    for (const slug of ['no-such-club', '%F0%9F%8E%89', 'a%20b']) {
      const missing = await call('GET', `/api/communities/${slug}/people`);
      expect(missing.statusCode, slug).toBe(404);
      expect(missing.json().message).toBe(COMMUNITY_MSG.notFound);
    }
  });

  it('INVITE: 403 unless invited; an invitation is accepted by joining', async () => {
    const c = await createCommunity(t, owner, { joinPolicy: 'INVITE' });
    const refused = await join(carol, c.slug);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: COMMUNITY_MSG.inviteOnly });
    const invited = await call('POST', `/api/communities/${c.slug}/invites`, owner, {
      userId: carol.user.id,
    });
    expect(invited.statusCode).toBe(201);
    expect(communityMemberResponse.parse(invited.json()).member.state).toBe('invited');
    expect(await viewer(c.slug, carol)).toMatchObject({ viewerState: 'invited' });
    expect(communityResponse.parse((await join(carol, c.slug)).json()).community).toMatchObject({
      viewerState: 'member',
      memberCount: 2,
    });
    const again = await call('POST', `/api/communities/${c.slug}/invites`, owner, { userId: carol.user.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: COMMUNITY_MSG.alreadyMember });
  });

  it('a banned user cannot rejoin; lifting the ban (DELETE) lets them', async () => {
    const c = await createCommunity(t, owner);
    await join(carol, c.slug);
    const ban = await call('POST', `/api/communities/${c.slug}/bans`, owner, { userId: carol.user.id });
    expect(ban.statusCode).toBe(201);
    expect(await viewer(c.slug, carol)).toMatchObject({ viewerState: 'banned', memberCount: 1 });
    expect((await join(carol, c.slug)).statusCode).toBe(403);
    const banned = communityMembersResponse.parse(
      (await call('GET', `/api/communities/${c.slug}/members?state=banned`, owner)).json(),
    );
    expect(banned.members.map((m) => m.id)).toEqual([carol.user.id]);
    expect(
      (await call('DELETE', `/api/communities/${c.slug}/members/${carol.user.id}`, owner)).statusCode,
    ).toBe(200);
    expect((await join(carol, c.slug)).statusCode).toBe(200);
  });
});

describe('roles, leaving and ownership', () => {
  it('organisers cannot touch owners; only the owner transfers; an only owner must transfer before leaving', async () => {
    const c = await createCommunity(t, owner);
    await join(alice, c.slug);
    await join(bob, c.slug);
    const promote = await call('PATCH', `/api/communities/${c.slug}/members/${alice.user.id}`, owner, {
      role: 'ORGANIZER',
    });
    expect(communityMemberResponse.parse(promote.json()).member.role).toBe('ORGANIZER');
    expect(await viewer(c.slug, alice)).toMatchObject({ viewerRole: 'ORGANIZER' });

    // The organiser edits, but cannot remove, ban or demote the owner, nor hand the community over.
    const edit = await call('PATCH', `/api/communities/${c.slug}`, alice, { description: 'New words' });
    expect(communityResponse.parse(edit.json()).community.description).toBe('New words');
    for (const res of [
      await call('DELETE', `/api/communities/${c.slug}/members/${owner.user.id}`, alice),
      await call('POST', `/api/communities/${c.slug}/bans`, alice, { userId: owner.user.id }),
      await call('PATCH', `/api/communities/${c.slug}/members/${owner.user.id}`, alice, { role: 'MEMBER' }),
      await call('PATCH', `/api/communities/${c.slug}/members/${bob.user.id}`, alice, { role: 'OWNER' }),
      await call('DELETE', `/api/communities/${c.slug}`, alice),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
    }
    // A plain member edits nothing.
    expect((await call('PATCH', `/api/communities/${c.slug}`, bob, { name: 'Mine now' })).statusCode).toBe(
      403,
    );

    const leave = await call('POST', `/api/communities/${c.slug}/leave`, owner);
    expect(leave.statusCode).toBe(400);
    expect(leave.json()).toMatchObject({ message: COMMUNITY_MSG.onlyOwner });

    const transfer = await call('PATCH', `/api/communities/${c.slug}/members/${alice.user.id}`, owner, {
      role: 'OWNER',
    });
    expect(communityMemberResponse.parse(transfer.json()).member.role).toBe('OWNER');
    expect(await viewer(c.slug, owner)).toMatchObject({ viewerRole: 'ORGANIZER' });
    expect(await viewer(c.slug, alice)).toMatchObject({ viewerRole: 'OWNER' });
    const owners = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from group_members where group_id = ${c.id} and role = 'OWNER'`,
    );
    expect(owners.rows[0]?.n).toBe(1);

    const left = await call('POST', `/api/communities/${c.slug}/leave`, owner);
    expect(communityResponse.parse(left.json()).community).toMatchObject({
      viewerState: null,
      memberCount: 2,
    });
  });

  it('refuses a bad role, state or user with a readable 400/404', async () => {
    const c = await createCommunity(t, owner);
    for (const [body, message] of [
      [{ role: 'KING' }, COMMUNITY_MSG.roleInvalid],
      [{ state: 'banned' }, COMMUNITY_MSG.stateInvalid],
      [{}, COMMUNITY_MSG.nothingToChange],
    ] as const) {
      const res = await call('PATCH', `/api/communities/${c.slug}/members/${alice.user.id}`, owner, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    const nobody = await call('PATCH', `/api/communities/${c.slug}/members/${carol.user.id}`, owner, {
      role: 'MEMBER',
    });
    expect(nobody.statusCode).toBe(404);
    const unknown = await call('POST', `/api/communities/${c.slug}/invites`, owner, { userId: 'not-a-user' });
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', `/api/communities/${c.slug}/members?state=friends`, owner)).statusCode).toBe(
      400,
    );
  });
});

describe('community events and their visibility', () => {
  it('organisers host events as the community; members cannot; the event says who hosts it', async () => {
    const c = await createCommunity(t, owner);
    await join(alice, c.slug);
    const refused = await call('POST', '/api/events', alice, eventBody({ communityId: c.id }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: COMMUNITY_MSG.notHostable });
    expect((await call('POST', '/api/events', alice, eventBody({ communityId: 'nope' }))).statusCode).toBe(
      404,
    );

    const res = await call('POST', '/api/events', owner, eventBody({ communityId: c.id, title: 'Club run' }));
    expect(res.statusCode).toBe(201);
    const { event } = eventResponse.parse(res.json());
    expect(event).toMatchObject({
      communityId: c.id,
      community: { id: c.id, slug: c.slug, name: c.name, verified: false },
    });
    const listed = eventListResponse.parse((await call('GET', `/api/communities/${c.slug}/events`)).json());
    expect(listed.events.map((e) => e.id)).toEqual([event.id]);
    const past = eventListResponse.parse(
      (await call('GET', `/api/communities/${c.slug}/events?when=past`)).json(),
    );
    expect(past.events).toEqual([]);
    expect((await call('GET', `/api/communities/${c.slug}/events?when=later`)).statusCode).toBe(400);
  });

  it('a PRIVATE community’s events are for its members only, through the one visibility predicate', async () => {
    const c = await createCommunity(t, owner, { visibility: 'PRIVATE' });
    await join(alice, c.slug);
    const eventId = await createEvent(t, owner, { communityId: c.id, title: unique('Members only ') });
    expect((await call('GET', `/api/events/${eventId}`, alice)).statusCode).toBe(200);
    expect((await call('GET', `/api/events/${eventId}`, carol)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/public/${eventId}`)).statusCode).toBe(404);
    const carolsList = eventListResponse.parse((await call('GET', '/api/events?limit=100', carol)).json());
    expect(carolsList.events.map((e) => e.id)).not.toContain(eventId);
    expect((await call('GET', `/api/communities/${c.slug}/events`, carol)).statusCode).toBe(403);
    expect((await call('GET', `/api/communities/${c.slug}/events`)).statusCode).toBe(403);
    const alicesList = eventListResponse.parse(
      (await call('GET', `/api/communities/${c.slug}/events`, alice)).json(),
    );
    expect(alicesList.events.map((e) => e.id)).toEqual([eventId]);
    // Leaving takes the event away.
    await call('POST', `/api/communities/${c.slug}/leave`, alice);
    expect((await call('GET', `/api/events/${eventId}`, alice)).statusCode).toBe(404);
  });

  it('deleting a community (owner only) cancels its upcoming events and keeps past ones without a host', async () => {
    const c = await createCommunity(t, owner);
    const upcoming = await createEvent(t, owner, { communityId: c.id });
    const start = new Date(Date.now() - 3 * 86_400_000);
    const past = await createEvent(t, owner, {
      communityId: c.id,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    await join(alice, c.slug);
    await call('POST', `/api/events/${upcoming}/rsvp`, carol, { status: 'maybe' });
    expect((await call('DELETE', `/api/communities/${c.slug}`, alice)).statusCode).toBe(403);
    const res = await call('DELETE', `/api/communities/${c.slug}`, owner);
    const told = await notificationsOf(t, carol, 'event_cancelled');
    expect(told.filter((n) => n.text.includes(`${c.name} was deleted by its owner`))).toHaveLength(1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: COMMUNITY_MSG.deleted });
    expect((await call('GET', `/api/communities/${c.slug}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${upcoming}`, owner)).statusCode).toBe(404);
    const kept = eventResponse.parse((await call('GET', `/api/events/${past}`, owner)).json()).event;
    expect(kept.communityId).toBeNull();
  });
});

describe('community chat over REST', () => {
  it('members post and read history (keyset, idempotent); others get 403', async () => {
    const c = await createCommunity(t, owner);
    await join(alice, c.slug);
    const sent = await call('POST', `/api/communities/${c.slug}/messages`, alice, {
      content: 'Hello club',
      clientMessageId: 'c-1',
    });
    expect(sent.statusCode).toBe(201);
    const message = roomMessage.parse(sent.json());
    expect(message).toMatchObject({ communityId: c.id, content: 'Hello club' });
    const retried = await call('POST', `/api/communities/${c.slug}/messages`, alice, {
      content: 'Hello club',
      clientMessageId: 'c-1',
    });
    expect(roomMessage.parse(retried.json()).id).toBe(message.id);
    await call('POST', `/api/communities/${c.slug}/messages`, owner, { content: 'Welcome' });
    const page = await call('GET', `/api/communities/${c.slug}/messages?limit=1`, owner);
    expect((page.json() as { content: string }[]).map((m) => m.content)).toEqual(['Welcome']);
    const before = page.headers['x-next-before'];
    const older = await call('GET', `/api/communities/${c.slug}/messages?limit=1&before=${before}`, owner);
    expect((older.json() as { content: string }[]).map((m) => m.content)).toEqual(['Hello club']);
    expect(
      (await call('POST', `/api/communities/${c.slug}/messages`, carol, { content: 'hi' })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/communities/${c.slug}/messages`, carol)).statusCode).toBe(403);
    expect((await call('GET', `/api/communities/${c.slug}/messages`)).statusCode).toBe(401);
  });
});

describe('verification by platform admins', () => {
  it('sets verified for admins only', async () => {
    const c = await createCommunity(t, owner);
    expect(
      (await call('PUT', `/api/admin/communities/${c.id}/verified`, owner, { value: true })).statusCode,
    ).toBe(403);
    const res = await call('PUT', `/api/admin/communities/${c.id}/verified`, admin, { value: true });
    expect(communityResponse.parse(res.json()).community.verified).toBe(true);
    expect(
      (await call('PUT', `/api/admin/communities/${c.id}/verified`, admin, { value: 'yes' })).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', '/api/admin/communities/nope/verified', admin, { value: true })).statusCode,
    ).toBe(404);
  });
});
