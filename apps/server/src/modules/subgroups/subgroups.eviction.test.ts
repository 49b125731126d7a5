import { communityResponse, subgroup } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUsers, makeFriends, type TestUser, unique } from '../../test/factories.ts';
import { ask, useSockets } from '../../test/sockets.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * A sub-group's chat depends on its event. Whoever loses sight of the event
 * (banned from the PRIVATE community hosting it, no longer a friend of the creator of a PRIVATE
 * event, the event turned DRAFT) leaves its sub-groups' rooms at once, not only the event's.
 */
const t = useTestApp();
const socketAs = useSockets(t);

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, as: TestUser, payload?: object) =>
  t.app.inject({ method, url: path, headers: as.auth, ...(payload ? { payload } : {}) });

async function subgroupOf(host: TestUser, eventId: string, members: TestUser[]): Promise<string> {
  const res = await call('POST', '/api/event-subgroups', host, {
    eventId,
    name: 'Crew',
    members: members.map((m) => m.user.id),
  });
  return subgroup.parse(res.json()).id;
}

/** The users with a socket in the room. */
const inRoom = async (room: string) => (await t.io.in(room).fetchSockets()).map((s) => s.data.userId);

async function joinRooms(user: TestUser, eventId: string, subGroupId: string) {
  const socket = await socketAs(user.accessToken);
  expect(await ask(socket, 'join-event-chat', { eventId })).toEqual({ ok: true });
  expect(await ask(socket, 'join-subgroup-chat', { subGroupId })).toEqual({ ok: true });
}

describe("losing sight of an event empties its sub-groups' rooms", () => {
  it('a member banned from the PRIVATE community hosting the event', async () => {
    const [host, fan] = await createUsers(t, 2);
    await makeFriends(t, host, fan);
    const created = await call('POST', '/api/communities', host, {
      name: unique('Closed '),
      visibility: 'PRIVATE',
    });
    const club = communityResponse.parse(created.json()).community;
    expect((await call('POST', `/api/communities/${club.slug}/join`, fan)).statusCode).toBe(200);
    const eventId = await createEvent(t, host, { communityId: club.id });
    const subGroupId = await subgroupOf(host, eventId, [fan]);
    await joinRooms(fan, eventId, subGroupId);

    expect(
      (await call('POST', `/api/communities/${club.slug}/bans`, host, { userId: fan.user.id })).statusCode,
    ).toBe(201);
    expect(await inRoom(`event:${eventId}`)).toEqual([]);
    expect(await inRoom(`subgroup:${subGroupId}`)).toEqual([]);
  });

  it('a friend who is no longer one, on a PRIVATE event', async () => {
    const [host, friend] = await createUsers(t, 2);
    await makeFriends(t, host, friend);
    const eventId = await createEvent(t, host, { visibility: 'PRIVATE' });
    const subGroupId = await subgroupOf(host, eventId, [friend]);
    await joinRooms(friend, eventId, subGroupId);

    expect((await call('DELETE', `/api/friends/${friend.user.id}`, host)).statusCode).toBe(200);
    expect(await inRoom(`event:${eventId}`)).toEqual([]);
    expect(await inRoom(`subgroup:${subGroupId}`)).toEqual([]);
  });

  it('every member when the event becomes PRIVATE to people who are not friends of its creator', async () => {
    const [host, friend] = await createUsers(t, 2);
    await makeFriends(t, host, friend);
    const eventId = await createEvent(t, host);
    const subGroupId = await subgroupOf(host, eventId, [friend]);
    await joinRooms(friend, eventId, subGroupId);
    // A sub-group member who is no longer the creator's friend, while the event is PUBLIC: they stay.
    await t.db.execute(sql`delete from friendships where user_id in (${host.user.id}, ${friend.user.id})`);
    expect(await inRoom(`subgroup:${subGroupId}`)).toEqual([friend.user.id]);
    const res = await call('PUT', `/api/events/${eventId}`, host, { visibility: 'PRIVATE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await inRoom(`event:${eventId}`)).toEqual([]);
    expect(await inRoom(`subgroup:${subGroupId}`)).toEqual([]);
  });
});
