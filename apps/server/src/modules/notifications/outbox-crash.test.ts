import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  createEvent,
  createUser,
  makeFriends,
  type TestUser,
  unique,
  verifyEmail,
} from '../../test/factories.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app.ts';

/**
 * Decision 065: what a request changes is recorded with its domain events in one transaction, so
 * a process that dies between the commit and the notifications loses none of them. Here the first
 * app's dispatcher is stopped (the process "dies" right after each commit, before anything is
 * handed on), every former inline or in-memory path is taken, the app is closed, and a fresh app
 * on the same database tells everyone.
 */
describe('a crash between the commit and the notifications loses nothing', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let second: TestApp;
  const people: Record<string, TestUser> = {};
  let recorded = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    const first = await createTestApp({ database });
    const call = async (user: TestUser, method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
      const res = await first.app.inject({ method, url, headers: user.auth, payload });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as Record<string, unknown>;
    };
    for (const name of ['host', 'goer', 'waiter', 'friend', 'asker', 'owner', 'joiner', 'invitee', 'named'])
      people[name] = await createUser(first, { username: unique(`${name}_`) });
    const p = (name: string) => people[name] as TestUser;
    for (const name of Object.keys(people)) await verifyEmail(first, p(name));
    await makeFriends(first, p('host'), p('friend'));
    // Set up while the dispatcher still runs: an event of one place with a sign-up sheet, a
    // community that approves its members.
    const eventId = await createEvent(first, p('host'), { capacity: 1, title: 'Crash-proof picnic' });
    const item = (
      await call(p('host'), 'POST', `/api/events/${eventId}/signups`, { name: 'Chairs', quantity: 4 })
    ).item as { id: string };
    const { community } = (await call(p('owner'), 'POST', '/api/communities', {
      name: unique('Crash club '),
      visibility: 'PUBLIC',
      joinPolicy: 'APPROVAL',
    })) as { community: { slug: string } };
    await first.background.drain();

    // The process "dies" after each commit from here on: nothing is handed on.
    await first.outbox.stop();
    await call(p('goer'), 'POST', `/api/events/${eventId}/rsvp`, { status: 'going' });
    await call(p('goer'), 'PUT', `/api/events/${eventId}/signups/${item.id}/claim`, { quantity: 2 });
    await call(p('waiter'), 'POST', `/api/events/${eventId}/rsvp`, { status: 'going' });
    await call(p('host'), 'POST', `/api/events/${eventId}/announcements`, {
      message: 'Bring a hat.',
      audience: 'going',
    });
    // Someone going who stops: the host hears at once, the place goes to the one waiting, the
    // chairs go back on the sheet.
    await call(p('goer'), 'POST', `/api/events/${eventId}/rsvp`, { status: 'not_going' });
    await call(p('asker'), 'POST', '/api/friends/request', { receiverId: p('host').user.id });
    await call(p('host'), 'POST', '/api/friends/accept', { requesterId: p('asker').user.id });
    await call(p('joiner'), 'POST', `/api/communities/${community.slug}/join`, { answers: [] });
    await call(p('owner'), 'PATCH', `/api/communities/${community.slug}/members/${p('joiner').user.id}`, {
      state: 'member',
    });
    await call(p('owner'), 'POST', `/api/communities/${community.slug}/invites`, {
      userId: p('invitee').user.id,
    });
    await call(p('owner'), 'POST', `/api/communities/${community.slug}/announcements`, {
      title: 'Saturday',
      message: 'Bring water',
    });
    await call(p('host'), 'POST', '/api/messages', {
      receiver: p('friend').user.id,
      content: 'See you there?',
    });
    await call(p('host'), 'POST', '/api/group-messages', { content: `hello @${p('named').user.username}` });
    recorded = (await first.db.execute<{ n: number }>(sql`select count(*)::int as n from domain_events`))
      .rows[0]?.n as number;
    await first.close();

    second = await createTestApp({ database });
  }, 120_000);

  afterAll(async () => {
    await second?.close();
    await database?.drop();
  });

  /** Waits (up to 60 s) for the person's notification of this kind, from the fresh app. */
  const arrives = (name: string, kind: string) =>
    eventually(async () => {
      const res = await second.app.inject({
        method: 'GET',
        url: '/api/notifications?limit=100',
        headers: (people[name] as TestUser).auth,
      });
      const kinds = (res.json() as { notifications: { kind: string }[] }).notifications.map((n) => n.kind);
      expect(kinds).toContain(kind);
    }, 60_000);

  it('left the events of those changes in the outbox', () => {
    expect(recorded).toBeGreaterThanOrEqual(12);
  });

  it('rsvped: the host hears that someone going stopped going', () => arrives('host', 'rsvp'));
  it('event announcement', () => arrives('goer', 'event_announcement'));
  it('waitlist offer', () => arrives('waiter', 'waitlist_offer'));
  it('sign-up release', () => arrives('host', 'signup_released'));
  it('friend request', () => arrives('host', 'friend_request'));
  it('friend accepted', () => arrives('asker', 'friend_accepted'));
  it('community request', () => arrives('owner', 'community_request'));
  it('community approved', () => arrives('joiner', 'community_approved'));
  it('community invite', () => arrives('invitee', 'community_invite'));
  it('community announcement', () => arrives('joiner', 'community_announcement'));
  it('direct message', () => arrives('friend', 'direct_message'));
  it('mention', () => arrives('named', 'mention'));
});
