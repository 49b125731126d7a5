import { communityResponse, type RoomMessage, roomMessage } from '@townsquare/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, eventBody, type TestUser, verifyEmail } from '../../test/factories.ts';
import {
  arrival as arrivalOf,
  ask,
  barrier,
  closeSockets,
  collect as collectAll,
  listen,
  openSocket,
} from '../../test/sockets.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let url: string;
let owner: TestUser;
let member: TestUser;
let removed: TestUser;
let banned: TestUser;
let pending: TestUser;
let outsider: TestUser;
let slug: string;
let communityId: string;

const call = (method: 'POST' | 'DELETE' | 'PATCH', path: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url: path, headers: user.auth, payload });

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  [owner, member, removed, banned, pending, outsider] = await Promise.all([
    createUser(t, { fullName: 'Owen Owner' }),
    createUser(t, { fullName: 'Mia Member' }),
    createUser(t, { fullName: 'Rex Removed' }),
    createUser(t, { fullName: 'Bea Banned' }),
    createUser(t, { fullName: 'Pat Pending' }),
    createUser(t, { fullName: 'Oz Outsider' }),
  ]);
  const res = await call('POST', '/api/communities', owner, { name: 'Night Owls', joinPolicy: 'APPROVAL' });
  ({ slug, id: communityId } = communityResponse.parse(res.json()).community);
  for (const user of [member, removed, banned]) {
    await call('POST', `/api/communities/${slug}/invites`, owner, { userId: user.user.id });
    await call('POST', `/api/communities/${slug}/join`, user);
  }
  await call('POST', `/api/communities/${slug}/join`, pending, { answers: [] });
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

const connect = (user: TestUser) => openSocket(url, user.accessToken);
const collect = (socket: Socket) => collectAll<RoomMessage>(socket, 'new-community-message');
const arrival = (socket: Socket, content: string) =>
  arrivalOf<RoomMessage>(socket, 'new-community-message', content).then((m) => roomMessage.parse(m));
const post = (user: TestUser, content: string) =>
  call('POST', `/api/communities/${slug}/messages`, user, { content });
const roomSize = async () => (await t.io.in(`community:${communityId}`).fetchSockets()).length;

describe('community chat over Socket.IO', () => {
  let sockets: Record<'owner' | 'member' | 'removed' | 'banned' | 'pending' | 'outsider', Socket>;

  it('acknowledges joins: ok for members, a reason for a pending asker and an outsider', async () => {
    const [o, m, r, b, p, x] = await Promise.all(
      [owner, member, removed, banned, pending, outsider].map(connect),
    );
    sockets = { owner: o!, member: m!, removed: r!, banned: b!, pending: p!, outsider: x! };
    for (const socket of [o!, m!, r!, b!]) {
      expect(await ask(socket, 'join-community-chat', { communityId })).toEqual({ ok: true });
    }
    for (const socket of [p!, x!]) {
      expect(await ask(socket, 'join-community-chat', { communityId })).toEqual({
        ok: false,
        error: 'Community not found',
        code: 'COMMUNITY_NOT_FOUND',
      });
    }
    expect(await ask(x!, 'join-community-chat', { communityId: '../etc' })).toEqual({
      ok: false,
      error: 'Community not found',
      code: 'COMMUNITY_NOT_FOUND',
    });
    expect(await roomSize()).toBe(4);
  });

  it('delivers new-community-message to the other members, never to the sender, a pending asker or an outsider', async () => {
    const senderSeen = collect(sockets.member);
    const refusedSeen = [collect(sockets.pending), collect(sockets.outsider)];
    const arrivals = [sockets.owner, sockets.removed, sockets.banned].map((s) => arrival(s, 'Moon is up'));
    const res = await post(member, 'Moon is up');
    expect(res.statusCode).toBe(201);
    const stored = roomMessage.parse(res.json());
    for (const received of await Promise.all(arrivals)) {
      expect(received).toEqual(stored);
      expect(received).toMatchObject({
        communityId,
        sender: { _id: member.user.id, fullName: 'Mia Member' },
      });
      expect(JSON.stringify(received)).not.toContain(member.email);
    }
    await barrier(sockets.member, sockets.pending, sockets.outsider);
    expect(senderSeen).toEqual([]);
    expect(refusedSeen).toEqual([[], []]);
  });

  it('a removed and a banned member stop receiving at once and cannot rejoin the room', async () => {
    const removedSeen = collect(sockets.removed);
    const bannedSeen = collect(sockets.banned);
    expect(
      (await call('DELETE', `/api/communities/${slug}/members/${removed.user.id}`, owner)).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/communities/${slug}/bans`, owner, { userId: banned.user.id })).statusCode,
    ).toBe(201);
    expect(await roomSize()).toBe(2);
    const toMember = arrival(sockets.member, 'Just the two of us');
    await post(owner, 'Just the two of us');
    await toMember;
    await barrier(sockets.removed, sockets.banned);
    expect(removedSeen).toEqual([]);
    expect(bannedSeen).toEqual([]);
    for (const socket of [sockets.removed, sockets.banned]) {
      expect(await ask(socket, 'join-community-chat', { communityId })).toEqual({
        ok: false,
        error: 'Community not found',
        code: 'COMMUNITY_NOT_FOUND',
      });
    }
  });

  it('a member who leaves stops receiving too', async () => {
    const seen = collect(sockets.member);
    expect((await call('POST', `/api/communities/${slug}/leave`, member)).statusCode).toBe(200);
    expect(await roomSize()).toBe(1);
    await post(owner, 'Anyone?');
    await barrier(sockets.member);
    expect(seen).toEqual([]);
  });
});

describe("a PRIVATE community's event chats", () => {
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
    const room = `event:${eventId}`;
    const inRoom = async () => (await t.io.in(room).fetchSockets()).map((s) => s.data.userId);

    const [fanSocket, strangerSocket] = await Promise.all([connect(fan), connect(stranger)]);
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
