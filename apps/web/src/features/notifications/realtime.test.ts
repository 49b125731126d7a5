import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createFakeSocket } from '../../test/fake-socket.ts';
import { notificationsQueryOptions } from './api/get-notifications.ts';
import { unreadCountQueryKey } from './api/get-unread-count.ts';
import { registerNotificationsRealtime } from './realtime.ts';
import { createNotification } from './test-data.ts';

function setup() {
  const queryClient = new QueryClient();
  const socket = createFakeSocket();
  const stop = registerNotificationsRealtime(socket, {
    queryClient,
    userId: 'me',
    pathname: () => '/dashboard',
    navigate: () => undefined,
  });
  return { queryClient, socket, stop };
}

describe('registerNotificationsRealtime', () => {
  it('puts a new notification on top of the cached list and counts it once, even when replayed', () => {
    const { queryClient, socket } = setup();
    const older = createNotification({ readAt: '2026-11-24T09:00:00Z' });
    const key = notificationsQueryOptions(20).queryKey;
    queryClient.setQueryData(key, {
      pages: [{ notifications: [older], nextCursor: null, unread: 0 }],
      pageParams: [null],
    });
    queryClient.setQueryData(unreadCountQueryKey, { unread: 0 });
    const fresh = createNotification({ text: 'Ana sent you a friend request' });
    socket.receive('notification', fresh);
    socket.receive('notification', fresh);
    expect(queryClient.getQueryData(key)?.pages[0]?.notifications.map((n) => n.id)).toEqual([
      fresh.id,
      older.id,
    ]);
    expect(queryClient.getQueryData(unreadCountQueryKey)).toEqual({ unread: 1 });
  });

  it('ignores malformed payloads and stops listening when stopped', () => {
    const { queryClient, socket, stop } = setup();
    queryClient.setQueryData(unreadCountQueryKey, { unread: 3 });
    socket.receive('notification', { id: 5 });
    socket.receive('notification', 'nonsense');
    expect(queryClient.getQueryData(unreadCountQueryKey)).toEqual({ unread: 3 });
    stop();
    expect(socket.listenerCount('notification')).toBe(0);
  });
});
