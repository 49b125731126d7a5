import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import type { ConversationSummary, DirectMessage, PersonSummary, RoomMessage } from '@townsquare/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChatHistory, flattenHistory } from '../../lib/chat/history.ts';
import { jsonResponse } from '../../test/factories.ts';
import { createFakeSocket } from '../../test/fake-socket.ts';
import { conversationQueryKey, conversationQueryOptions } from './api/get-conversation.ts';
import { conversationsQueryKey } from './api/get-conversations.ts';
import { eventMessagesQueryKey } from './api/get-event-messages.ts';
import { generalMessagesQueryKey } from './api/get-general-messages.ts';
import { registerChatRealtime } from './realtime.ts';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const ME = 'me-1';
const ADA = 'ada-2';
const BEN = 'ben-3';
const person = (id: string, username: string): PersonSummary => ({
  _id: id,
  id,
  username,
  fullName: `${username} Full`,
  profileImage: null,
});

function direct(id: string, from: string, to: string, content: string): DirectMessage {
  return {
    _id: id,
    id,
    sender: from,
    receiver: to,
    content,
    timestamp: '2025-03-08T10:00:00.000Z',
    read: false,
    conversationId: [from, to].sort().join('_'),
    senderProfile: person(from, from === ADA ? 'ada' : 'ben'),
  };
}

function summary(userId: string, username: string, unreadCount: number): ConversationSummary {
  const m = direct(`last-${userId}`, userId, ME, 'earlier');
  return {
    userId,
    username,
    fullName: `${username} Full`,
    profileImage: null,
    unreadCount,
    lastMessage: {
      ...m,
      sender: person(userId, username),
      receiver: person(ME, 'me'),
      createdAt: m.timestamp,
    },
  };
}

function history<T>(messages: T[]): ChatHistory<T> {
  return { pages: [{ messages, nextBefore: null }], pageParams: [undefined] };
}

let queryClient: QueryClient;
let socket: ReturnType<typeof createFakeSocket>;
let pathname = '/dashboard';
let stop: () => void;
const fetchMock = vi.fn(async () => jsonResponse({ id: 'x', read: true }, 201));

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  socket = createFakeSocket();
  pathname = '/dashboard';
  toast.mockClear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  stop = registerChatRealtime(socket, {
    queryClient,
    userId: ME,
    pathname: () => pathname,
    navigate: vi.fn(),
  });
  queryClient.setQueryData(conversationsQueryKey, [summary(BEN, 'ben', 0), summary(ADA, 'ada', 1)]);
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

const conversations = () => queryClient.getQueryData<ConversationSummary[]>(conversationsQueryKey) ?? [];
const thread = (userId: string) =>
  flattenHistory(queryClient.getQueryData<ChatHistory<DirectMessage>>(conversationQueryKey(userId)));

describe('chat realtime: new-message', () => {
  it('appends to the cached thread once, moves the conversation up, counts it unread and toasts', () => {
    queryClient.setQueryData(conversationQueryKey(ADA), history([direct('d1', ADA, ME, 'hi')]));
    const incoming = direct('d2', ADA, ME, 'Coffee later?');
    socket.receive('new-message', incoming);
    socket.receive('new-message', incoming);

    expect(thread(ADA).map((m) => m.id)).toEqual(['d1', 'd2']);
    expect(conversations().map((c) => [c.userId, c.unreadCount, c.lastMessage.content])).toEqual([
      [ADA, 2, 'Coffee later?'],
      [BEN, 0, 'earlier'],
    ]);
    expect(toast).toHaveBeenCalledWith('New message from ada', expect.objectContaining({ duration: 4000 }));
  });

  it('does not toast on a /messages/… page', () => {
    pathname = `/messages/${BEN}`;
    socket.receive('new-message', direct('d3', ADA, ME, 'psst'));
    expect(toast).not.toHaveBeenCalled();
    expect(conversations()[0]?.unreadCount).toBe(2);
  });

  it('marks it read instead when the thread is on screen', async () => {
    queryClient.setQueryData(conversationQueryKey(ADA), history<DirectMessage>([]));
    const observer = new InfiniteQueryObserver(queryClient, {
      ...conversationQueryOptions(ADA),
      enabled: false,
    });
    const unsubscribe = observer.subscribe(() => {});
    socket.receive('new-message', direct('d4', ADA, ME, 'here?'));
    unsubscribe();

    expect(thread(ADA).map((m) => m.id)).toEqual(['d4']);
    expect(conversations()[0]?.unreadCount).toBe(1);
    expect(toast).not.toHaveBeenCalled();
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/messages/d4/read', expect.anything()),
    );
  });

  it('fetches the list when the conversation is new, and leaves an uncached thread alone', () => {
    const newcomer = 'cat-4';
    socket.receive('new-message', {
      ...direct('d5', newcomer, ME, 'Hello!'),
      senderProfile: person(newcomer, 'cat'),
    });
    expect(queryClient.getQueryState(conversationsQueryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(conversationQueryKey(newcomer))).toBeUndefined();
    expect(toast).toHaveBeenCalledWith('New message from cat', expect.anything());
  });

  it('ignores a malformed payload', () => {
    socket.receive('new-message', { id: 'nope' });
    socket.receive('new-message', undefined);
    expect(conversations().map((c) => c.unreadCount)).toEqual([0, 1]);
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('chat realtime: the rest', () => {
  it('messages-read clears the unread count of that conversation', () => {
    socket.receive('messages-read', { conversationId: [ADA, ME].sort().join('_') });
    expect(conversations().find((c) => c.userId === ADA)?.unreadCount).toBe(0);
  });

  it('room messages go into their cached history only', () => {
    const eventId = 'ev-1';
    const room = (id: string, extra: Partial<RoomMessage>): RoomMessage => ({
      _id: id,
      id,
      sender: person(ADA, 'ada'),
      content: `message ${id}`,
      timestamp: '2025-03-08T10:00:00.000Z',
      createdAt: '2025-03-08T10:00:00.000Z',
      ...extra,
    });
    queryClient.setQueryData(eventMessagesQueryKey(eventId), history([room('e1', { eventId })]));
    queryClient.setQueryData(generalMessagesQueryKey, history<RoomMessage>([]));

    socket.receive('new-event-message', room('e2', { eventId }));
    socket.receive('new-event-message', room('e2', { eventId }));
    socket.receive('new-event-message', room('x1', { eventId: 'ev-not-open' }));
    socket.receive('new-general-message', room('g1', {}));

    const ids = (key: readonly unknown[]) =>
      flattenHistory(queryClient.getQueryData<ChatHistory<RoomMessage>>(key)).map((m) => m.id);
    expect(ids(eventMessagesQueryKey(eventId))).toEqual(['e1', 'e2']);
    expect(ids(generalMessagesQueryKey)).toEqual(['g1']);
    expect(queryClient.getQueryData(eventMessagesQueryKey('ev-not-open'))).toBeUndefined();
  });

  it('refetches the conversation list after a reconnect, and stops listening when stopped', () => {
    socket.receive('connect');
    expect(queryClient.getQueryState(conversationsQueryKey)?.isInvalidated).toBe(true);
    stop();
    expect(socket.listenerCount('new-message')).toBe(0);
    expect(socket.listenerCount('connect')).toBe(0);
  });
});
