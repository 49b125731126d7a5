import { CHAT_MSG, conversationSummary, directMessage, roomMessage } from '@townsquare/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEvent, createUser, makeFriends, type TestUser, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const [ada, ben, cy] = useUsers(t, [
  { username: 'ada_chat' },
  { username: 'ben_chat' },
  { username: 'cy_chat' },
]);

beforeAll(async () => {
  await makeFriends(t, ada, ben);
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, payload });

describe('direct messages', () => {
  it('sends to a friend, trims, and answers the contract shape with id strings', async () => {
    const res = await call('POST', '/api/messages', ada, {
      receiver: ben.user.id,
      content: '  Hello Ben!  ',
    });
    expect(res.statusCode).toBe(201);
    const message = directMessage.parse(res.json());
    expect(message).toMatchObject({
      sender: ada.user.id,
      receiver: ben.user.id,
      content: 'Hello Ben!',
      read: false,
    });
    expect(message.id).toBe(message._id);
    expect(message.senderProfile.username).toBe('ada_chat');
    expect(message.conversationId).toBe([ada.user.id, ben.user.id].sort().join('_'));
  });

  it('refuses whitespace, too long, strangers and yourself', async () => {
    expect(
      (await call('POST', '/api/messages', ada, { receiver: ben.user.id, content: '   ' })).json().message,
    ).toBe(CHAT_MSG.contentRequired);
    expect(
      (await call('POST', '/api/messages', ada, { receiver: ben.user.id, content: 'x'.repeat(2001) })).json()
        .message,
    ).toBe(CHAT_MSG.contentTooLong);
    const stranger = await call('POST', '/api/messages', ada, { receiver: cy.user.id, content: 'hi' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(CHAT_MSG.notFriends);
    expect(
      (await call('POST', '/api/messages', ada, { receiver: ada.user.id, content: 'hi' })).json().message,
    ).toBe(CHAT_MSG.selfMessage);
    expect((await call('POST', '/api/messages', ada, { receiver: 'bogus', content: 'hi' })).statusCode).toBe(
      404,
    );
  });

  it('stores a retried send once (clientMessageId)', async () => {
    const body = { receiver: ben.user.id, content: 'Only once', clientMessageId: 'client-1' };
    const first = await call('POST', '/api/messages', ada, body);
    const second = await call('POST', '/api/messages', ada, body);
    expect(second.json()._id).toBe(first.json()._id);
    const thread = (await call('GET', `/api/messages/${ben.user.id}`, ada)).json() as { content: string }[];
    expect(thread.filter((m) => m.content === 'Only once')).toHaveLength(1);
  });

  it('keys clientMessageId by channel: the same id elsewhere stores the new message', async () => {
    const first = await createEvent(t, ben);
    const second = await createEvent(t, ben);
    const a = await call('POST', `/api/event-messages/${first}`, ada, {
      content: 'In one',
      clientMessageId: 'c-9',
    });
    const b = await call('POST', `/api/event-messages/${second}`, ada, {
      content: 'In two',
      clientMessageId: 'c-9',
    });
    const dm = await call('POST', '/api/messages', ada, {
      receiver: ben.user.id,
      content: 'In DM',
      clientMessageId: 'c-9',
    });
    expect([a.statusCode, b.statusCode, dm.statusCode]).toEqual([201, 201, 201]);
    expect(b.json()).toMatchObject({ content: 'In two' });
    expect(b.json()._id).not.toBe(a.json()._id);
    expect(dm.json()).toMatchObject({ content: 'In DM', receiver: ben.user.id });
    const history = async (id: string) =>
      ((await call('GET', `/api/event-messages/${id}`, ada)).json() as { content: string }[]).map(
        (m) => m.content,
      );
    expect(await history(first)).toEqual(['In one']);
    expect(await history(second)).toEqual(['In two']);
    // A retry in the same channel is still stored once.
    const retry = await call('POST', `/api/event-messages/${second}`, ada, {
      content: 'In two',
      clientMessageId: 'c-9',
    });
    expect(retry.json()._id).toBe(b.json()._id);
    expect(await history(second)).toEqual(['In two']);
  });

  it('lists the conversation oldest first, marks it read for the reader, and pages back', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await makeFriends(t, a, b);
    for (let i = 0; i < 5; i++)
      await call('POST', '/api/messages', a, { receiver: b.user.id, content: `m${i}` });

    const summaries = z.array(conversationSummary).parse((await call('GET', '/api/messages', b)).json());
    expect(summaries[0]).toMatchObject({ userId: a.user.id, unreadCount: 5, lastMessage: { content: 'm4' } });

    const page = await call('GET', `/api/messages/${a.user.id}?limit=3`, b);
    expect(page.json().map((m: { content: string }) => m.content)).toEqual(['m2', 'm3', 'm4']);
    expect(page.json().every((m: { read: boolean }) => m.read)).toBe(true);
    const before = page.headers['x-next-before'];
    expect(before).toBeTruthy();
    const older = await call('GET', `/api/messages/${a.user.id}?limit=3&before=${before}`, b);
    expect(older.json().map((m: { content: string }) => m.content)).toEqual(['m0', 'm1']);
    expect(older.headers['x-next-before']).toBeUndefined();

    expect(
      z.array(conversationSummary).parse((await call('GET', '/api/messages', b)).json())[0]?.unreadCount,
    ).toBe(0);
  });

  it("lets only the receiver mark a message read, and hides others' messages", async () => {
    const sent = (
      await call('POST', '/api/messages', ada, { receiver: ben.user.id, content: 'read me' })
    ).json();
    expect((await call('POST', `/api/messages/${sent._id}/read`, ada)).statusCode).toBe(403);
    expect((await call('POST', `/api/messages/${sent._id}/read`, cy)).statusCode).toBe(404);
    const ok = await call('POST', `/api/messages/${sent._id}/read`, ben);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ _id: sent._id, id: sent._id, read: true });
    // A stranger reading the pair's thread gets nothing of it.
    const snoop = await call('GET', `/api/messages/${ben.user.id}`, cy);
    expect(snoop.json()).toEqual([]);
  });
});

describe('general chat', () => {
  it('posts and lists for signed-in users only', async () => {
    const res = await call('POST', '/api/group-messages', cy, { content: 'Hello town!' });
    expect(res.statusCode).toBe(201);
    expect(roomMessage.parse(res.json()).sender).toMatchObject({
      username: 'cy_chat',
      fullName: 'Test Person',
    });
    const list = (await call('GET', '/api/group-messages', ada)).json();
    expect(list.at(-1).content).toBe('Hello town!');
    expect((await call('GET', '/api/group-messages')).statusCode).toBe(401);
  });
});

describe('event chat', () => {
  it('is readable by whoever can see the event and writable by signed-in viewers', async () => {
    const eventId = await createEvent(t, ada, { title: 'Open jam' });
    const posted = await call('POST', `/api/event-messages/${eventId}`, cy, { content: 'Count me in' });
    expect(posted.statusCode).toBe(201);
    expect(roomMessage.parse(posted.json())).toMatchObject({ eventId, content: 'Count me in' });
    const anon = await call('GET', `/api/event-messages/${eventId}`);
    expect(anon.statusCode).toBe(200);
    expect(anon.json().map((m: { content: string }) => m.content)).toEqual(['Count me in']);
    expect(
      (await call('POST', `/api/event-messages/${eventId}`, undefined, { content: 'anon' })).statusCode,
    ).toBe(401);
  });

  it("hides private events' chat from strangers, and handles a missing id", async () => {
    const eventId = await createEvent(t, ada, { visibility: 'PRIVATE' });
    expect((await call('GET', `/api/event-messages/${eventId}`, cy)).statusCode).toBe(404);
    expect((await call('POST', `/api/event-messages/${eventId}`, cy, { content: 'hi' })).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/api/event-messages/${eventId}`, ben, { content: 'hi friend' })).statusCode,
    ).toBe(201);
    expect((await call('GET', '/api/event-messages/undefined')).json()).toEqual([]);
    expect((await call('POST', '/api/event-messages/undefined', ada, { content: 'x' })).statusCode).toBe(400);
  });

  it('lets the author delete a message, and the host remove one; nobody else', async () => {
    const eventId = await createEvent(t, ada);
    const msg = (await call('POST', `/api/event-messages/${eventId}`, ben, { content: 'oops' })).json();
    const other = (await call('POST', `/api/event-messages/${eventId}`, ben, { content: 'rude' })).json();
    const bystander = await createUser(t);
    expect((await call('DELETE', `/api/event-messages/${msg._id}`, bystander)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/event-messages/${msg._id}`, ben)).json()).toEqual({
      message: 'Message deleted successfully',
    });
    // The host (ada) moderates her event's chat (decision 021).
    expect((await call('DELETE', `/api/event-messages/${other._id}`, ada)).statusCode).toBe(200);
    expect((await call('GET', `/api/event-messages/${eventId}`, ben)).body).not.toContain('rude');
  });
});
