import { communityMembersResponse, communityResponse, DELETED_USER_NAME } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import {
  createCommunity,
  createEvent,
  createUsers,
  makeFriends,
  notificationsOf,
  type TestUser,
  unique,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/** What deleting an account does to what the person owned, hosted and wrote (decision 024). */

const t = useTestApp();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function call(method: Method, url: string, user: TestUser, payload?: object) {
  return t.app.inject({ method, url, headers: user.auth, payload });
}
async function ok(method: Method, url: string, user: TestUser, payload?: object) {
  const res = await call(method, url, user, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
const deleteAccount = async (user: TestUser) => {
  const res = await call('DELETE', '/api/users/me', user, { currentPassword: user.password });
  expect(res.statusCode).toBe(200);
};
async function members(slug: string, as: TestUser) {
  return communityMembersResponse.parse(await ok('GET', `/api/communities/${slug}/members`, as)).members;
}

describe('deleting the account of a community owner', () => {
  it('hands the community to the longest-standing organiser, ahead of older members', async () => {
    const [owner, early, organiser] = await createUsers(t, 3);
    const c = await createCommunity(t, owner);
    await ok('POST', `/api/communities/${c.slug}/join`, early);
    await ok('POST', `/api/communities/${c.slug}/join`, organiser);
    await ok('PATCH', `/api/communities/${c.slug}/members/${organiser.user.id}`, owner, {
      role: 'ORGANIZER',
    });

    await deleteAccount(owner);

    const after = communityResponse.parse(await ok('GET', `/api/communities/${c.slug}`, early)).community;
    expect(after.memberCount).toBe(2);
    const list = await members(c.slug, organiser);
    expect(list.find((m) => m.user.id === organiser.user.id)?.role).toBe('OWNER');
    expect(list.find((m) => m.user.id === early.user.id)?.role).toBe('MEMBER');
    expect(list.some((m) => m.user.id === owner.user.id)).toBe(false);
  });

  it('without organisers, hands it to the longest-standing member', async () => {
    const [owner, first, second] = await createUsers(t, 3);
    const c = await createCommunity(t, owner);
    await ok('POST', `/api/communities/${c.slug}/join`, first);
    await ok('POST', `/api/communities/${c.slug}/join`, second);

    await deleteAccount(owner);

    const list = await members(c.slug, first);
    expect(list.find((m) => m.user.id === first.user.id)?.role).toBe('OWNER');
    expect(list.find((m) => m.user.id === second.user.id)?.role).toBe('MEMBER');
  });

  it('deletes a community with no other member and tells the attendees of its upcoming events', async () => {
    const [owner, guest] = await createUsers(t, 2);
    const c = await createCommunity(t, owner);
    const eventId = await createEvent(t, owner, { title: 'Club picnic', communityId: c.id });
    await ok('POST', `/api/events/${eventId}/rsvp`, guest, { status: 'going' });

    await deleteAccount(owner);

    expect((await call('GET', `/api/communities/${c.slug}`, guest)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${eventId}`, guest)).statusCode).toBe(404);
    const told = await notificationsOf(t, guest, 'event_cancelled');
    expect(told.filter((n) => n.text.startsWith('Club picnic was cancelled'))).toHaveLength(1);
  });

  it("a member's deletion keeps the member count true", async () => {
    const [owner, member] = await createUsers(t, 2);
    const c = await createCommunity(t, owner);
    await ok('POST', `/api/communities/${c.slug}/join`, member);
    await deleteAccount(member);
    const after = communityResponse.parse(await ok('GET', `/api/communities/${c.slug}`, owner)).community;
    expect(after.memberCount).toBe(1);
  });
});

describe('deleting the account of an event host', () => {
  it('cancels their upcoming events and e-mails everyone who answered going or maybe, once', async () => {
    const [host, going, maybe, notGoing] = await createUsers(t, 4);
    const title = unique('Bake-off ');
    const eventId = await createEvent(t, host, { title });
    await ok('POST', `/api/events/${eventId}/rsvp`, going, { status: 'going' });
    await ok('POST', `/api/events/${eventId}/rsvp`, maybe, { status: 'maybe' });
    await ok('POST', `/api/events/${eventId}/rsvp`, notGoing, { status: 'not_going' });

    await deleteAccount(host);

    expect((await call('GET', `/api/events/${eventId}`, going)).statusCode).toBe(404);
    for (const user of [going, maybe]) {
      const told = await notificationsOf(t, user, 'event_cancelled');
      expect(told).toHaveLength(1);
      expect(told[0]?.text).toBe(`${title} was cancelled: its host's account was deleted`);
    }
    expect(await notificationsOf(t, notGoing, 'event_cancelled')).toHaveLength(0);
  });
});

describe('messages of a deleted account', () => {
  it('stay in rooms as "deleted user"; direct messages go with the account', async () => {
    const [owner, writer] = await createUsers(t, 2);
    const c = await createCommunity(t, owner);
    await ok('POST', `/api/communities/${c.slug}/join`, writer);
    await ok('POST', `/api/communities/${c.slug}/messages`, writer, { content: 'Hello club' });
    await ok('POST', '/api/group-messages', writer, { content: 'Hello town' });
    await makeFriends(t, owner, writer);
    await ok('POST', '/api/messages', writer, { receiver: owner.user.id, content: 'Just us' });

    await deleteAccount(writer);

    type Room = { content: string; sender: { _id: string; username: string; fullName: string } }[];
    const club = (await ok('GET', `/api/communities/${c.slug}/messages`, owner)) as Room;
    const hello = club.find((m) => m.content === 'Hello club');
    expect(hello?.sender).toMatchObject({
      _id: 'deleted',
      username: DELETED_USER_NAME,
      fullName: DELETED_USER_NAME,
    });
    const town = (await ok('GET', '/api/group-messages?limit=100', owner)) as Room;
    expect(town.find((m) => m.content === 'Hello town')?.sender.username).toBe(DELETED_USER_NAME);
    expect(await ok('GET', `/api/messages/${writer.user.id}`, owner)).toEqual([]);
    expect(await ok('GET', '/api/messages', owner)).toEqual([]);
  });
});
