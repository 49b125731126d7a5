import { type RoomMessage, roomMessage, subgroup } from '@townsquare/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, makeFriends, type TestUser } from '../../test/factories.ts';
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
let organizer: TestUser;
let member: TestUser;
let leaver: TestUser;
let outsider: TestUser;
let subgroupId: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  [organizer, member, leaver, outsider] = await Promise.all([
    createUser(t, { fullName: 'Orla Organizer' }),
    createUser(t, { fullName: 'Mia Member' }),
    createUser(t, { fullName: 'Leo Leaver' }),
    createUser(t, { fullName: 'Otto Outsider' }),
  ]);
  await makeFriends(t, organizer, member);
  await makeFriends(t, organizer, leaver);
  const eventId = await createEvent(t, organizer, { title: 'Night market' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/event-subgroups',
    headers: organizer.auth,
    payload: { eventId, name: 'Stall crew', members: [member.user.id, leaver.user.id] },
  });
  subgroupId = subgroup.parse(res.json()).id;
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

const connect = (user: TestUser) => openSocket(url, user.accessToken);
/** Every `new-subgroup-message` the socket receives, checked against the contract. */
const collect = (socket: Socket) => collectAll<RoomMessage>(socket, 'new-subgroup-message');
const arrival = (socket: Socket, content: string) =>
  arrivalOf<RoomMessage>(socket, 'new-subgroup-message', content).then((m) => roomMessage.parse(m));

const post = (user: TestUser, content: string, clientMessageId?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/event-subgroups/${subgroupId}/messages`,
    headers: user.auth,
    payload: { content, clientMessageId },
  });

const channelSize = async (channel: string) => (await t.io.in(channel).fetchSockets()).length;

describe('sub-group chat over Socket.IO', () => {
  let organizerTab1: Socket;
  let organizerTab2: Socket;
  let memberSocket: Socket;
  let leaverSocket: Socket;
  let outsiderSocket: Socket;

  it('acknowledges joins: ok for members and the organizer, a reason for anyone else', async () => {
    [organizerTab1, organizerTab2, memberSocket, leaverSocket, outsiderSocket] = await Promise.all([
      connect(organizer),
      connect(organizer),
      connect(member),
      connect(leaver),
      connect(outsider),
    ]);
    for (const socket of [organizerTab1, organizerTab2, memberSocket, leaverSocket]) {
      expect(await ask(socket, 'join-subgroup-chat', { subGroupId: subgroupId })).toEqual({ ok: true });
    }
    expect(await ask(outsiderSocket, 'join-subgroup-chat', { subGroupId: subgroupId })).toEqual({
      ok: false,
      error: 'Sub-group not found',
      code: 'CHAT_SUBGROUP_NOT_FOUND',
    });
    expect(await ask(outsiderSocket, 'join-subgroup-chat', { subGroupId: 'not-an-id' })).toEqual({
      ok: false,
      error: 'Sub-group not found',
      code: 'CHAT_SUBGROUP_NOT_FOUND',
    });
    expect(await channelSize(`subgroup:${subgroupId}`)).toBe(4);
  });

  it("delivers new-subgroup-message to the other members, never to the sender's tabs or outsiders", async () => {
    const organizerSeen = [collect(organizerTab1), collect(organizerTab2)];
    const outsiderSeen = collect(outsiderSocket);
    const toMember = arrival(memberSocket, 'Tables at six');
    const toLeaver = arrival(leaverSocket, 'Tables at six');

    const res = await post(organizer, 'Tables at six');
    expect(res.statusCode).toBe(201);
    const stored = roomMessage.parse(res.json());
    const received = await toMember;
    expect(received).toEqual(stored);
    expect(received).toMatchObject({
      _id: stored.id,
      subGroupId: subgroupId,
      sender: { id: organizer.user.id, username: organizer.user.username, fullName: 'Orla Organizer' },
    });
    expect((await toLeaver).id).toBe(stored.id);

    // The member's reply reaches the organizer (both tabs), so the earlier silence is not a lost connection.
    const reply = arrival(organizerTab2, 'See you there');
    await post(member, 'See you there');
    await reply;
    await barrier(organizerTab1, organizerTab2, outsiderSocket);
    expect(organizerSeen.map((tab) => tab.map((m) => m.content))).toEqual([
      ['See you there'],
      ['See you there'],
    ]);
    expect(outsiderSeen).toEqual([]);
  });

  it('emits a retried send once', async () => {
    const seen = collect(memberSocket);
    const first = await post(organizer, 'Bring change', 'rt-sg-retry');
    const second = await post(organizer, 'Bring change', 'rt-sg-retry');
    expect(second.json().id).toBe(first.json().id);
    await barrier(memberSocket);
    expect(seen.map((m) => m.id)).toEqual([first.json().id]);
  });

  it('stops delivering to a member once the organizer removes them', async () => {
    const leaverSeen = collect(leaverSocket);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/event-subgroups/${subgroupId}/members/${leaver.user.id}`,
      headers: organizer.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(await channelSize(`subgroup:${subgroupId}`)).toBe(3);

    const toMember = arrival(memberSocket, 'Leo left us');
    await post(organizer, 'Leo left us');
    await toMember;
    await barrier(leaverSocket);
    expect(leaverSeen).toEqual([]);
    expect(await ask(leaverSocket, 'join-subgroup-chat', { subGroupId: subgroupId })).toEqual({
      ok: false,
      error: 'Sub-group not found',
      code: 'CHAT_SUBGROUP_NOT_FOUND',
    });
  });

  it('empties the room when the sub-group is deleted', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/event-subgroups/${subgroupId}`,
      headers: organizer.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(await channelSize(`subgroup:${subgroupId}`)).toBe(0);
    expect(await ask(memberSocket, 'join-subgroup-chat', { subGroupId: subgroupId })).toMatchObject({
      ok: false,
    });
  });
});
