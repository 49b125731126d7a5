import { conversationIdOf } from '@townsquare/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, makeFriends, signIn, type TestUser, useUsers } from '../test/factories.ts';
import { ask, barrier, closeSockets, collect, listen, next, openSocket, settle } from '../test/sockets.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();
let url: string;
const [ada, ben, cy] = useUsers(t, [{ username: 'ada_rt' }, { username: 'ben_rt' }, { username: 'cy_rt' }]);

beforeAll(async () => {
  url = await listen(t);
  await makeFriends(t, ada, ben);
});
afterAll(closeSockets);

const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user.auth, payload });

describe('handshake', () => {
  it('refuses a connection without a token or with a bad one', async () => {
    await expect(openSocket(url)).rejects.toThrow('Authentication token required');
    await expect(openSocket(url, 'not-a-jwt')).rejects.toThrow('Invalid authentication token');
    await expect(openSocket(url, ada.refreshToken)).rejects.toThrow('Invalid authentication token');
  });
});

describe('direct messages', () => {
  it("reach the other participant (in the room or not), never the sender's own sockets", async () => {
    const adaTab1 = await openSocket(url, ada.accessToken);
    const adaTab2 = await openSocket(url, ada.accessToken);
    const benSocket = await openSocket(url, ben.accessToken);
    const conversationId = conversationIdOf(ada.user.id, ben.user.id);
    expect(await ask(benSocket, 'join-conversation', { conversationId })).toEqual({ ok: true });
    const adaEcho = [...collect(adaTab1, 'new-message'), ...collect(adaTab2, 'new-message')];

    const arrived = next<{ _id: string; content: string; sender: string }>(benSocket, 'new-message');
    const sent = await post(ada, '/api/messages', { receiver: ben.user.id, content: 'Live hello' });
    const message = await arrived;
    expect(message).toMatchObject({ _id: sent.json()._id, content: 'Live hello', sender: ada.user.id });
    await settle();
    expect(adaEcho).toEqual([]);
  });

  it("refuses joining another pair's conversation, and that socket receives nothing", async () => {
    const spy = await openSocket(url, cy.accessToken);
    const conversationId = conversationIdOf(ada.user.id, ben.user.id);
    const answer = await ask<{ ok: boolean; error?: string }>(spy, 'join-conversation', { conversationId });
    expect(answer).toEqual({
      ok: false,
      error: 'You cannot join this conversation',
      code: 'CHAT_CANNOT_JOIN_CONVERSATION',
    });
    const seen = collect(spy, 'new-message');
    await post(ada, '/api/messages', { receiver: ben.user.id, content: 'Not for Cy' });
    await settle();
    expect(seen).toEqual([]);
  });
});

describe('event chat', () => {
  it('delivers to viewers who joined, refuses private events to strangers', async () => {
    const eventId = await createEvent(t, ada, { title: 'Rooftop yoga', visibility: 'PRIVATE' });
    const benSocket = await openSocket(url, ben.accessToken);
    const cySocket = await openSocket(url, cy.accessToken);
    expect(await ask(benSocket, 'join-event-chat', { eventId })).toEqual({ ok: true });
    expect(await ask(cySocket, 'join-event-chat', { eventId })).toEqual({
      ok: false,
      error: 'Event not found',
      code: 'EVENT_NOT_FOUND',
    });
    const cySeen = collect(cySocket, 'new-event-message');
    const arrived = next<{ content: string; eventId: string; sender: { username: string } }>(
      benSocket,
      'new-event-message',
    );
    await post(ada, `/api/event-messages/${eventId}`, { content: 'Mats provided' });
    expect(await arrived).toMatchObject({
      content: 'Mats provided',
      eventId,
      sender: { username: 'ada_rt' },
    });
    await settle();
    expect(cySeen).toEqual([]);
  });
});

describe('friend requests and presence', () => {
  it('tells the receiver about a request and the requester about the acceptance, with names', async () => {
    const dee = await createUser(t, { username: 'dee_rt' });
    const eve = await createUser(t, { username: 'eve_rt' });
    const deeSocket = await openSocket(url, dee.accessToken);
    const eveSocket = await openSocket(url, eve.accessToken);
    const request = next(eveSocket, 'new-friend-request');
    await post(dee, '/api/friends/request', { receiverId: eve.user.id });
    expect(await request).toEqual({
      type: 'friend_request',
      senderId: dee.user.id,
      senderName: 'dee_rt',
      message: 'You have a new friend request',
    });
    const update = next(deeSocket, 'friend-request-update');
    await post(eve, '/api/friends/accept', { requesterId: dee.user.id });
    expect(await update).toMatchObject({
      type: 'friend_request_accepted',
      userId: eve.user.id,
      message: 'eve_rt accepted your friend request',
    });
  });

  it('tells a newcomer which friends are already online, and nobody else', async () => {
    const ivy = await createUser(t);
    const jon = await createUser(t);
    const kim = await createUser(t);
    await makeFriends(t, ivy, jon);
    await openSocket(url, jon.accessToken);
    await openSocket(url, kim.accessToken);
    // Listen before connecting: the list is sent right after the handshake.
    const socket = connect(url, {
      auth: { token: ivy.accessToken },
      transports: ['websocket'],
      autoConnect: false,
      forceNew: true,
    });
    const list = new Promise<string[]>((resolve) => socket.once('online-users', resolve));
    socket.connect();
    try {
      expect(await list).toEqual([jon.user.id]);
    } finally {
      socket.disconnect();
    }
  });

  it('announces presence to friends only, once per user however many tabs', async () => {
    const fay = await createUser(t);
    const gus = await createUser(t);
    const hal = await createUser(t);
    await makeFriends(t, fay, gus);
    const gusSocket = await openSocket(url, gus.accessToken);
    const halSocket = await openSocket(url, hal.accessToken);
    const gusOnline = collect<{ userId: string }>(gusSocket, 'user-online');
    const gusOffline = collect<{ userId: string }>(gusSocket, 'user-offline');
    const halSeen = [...collect(halSocket, 'user-online'), ...collect(halSocket, 'user-offline')];

    const tab1 = await openSocket(url, fay.accessToken);
    const tab2 = await openSocket(url, fay.accessToken);
    await settle();
    expect(gusOnline).toEqual([{ userId: fay.user.id }]);
    tab1.disconnect();
    await settle();
    expect(gusOffline).toEqual([]);
    tab2.disconnect();
    await settle();
    expect(gusOffline).toEqual([{ userId: fay.user.id }]);
    expect(halSeen).toEqual([]);
  });
});

describe('robustness and revocation', () => {
  it('survives malformed frames and unknown events', async () => {
    const socket = await openSocket(url, ada.accessToken);
    socket.emit('join-conversation', null);
    socket.emit('join-event-chat', 42);
    socket.emit('join-subgroup-chat', { subGroupId: { $ne: 1 } });
    socket.emit('no-such-event', 'x'.repeat(10_000));
    expect(await ask(socket, 'join-conversation', 'garbage')).toEqual({
      ok: false,
      error: 'You cannot join this conversation',
      code: 'CHAT_CANNOT_JOIN_CONVERSATION',
    });
    expect(await ask(socket, 'join-general-chat', {})).toEqual({ ok: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('disconnects the sockets of other sessions when the password changes', async () => {
    const user = await createUser(t);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: user.email, password: user.password },
      remoteAddress: '10.200.0.1',
    });
    const staleSocket = await openSocket(url, other.json().accessToken);
    const currentSocket = await openSocket(url, user.accessToken);
    const dropped = next(staleSocket, 'disconnect');
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: user.auth,
      payload: { currentPassword: user.password, newPassword: 'a completely new one' },
    });
    expect(changed.statusCode).toBe(200);
    await dropped;
    await settle();
    expect(currentSocket.connected).toBe(true);
  });
});

describe('session end', () => {
  it("logout closes that session's sockets, and only those", async () => {
    const user = await createUser(t);
    const other = await signIn(t, user);
    const leaving = await openSocket(url, user.accessToken);
    const staying = await openSocket(url, other.accessToken);
    const dropped = next(leaving, 'disconnect');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    expect(out.statusCode).toBe(200);
    await dropped;
    await barrier(staying);
    expect(staying.connected).toBe(true);
    await expect(openSocket(url, user.accessToken)).rejects.toThrow('Invalid authentication token');
  });

  it('account deletion closes every socket of the account', async () => {
    const user = await createUser(t);
    const other = await signIn(t, user);
    const sockets = [await openSocket(url, user.accessToken), await openSocket(url, other.accessToken)];
    const dropped = sockets.map((s) => next(s, 'disconnect'));
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: user.auth,
      payload: { currentPassword: user.password },
    });
    expect(gone.statusCode).toBe(200);
    await Promise.all(dropped);
  });

  it('a reused refresh token ends the session and closes its sockets', async () => {
    const user = await createUser(t);
    const socket = await openSocket(url, user.accessToken);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: token } });
    expect((await refresh(user.refreshToken)).statusCode).toBe(200);
    const dropped = next(socket, 'disconnect');
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    await dropped;
  });
});

describe('event chat after visibility changes', () => {
  const put = (user: TestUser, eventId: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/events/${eventId}`, headers: user.auth, payload });

  /** Posts as the organiser and tells which of the sockets received it. */
  async function whoHears(organiser: TestUser, eventId: string, sockets: Record<string, Socket>) {
    const heard = Object.fromEntries(Object.keys(sockets).map((k) => [k, false]));
    for (const [name, s] of Object.entries(sockets)) s.on('new-event-message', () => (heard[name] = true));
    expect(
      (await post(organiser, `/api/event-messages/${eventId}`, { content: 'still here?' })).statusCode,
    ).toBe(201);
    await barrier(...Object.values(sockets));
    for (const s of Object.values(sockets)) s.off('new-event-message');
    return heard;
  }

  it('evicts sockets that can no longer see the event when it becomes PRIVATE, then DRAFT', async () => {
    const organiser = await createUser(t);
    const friend = await createUser(t);
    const stranger = await createUser(t);
    await makeFriends(t, organiser, friend);
    const eventId = await createEvent(t, organiser, { title: 'Open picnic' });
    const sockets = {
      friend: await openSocket(url, friend.accessToken),
      stranger: await openSocket(url, stranger.accessToken),
    };
    for (const s of Object.values(sockets))
      expect(await ask(s, 'join-event-chat', { eventId })).toEqual({ ok: true });

    expect((await put(organiser, eventId, { visibility: 'PRIVATE' })).statusCode).toBe(200);
    expect(await whoHears(organiser, eventId, sockets)).toEqual({ friend: true, stranger: false });

    expect((await put(organiser, eventId, { status: 'DRAFT' })).statusCode).toBe(200);
    expect(await whoHears(organiser, eventId, sockets)).toEqual({ friend: false, stranger: false });
  });

  it('evicts a former friend from the chat of a PRIVATE event when the friendship ends', async () => {
    const organiser = await createUser(t);
    const friend = await createUser(t);
    await makeFriends(t, organiser, friend);
    const eventId = await createEvent(t, organiser, { title: 'Friends only', visibility: 'PRIVATE' });
    const socket = await openSocket(url, friend.accessToken);
    expect(await ask(socket, 'join-event-chat', { eventId })).toEqual({ ok: true });
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/friends/${friend.user.id}`,
      headers: organiser.auth,
    });
    expect(ended.statusCode).toBe(200);
    expect(await whoHears(organiser, eventId, { friend: socket })).toEqual({ friend: false });
  });
});
