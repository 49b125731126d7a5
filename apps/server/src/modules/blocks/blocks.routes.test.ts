import {
  BLOCK_MSG,
  blocksResponse,
  communityResponse,
  friendGroup,
  MSG,
  type RoomMessage,
  roomMessage,
  subgroup,
} from '@townsquare/contracts';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, makeFriends, type TestUser } from '../../test/factories.ts';
import { arrival, ask, barrier, collect, next, useSockets } from '../../test/sockets.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const socketAs = useSockets(t);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, as?: TestUser, payload?: object) =>
  t.app.inject({ method, url: path, ...(as ? { headers: as.auth } : {}), ...(payload ? { payload } : {}) });
const block = (a: TestUser, b: TestUser) => call('POST', `/api/users/${b.user.id}/block`, a);
const unblock = (a: TestUser, b: TestUser) => call('DELETE', `/api/users/${b.user.id}/block`, a);
const status = async (a: TestUser, b: TestUser) =>
  (
    call('GET', `/api/friends/status/${b.user.id}`, a).then((r) => r.json()) as Promise<{ status: string }>
  ).then((s) => s.status);
const people = (n: number, name: string) =>
  Promise.all(Array.from({ length: n }, (_, i) => createUser(t, { fullName: `${name} ${i}` })));

describe('block, unblock, list', () => {
  it('answers 400 for a bad id and for oneself, 404 for nobody, 401 signed out', async () => {
    const [a] = await people(1, 'Ada');
    const bad = await call('POST', '/api/users/not-a-uuid/block', a);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Invalid user ID' });
    const self = await block(a!, a!);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: BLOCK_MSG.self });
    expect((await call('DELETE', `/api/users/${a!.user.id}/block`, a)).statusCode).toBe(400);
    const nobody = '01900000-0000-7000-8000-000000000000';
    expect((await call('POST', `/api/users/${nobody}/block`, a)).statusCode).toBe(404);
    expect((await call('POST', `/api/users/${nobody}/block`)).statusCode).toBe(401);
    expect((await call('GET', '/api/users/me/blocks')).statusCode).toBe(401);
  });

  it('is idempotent both ways and lists the blocked people with public fields only', async () => {
    const [a, b, c] = await people(3, 'Bo');
    for (let i = 0; i < 2; i++) expect((await block(a!, b!)).json()).toEqual({ message: BLOCK_MSG.blocked });
    expect((await block(a!, c!)).statusCode).toBe(200);
    const list = blocksResponse.parse((await call('GET', '/api/users/me/blocks', a)).json());
    expect(list.blocks.map((x) => x.id)).toEqual([c!.user.id, b!.user.id]);
    expect(JSON.stringify(list)).not.toContain(b!.email);
    // The blocked person's own list is theirs: empty.
    expect(blocksResponse.parse((await call('GET', '/api/users/me/blocks', b)).json()).blocks).toEqual([]);
    for (let i = 0; i < 2; i++)
      expect((await unblock(a!, b!)).json()).toEqual({ message: BLOCK_MSG.unblocked });
    const after = blocksResponse.parse((await call('GET', '/api/users/me/blocks', a)).json());
    expect(after.blocks.map((x) => x.id)).toEqual([c!.user.id]);
  });
});

describe('relationships', () => {
  it('ends a friendship, telling both sides over their sockets', async () => {
    const [a, b] = await people(2, 'Cy');
    await makeFriends(t, a!, b!);
    const [sa, sb] = await Promise.all([socketAs(a!.accessToken), socketAs(b!.accessToken)]);
    const toA = next<{ userId: string }>(sa, 'relationship-changed');
    const toB = next<{ userId: string }>(sb, 'relationship-changed');
    expect((await block(a!, b!)).statusCode).toBe(200);
    expect(await toA).toEqual({ userId: b!.user.id });
    expect(await toB).toEqual({ userId: a!.user.id });
    expect(await status(a!, b!)).toBe('none');
    expect(await status(b!, a!)).toBe('none');
    expect((await call('GET', '/api/friends/list', b)).json()).toEqual({ friends: [] });
  });

  it.each(['blocker asked', 'blocked asked'] as const)('ends a pending request (%s)', async (who) => {
    const [a, b] = await people(2, 'Di');
    const [from, to] = who === 'blocker asked' ? [a!, b!] : [b!, a!];
    expect((await call('POST', '/api/friends/request', from, { receiverId: to.user.id })).statusCode).toBe(
      201,
    );
    const sb = await socketAs(b!.accessToken);
    const toB = next(sb, 'relationship-changed');
    await block(a!, b!);
    await toB;
    for (const [x, y] of [
      [a!, b!],
      [b!, a!],
    ] as const)
      expect(await status(x, y)).toBe('none');
    expect((await call('GET', '/api/friends/requests', to)).json()).toEqual({ received: [], sent: [] });
  });

  it.each(['blocker', 'blocked'] as const)(
    'the %s can send no friend request or direct message: 403, neutral',
    async (who) => {
      const [a, b] = await people(2, 'Ed');
      await makeFriends(t, a!, b!);
      await block(a!, b!);
      const [from, to] = who === 'blocker' ? [a!, b!] : [b!, a!];
      const request = await call('POST', '/api/friends/request', from, { receiverId: to.user.id });
      const dm = await call('POST', '/api/messages', from, { receiver: to.user.id, content: 'hello?' });
      for (const res of [request, dm]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ message: MSG.contactUnavailable });
        expect(res.body.toLowerCase()).not.toContain('block');
      }
      // After an unblock, a request goes through again.
      await unblock(a!, b!);
      expect((await call('POST', '/api/friends/request', from, { receiverId: to.user.id })).statusCode).toBe(
        201,
      );
    },
  );

  it('neither finds the other in search; others find both', async () => {
    const [a, b, c] = await people(3, 'Fay');
    await block(a!, b!);
    const search = async (as: TestUser, who: TestUser) =>
      (
        (await call('GET', `/api/search?q=${who.user.username}`, as)).json() as { users: { id: string }[] }
      ).users.map((u) => u.id);
    expect(await search(a!, b!)).not.toContain(b!.user.id);
    expect(await search(b!, a!)).not.toContain(a!.user.id);
    expect(await search(c!, a!)).toContain(a!.user.id);
    expect(await search(c!, b!)).toContain(b!.user.id);
  });

  it("removes each from the other's friend groups; neither can add the other afterwards", async () => {
    const [a, b, c] = await people(3, 'Gus');
    for (const [x, y] of [
      [a!, b!],
      [a!, c!],
      [b!, c!],
    ] as const)
      await makeFriends(t, x, y);
    const group = async (owner: TestUser, members: TestUser[]) =>
      friendGroup.parse(
        (
          await call('POST', '/api/friend-groups', owner, {
            name: `${owner.user.fullName}'s`,
            members: members.map((m) => m.user.id),
          })
        ).json(),
      ).id;
    const ofA = await group(a!, [b!, c!]);
    const ofB = await group(b!, [a!, c!]);
    const sb = await socketAs(b!.accessToken);
    expect(await ask(sb, 'join-group-chat', { groupId: ofA })).toEqual({ ok: true });
    await block(a!, b!);
    const members = async (as: TestUser, id: string) =>
      ((await call('GET', '/api/friend-groups', as)).json() as unknown[])
        .map((g) => friendGroup.parse(g))
        .find((g) => g.id === id)
        ?.members.map((m) => m._id);
    expect((await members(a!, ofA))?.sort()).toEqual([a!.user.id, c!.user.id].sort());
    expect((await members(b!, ofB))?.sort()).toEqual([b!.user.id, c!.user.id].sort());
    expect((await call('GET', `/api/friend-groups/${ofA}/messages`, b)).statusCode).toBe(404);
    expect((await t.io.in(`group:${ofA}`).fetchSockets()).length).toBe(0);
    for (const [owner, id, other] of [
      [a!, ofA, b!],
      [b!, ofB, a!],
    ] as const) {
      const add = await call('POST', `/api/friend-groups/${id}/add-member`, owner, { userId: other.user.id });
      expect(add.statusCode).toBe(400);
    }
  });

  it("makes the blocker's private events invisible to the blocked person, even after an RSVP", async () => {
    const [a, b] = await people(2, 'Hal');
    await makeFriends(t, a!, b!);
    const privateId = await createEvent(t, a!, { visibility: 'PRIVATE', title: 'Quiet supper' });
    const publicId = await createEvent(t, a!, { title: 'Open picnic' });
    expect((await call('POST', `/api/events/${privateId}/rsvp`, b, { status: 'going' })).statusCode).toBe(
      200,
    );
    const sb = await socketAs(b!.accessToken);
    expect(await ask(sb, 'join-event-chat', { eventId: privateId })).toEqual({ ok: true });
    await block(a!, b!);
    expect((await call('GET', `/api/events/${privateId}`, b)).statusCode).toBe(404);
    expect((await call('GET', `/api/event-messages/${privateId}`, b)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${publicId}`, b)).statusCode).toBe(200);
    const listed = (await call('GET', '/api/events?limit=100', b)).body;
    expect(listed).not.toContain(privateId);
    expect(await ask(sb, 'join-event-chat', { eventId: privateId })).toMatchObject({ ok: false });
    expect((await t.io.in(`event:${privateId}`).fetchSockets()).length).toBe(0);
    // The blocker still sees their own.
    expect((await call('GET', `/api/events/${privateId}`, a)).statusCode).toBe(200);
  });
});

describe('shared rooms: the blocker sees a placeholder, history and live', () => {
  let a: TestUser; // blocks b
  let b: TestUser;
  let c: TestUser; // owns the rooms, blocks nobody
  type Room = { name: string; join: [string, object]; event: string; path: string };
  const rooms: Room[] = [];
  const sockets = new Map<TestUser, Socket>();

  beforeAll(async () => {
    [a, b, c] = (await people(3, 'Ivy')) as [TestUser, TestUser, TestUser];
    await makeFriends(t, c, a);
    await makeFriends(t, c, b);
    const eventId = await createEvent(t, c, { title: 'Street fair' });
    const groupId = friendGroup.parse(
      (
        await call('POST', '/api/friend-groups', c, { name: 'Fair crew', members: [a.user.id, b.user.id] })
      ).json(),
    ).id;
    const subGroupId = subgroup.parse(
      (
        await call('POST', '/api/event-subgroups', c, {
          eventId,
          name: 'Stall',
          members: [a.user.id, b.user.id],
        })
      ).json(),
    ).id;
    const { slug, id: communityId } = communityResponse.parse(
      (await call('POST', '/api/communities', c, { name: 'Fair friends', joinPolicy: 'OPEN' })).json(),
    ).community;
    for (const user of [a, b])
      expect((await call('POST', `/api/communities/${slug}/join`, user)).statusCode).toBe(200);
    rooms.push(
      {
        name: 'general',
        join: ['join-general-chat', {}],
        event: 'new-general-message',
        path: '/api/group-messages',
      },
      {
        name: 'event',
        join: ['join-event-chat', { eventId }],
        event: 'new-event-message',
        path: `/api/event-messages/${eventId}`,
      },
      {
        name: 'friend group',
        join: ['join-group-chat', { groupId }],
        event: 'new-group-message',
        path: `/api/friend-groups/${groupId}/messages`,
      },
      {
        name: 'sub-group',
        join: ['join-subgroup-chat', { subGroupId }],
        event: 'new-subgroup-message',
        path: `/api/event-subgroups/${subGroupId}/messages`,
      },
      {
        name: 'community',
        join: ['join-community-chat', { communityId }],
        event: 'new-community-message',
        path: `/api/communities/${slug}/messages`,
      },
    );
    // History written before the block, and sockets connected before it.
    for (const room of rooms) {
      expect((await call('POST', room.path, b, { content: `b before, ${room.name}` })).statusCode).toBe(201);
      expect((await call('POST', room.path, a, { content: `a before, ${room.name}` })).statusCode).toBe(201);
    }
    for (const user of [a, b, c]) {
      const socket = await socketAs(user.accessToken);
      for (const room of rooms) expect(await ask(socket, ...room.join)).toEqual({ ok: true });
      sockets.set(user, socket);
    }
    expect((await block(a, b)).statusCode).toBe(200);
  });

  const history = async (as: TestUser, room: Room) =>
    ((await call('GET', room.path, as)).json() as RoomMessage[]).map((m) => roomMessage.parse(m));
  const byContent = (messages: RoomMessage[], from: TestUser) =>
    messages.filter((m) => m.sender.id === from.user.id);

  it.each(['general', 'event', 'friend group', 'sub-group', 'community'])(
    'history of the %s chat',
    async (name) => {
      const room = rooms.find((r) => r.name === name)!; // the five rooms above
      const fromB = byContent(await history(a, room), b);
      expect(fromB.length).toBeGreaterThan(0);
      for (const m of fromB)
        expect(m).toMatchObject({ content: '', hidden: 'blocked', sender: { id: b.user.id } });
      // Nobody else's view changes: the blocked person sees the blocker's messages, others see both.
      expect(byContent(await history(b, room), a)[0]).toMatchObject({ content: `a before, ${name}` });
      expect(byContent(await history(c, room), b)[0]).toMatchObject({ content: `b before, ${name}` });
      expect(byContent(await history(c, room), b)[0]?.hidden).toBeUndefined();
    },
  );

  it.each(['general', 'event', 'friend group', 'sub-group', 'community'])(
    'live in the %s chat',
    async (name) => {
      const room = rooms.find((r) => r.name === name)!; // the five rooms above
      const [sa, sb, sc] = [sockets.get(a)!, sockets.get(b)!, sockets.get(c)!]; // opened above
      const seenByA = collect<RoomMessage>(sa, room.event);
      const toC = arrival<RoomMessage>(sc, room.event, `b live, ${name}`);
      expect((await call('POST', room.path, b, { content: `b live, ${name}` })).statusCode).toBe(201);
      expect((await toC).hidden).toBeUndefined();
      await barrier(sa);
      expect(seenByA).toHaveLength(1);
      expect(roomMessage.parse(seenByA[0])).toMatchObject({
        content: '',
        hidden: 'blocked',
        sender: { id: b.user.id },
      });
      // The other way round nothing is hidden.
      const toB = arrival<RoomMessage>(sb, room.event, `a live, ${name}`);
      expect((await call('POST', room.path, a, { content: `a live, ${name}` })).statusCode).toBe(201);
      expect((await toB).hidden).toBeUndefined();
    },
  );

  it('a socket opened after the block filters too', async () => {
    const late = await socketAs(a.accessToken);
    expect(await ask(late, 'join-general-chat', {})).toEqual({ ok: true });
    const seen = collect<RoomMessage>(late, 'new-general-message');
    await call('POST', '/api/group-messages', b, { content: 'b to the late socket' });
    await barrier(late);
    expect(seen.map((m) => m.hidden)).toEqual(['blocked']);
  });

  it('after an unblock, history and live are whole again (on sockets opened before)', async () => {
    expect((await unblock(a, b)).statusCode).toBe(200);
    const general = rooms[0]!; // general
    expect(byContent(await history(a, general), b).every((m) => m.hidden === undefined && m.content)).toBe(
      true,
    );
    const sa = sockets.get(a)!; // opened above
    // barrier() above left the general chat: back in.
    expect(await ask(sa, 'join-general-chat', {})).toEqual({ ok: true });
    const whole = arrival<RoomMessage>(sa, general.event, 'b after unblock');
    expect((await call('POST', general.path, b, { content: 'b after unblock' })).statusCode).toBe(201);
    expect((await whole).hidden).toBeUndefined();
  });
});
