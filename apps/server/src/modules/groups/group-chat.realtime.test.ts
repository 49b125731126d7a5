/**
 * Group chat over Socket.IO, once for the three kinds of group (decision 034): the kind is data —
 * its paths, socket events and messages — and every kind must behave the same way. What only one
 * kind has (a community's pending askers and bans, a sub-group's deletion) is tested after the table.
 */
import {
  communityResponse,
  friendGroup,
  type RoomMessage,
  roomMessage,
  subgroup,
} from '@townsquare/contracts';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createUser,
  createUsers,
  eventBody,
  makeFriends,
  type TestUser,
  verifyEmail,
} from '../../test/factories.ts';
import { arrival as arrivalOf, ask, barrier, collect as collectAll, useSockets } from '../../test/sockets.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const socketAs = useSockets(t);

type Method = 'POST' | 'DELETE' | 'PATCH';
const call = (method: Method, path: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url: path, headers: user.auth, payload });

/** One group of a kind, made by `owner` with `members` in it. */
interface Group {
  /** The socket room its messages go to. */
  room: string;
  /** The join event's payload for this group (and for a malformed id). */
  join: Record<string, string>;
  badJoin: Record<string, string>;
  /** The field of a delivered message that names the group, and its value. */
  field: [string, string];
  messages: string;
  /** Removes `user` (by `by`), answering the status code. */
  remove(by: TestUser, user: TestUser): Promise<number>;
  /** The member leaves on their own; undefined when the kind has no leaving. */
  leave?(user: TestUser): Promise<number>;
}

interface Kind {
  name: string;
  joinEvent: string;
  messageEvent: string;
  notFound: string;
  /** The refusal's machine-readable code. */
  code: string;
  create(owner: TestUser, members: TestUser[]): Promise<Group>;
}

const kinds: Kind[] = [
  {
    name: 'friend group',
    joinEvent: 'join-group-chat',
    messageEvent: 'new-group-message',
    notFound: 'Group not found',
    code: 'CHAT_GROUP_NOT_FOUND',
    async create(owner, members) {
      for (const friend of members) await makeFriends(t, owner, friend);
      const res = await call('POST', '/api/friend-groups', owner, {
        name: 'Pub quiz',
        members: members.map((m) => m.user.id),
      });
      const id = friendGroup.parse(res.json()).id;
      const removeMember = async (by: TestUser, user: TestUser) =>
        (await call('POST', `/api/friend-groups/${id}/remove-member`, by, { userId: user.user.id }))
          .statusCode;
      return {
        room: `group:${id}`,
        join: { groupId: id },
        badJoin: { groupId: '../etc' },
        field: ['groupId', id],
        messages: `/api/friend-groups/${id}/messages`,
        remove: removeMember,
        leave: (user) => removeMember(user, user),
      };
    },
  },
  {
    name: 'event sub-group',
    joinEvent: 'join-subgroup-chat',
    messageEvent: 'new-subgroup-message',
    notFound: 'Sub-group not found',
    code: 'CHAT_SUBGROUP_NOT_FOUND',
    async create(owner, members) {
      for (const friend of members) await makeFriends(t, owner, friend);
      const eventId = await createEvent(t, owner, { title: 'Night market' });
      const res = await call('POST', '/api/event-subgroups', owner, {
        eventId,
        name: 'Stall crew',
        members: members.map((m) => m.user.id),
      });
      const id = subgroup.parse(res.json()).id;
      return {
        room: `subgroup:${id}`,
        join: { subGroupId: id },
        badJoin: { subGroupId: 'not-an-id' },
        field: ['subGroupId', id],
        messages: `/api/event-subgroups/${id}/messages`,
        remove: async (by, user) =>
          (await call('DELETE', `/api/event-subgroups/${id}/members/${user.user.id}`, by)).statusCode,
      };
    },
  },
  {
    name: 'community',
    joinEvent: 'join-community-chat',
    messageEvent: 'new-community-message',
    notFound: 'Community not found',
    code: 'COMMUNITY_NOT_FOUND',
    async create(owner, members) {
      const res = await call('POST', '/api/communities', owner, {
        name: 'Night Owls',
        joinPolicy: 'APPROVAL',
      });
      const { slug, id } = communityResponse.parse(res.json()).community;
      for (const member of members) {
        await call('POST', `/api/communities/${slug}/invites`, owner, { userId: member.user.id });
        await call('POST', `/api/communities/${slug}/join`, member);
      }
      return {
        room: `community:${id}`,
        join: { communityId: id },
        badJoin: { communityId: '../etc' },
        field: ['communityId', id],
        messages: `/api/communities/${slug}/messages`,
        remove: async (by, user) =>
          (await call('DELETE', `/api/communities/${slug}/members/${user.user.id}`, by)).statusCode,
        leave: async (user) => (await call('POST', `/api/communities/${slug}/leave`, user)).statusCode,
      };
    },
  },
];

describe.each(kinds)('$name chat over Socket.IO', (kind) => {
  let owner: TestUser;
  let member: TestUser;
  let removed: TestUser;
  let leaver: TestUser;
  let outsider: TestUser;
  let group: Group;
  const sockets = {} as Record<'owner' | 'ownerTab' | 'member' | 'removed' | 'leaver' | 'outsider', Socket>;

  const collect = (socket: Socket) => collectAll<RoomMessage>(socket, kind.messageEvent);
  const arrival = (socket: Socket, content: string) =>
    arrivalOf<RoomMessage>(socket, kind.messageEvent, content).then((m) => roomMessage.parse(m));
  const post = (user: TestUser, content: string, clientMessageId?: string) =>
    call('POST', group.messages, user, { content, clientMessageId });
  const roomSize = async () => (await t.io.in(group.room).fetchSockets()).length;

  beforeAll(async () => {
    [owner, member, removed, leaver, outsider] = await Promise.all([
      createUser(t, { fullName: 'Orla Owner' }),
      createUser(t, { fullName: 'Max Member' }),
      createUser(t, { fullName: 'Rex Removed' }),
      createUser(t, { fullName: 'Lou Leaver' }),
      createUser(t, { fullName: 'Oz Outsider' }),
    ]);
    group = await kind.create(owner, [member, removed, leaver]);
    // A friend of a member, but not in the group: friendship alone opens no room.
    await makeFriends(t, member, outsider);
  });

  it('acknowledges joins: ok for members, a reason for anyone else', async () => {
    const users = { owner, ownerTab: owner, member, removed, leaver, outsider };
    const opened = await Promise.all(Object.values(users).map((u) => socketAs(u.accessToken)));
    Object.keys(users).forEach((name, i) => {
      sockets[name as keyof typeof sockets] = opened[i]!;
    });
    for (const socket of [sockets.owner, sockets.ownerTab, sockets.member, sockets.removed, sockets.leaver]) {
      expect(await ask(socket, kind.joinEvent, group.join)).toEqual({ ok: true });
    }
    for (const payload of [group.join, group.badJoin]) {
      expect(await ask(sockets.outsider, kind.joinEvent, payload)).toEqual({
        ok: false,
        error: kind.notFound,
        code: kind.code,
      });
    }
    expect(await roomSize()).toBe(5);
  });

  it("delivers a message to the other members, never to the sender's tabs or an outsider", async () => {
    const senderSeen = [collect(sockets.owner), collect(sockets.ownerTab)];
    const outsiderSeen = collect(sockets.outsider);
    const arrivals = [sockets.member, sockets.removed, sockets.leaver].map((s) =>
      arrival(s, 'Tables at six'),
    );

    const res = await post(owner, 'Tables at six');
    expect(res.statusCode).toBe(201);
    const stored = roomMessage.parse(res.json());
    for (const received of await Promise.all(arrivals)) {
      expect(received).toEqual(stored);
      expect(received).toMatchObject({
        [group.field[0]]: group.field[1],
        sender: { _id: owner.user.id, username: owner.user.username, fullName: 'Orla Owner' },
      });
      expect(JSON.stringify(received)).not.toContain(owner.email);
    }
    // The member's reply reaches both of the owner's tabs, so the earlier silence was no lost connection.
    const replies = [arrival(sockets.owner, 'See you there'), arrival(sockets.ownerTab, 'See you there')];
    await post(member, 'See you there');
    await Promise.all(replies);
    await barrier(sockets.owner, sockets.ownerTab, sockets.outsider);
    expect(senderSeen.map((tab) => tab.map((m) => m.content))).toEqual([
      ['See you there'],
      ['See you there'],
    ]);
    expect(outsiderSeen).toEqual([]);
  });

  it('emits a retried send once', async () => {
    const seen = collect(sockets.member);
    const first = await post(owner, 'Bring change', `retry-${kind.joinEvent}`);
    const second = await post(owner, 'Bring change', `retry-${kind.joinEvent}`);
    expect(second.json().id).toBe(first.json().id);
    await barrier(sockets.member);
    expect(seen.map((m) => m.id)).toEqual([first.json().id]);
  });

  it('stops delivering to a removed member and a member who left, who cannot rejoin', async () => {
    const gone = [sockets.removed, ...(group.leave ? [sockets.leaver] : [])];
    const goneSeen = gone.map(collect);
    expect(await group.remove(owner, removed)).toBeLessThan(300);
    if (group.leave) expect(await group.leave(leaver)).toBeLessThan(300);
    expect(await roomSize()).toBe(5 - gone.length);

    const toMember = arrival(sockets.member, 'Just us now');
    await post(owner, 'Just us now');
    await toMember;
    await barrier(...gone);
    expect(goneSeen).toEqual(gone.map(() => []));
    for (const socket of gone) {
      expect(await ask(socket, kind.joinEvent, group.join)).toEqual({
        ok: false,
        error: kind.notFound,
        code: kind.code,
      });
    }
  });
});

describe('what only one kind has', () => {
  it('a community refuses its room to a pending asker, and a ban leaves the room at once', async () => {
    const [owner, fan, asker] = await Promise.all([
      createUser(t, { fullName: 'Owen Owner' }),
      createUser(t, { fullName: 'Bea Banned' }),
      createUser(t, { fullName: 'Pat Pending' }),
    ]);
    const kind = kinds.find((k) => k.name === 'community')!;
    const group = await kind.create(owner, [fan]);
    const slug = group.messages.split('/')[3];
    await call('POST', `/api/communities/${slug}/join`, asker, { answers: [] });
    const [fanSocket, askerSocket] = await Promise.all([
      socketAs(fan.accessToken),
      socketAs(asker.accessToken),
    ]);
    expect(await ask(fanSocket!, kind.joinEvent, group.join)).toEqual({ ok: true });
    expect(await ask(askerSocket!, kind.joinEvent, group.join)).toEqual({
      ok: false,
      error: kind.notFound,
      code: kind.code,
    });

    const seen = collectAll<RoomMessage>(fanSocket!, kind.messageEvent);
    expect(
      (await call('POST', `/api/communities/${slug}/bans`, owner, { userId: fan.user.id })).statusCode,
    ).toBe(201);
    expect((await t.io.in(group.room).fetchSockets()).length).toBe(0);
    await call('POST', group.messages, owner, { content: 'After the ban' });
    await barrier(fanSocket!);
    expect(seen).toEqual([]);
    expect(await ask(fanSocket!, kind.joinEvent, group.join)).toEqual({
      ok: false,
      error: kind.notFound,
      code: kind.code,
    });
  });

  it('deleting a sub-group empties its room', async () => {
    const [owner, member] = await createUsers(t, 2);
    const kind = kinds.find((k) => k.name === 'event sub-group')!;
    const group = await kind.create(owner, [member]);
    const socket = await socketAs(member.accessToken);
    expect(await ask(socket, kind.joinEvent, group.join)).toEqual({ ok: true });
    const id = group.field[1];
    expect((await call('DELETE', `/api/event-subgroups/${id}`, owner)).statusCode).toBe(200);
    expect((await t.io.in(group.room).fetchSockets()).length).toBe(0);
    expect(await ask(socket, kind.joinEvent, group.join)).toMatchObject({ ok: false });
  });

  it('a banned member and, when the community turns PRIVATE, an outsider leave its event chats at once', async () => {
    const [host, fan, stranger] = await Promise.all([
      createUser(t, { fullName: 'Hana Host' }),
      createUser(t, { fullName: 'Finn Fan' }),
      createUser(t, { fullName: 'Sol Stranger' }),
    ]);
    await verifyEmail(t, host);
    const created = await call('POST', '/api/communities', host, {
      name: 'Quiet Rowers',
      joinPolicy: 'OPEN',
    });
    const club = communityResponse.parse(created.json()).community;
    expect((await call('POST', `/api/communities/${club.slug}/join`, fan)).statusCode).toBe(200);
    const res = await call('POST', '/api/events', host, eventBody({ communityId: club.id, status: 'LIVE' }));
    expect(res.statusCode).toBe(201);
    const eventId = (res.json() as { event: { id: string } }).event.id;
    const inRoom = async () => (await t.io.in(`event:${eventId}`).fetchSockets()).map((s) => s.data.userId);

    const [fanSocket, strangerSocket] = await Promise.all([
      socketAs(fan.accessToken),
      socketAs(stranger.accessToken),
    ]);
    for (const socket of [fanSocket!, strangerSocket!]) {
      expect(await ask(socket, 'join-event-chat', { eventId })).toEqual({ ok: true });
    }
    // A PUBLIC community's event: both may stay. Turning the community PRIVATE hides it from the stranger.
    expect(
      (await call('PATCH', `/api/communities/${club.slug}`, host, { visibility: 'PRIVATE' })).statusCode,
    ).toBe(200);
    expect(await inRoom()).toEqual([fan.user.id]);
    // Banned from the PRIVATE community: the fan cannot see its event any more either.
    expect(
      (await call('POST', `/api/communities/${club.slug}/bans`, host, { userId: fan.user.id })).statusCode,
    ).toBe(201);
    expect(await inRoom()).toEqual([]);
  });
});
