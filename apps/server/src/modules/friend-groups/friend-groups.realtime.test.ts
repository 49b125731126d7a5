import { friendGroup, type RoomMessage, roomMessage } from '@townsquare/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, makeFriends, type TestUser } from '../../test/factories.ts';
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
let creator: TestUser;
let member: TestUser;
let kicked: TestUser;
let leaver: TestUser;
let outsider: TestUser;
let groupId: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  [creator, member, kicked, leaver, outsider] = await Promise.all([
    createUser(t, { fullName: 'Cora Creator' }),
    createUser(t, { fullName: 'Max Member' }),
    createUser(t, { fullName: 'Kit Kicked' }),
    createUser(t, { fullName: 'Lou Leaver' }),
    createUser(t, { fullName: 'Oz Outsider' }),
  ]);
  for (const friend of [member, kicked, leaver]) await makeFriends(t, creator, friend);
  // A friend of a member, but not in the group: friendship alone opens no room.
  await makeFriends(t, member, outsider);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/friend-groups',
    headers: creator.auth,
    payload: { name: 'Pub quiz', members: [member.user.id, kicked.user.id, leaver.user.id] },
  });
  groupId = friendGroup.parse(res.json()).id;
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

const connect = (user: TestUser) => openSocket(url, user.accessToken);
/** Every `new-group-message` the socket receives, checked against the contract. */
const collect = (socket: Socket) => collectAll<RoomMessage>(socket, 'new-group-message');
const arrival = (socket: Socket, content: string) =>
  arrivalOf<RoomMessage>(socket, 'new-group-message', content).then((m) => roomMessage.parse(m));

const post = (user: TestUser, content: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/friend-groups/${groupId}/messages`,
    headers: user.auth,
    payload: { content },
  });

const removeMember = (by: TestUser, userId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/friend-groups/${groupId}/remove-member`,
    headers: by.auth,
    payload: { userId },
  });

const roomSize = async () => (await t.io.in(`group:${groupId}`).fetchSockets()).length;

describe('friend group chat over Socket.IO', () => {
  let creatorSocket: Socket;
  let memberSocket: Socket;
  let kickedSocket: Socket;
  let leaverSocket: Socket;
  let outsiderSocket: Socket;

  it('acknowledges joins: ok for members, a reason for anyone else', async () => {
    [creatorSocket, memberSocket, kickedSocket, leaverSocket, outsiderSocket] = await Promise.all([
      connect(creator),
      connect(member),
      connect(kicked),
      connect(leaver),
      connect(outsider),
    ]);
    for (const socket of [creatorSocket, memberSocket, kickedSocket, leaverSocket]) {
      expect(await ask(socket, 'join-group-chat', { groupId })).toEqual({ ok: true });
    }
    expect(await ask(outsiderSocket, 'join-group-chat', { groupId })).toEqual({
      ok: false,
      error: 'Group not found',
      code: 'CHAT_GROUP_NOT_FOUND',
    });
    expect(await ask(outsiderSocket, 'join-group-chat', { groupId: '../etc' })).toEqual({
      ok: false,
      error: 'Group not found',
      code: 'CHAT_GROUP_NOT_FOUND',
    });
    expect(await roomSize()).toBe(4);
  });

  it("delivers new-group-message to the other members, never to the sender's socket or outsiders", async () => {
    const senderSeen = collect(memberSocket);
    const outsiderSeen = collect(outsiderSocket);
    const arrivals = [creatorSocket, kickedSocket, leaverSocket].map((s) => arrival(s, 'Team name ideas?'));

    const res = await post(member, 'Team name ideas?');
    expect(res.statusCode).toBe(201);
    const stored = roomMessage.parse(res.json());
    for (const received of await Promise.all(arrivals)) {
      expect(received).toEqual(stored);
      expect(received).toMatchObject({
        groupId,
        sender: { _id: member.user.id, username: member.user.username, fullName: 'Max Member' },
      });
    }
    await barrier(memberSocket, outsiderSocket);
    expect(senderSeen).toEqual([]);
    expect(outsiderSeen).toEqual([]);
  });

  it('stops delivering to a member the creator removed, and to a member who left', async () => {
    const kickedSeen = collect(kickedSocket);
    const leaverSeen = collect(leaverSocket);
    expect((await removeMember(creator, kicked.user.id)).statusCode).toBe(201);
    expect((await removeMember(leaver, leaver.user.id)).statusCode).toBe(201);
    expect(await roomSize()).toBe(2);

    const toMember = arrival(memberSocket, 'Just us now');
    await post(creator, 'Just us now');
    await toMember;
    await barrier(kickedSocket, leaverSocket);
    expect(kickedSeen).toEqual([]);
    expect(leaverSeen).toEqual([]);
    expect(await ask(kickedSocket, 'join-group-chat', { groupId })).toEqual({
      ok: false,
      error: 'Group not found',
      code: 'CHAT_GROUP_NOT_FOUND',
    });
  });
});
