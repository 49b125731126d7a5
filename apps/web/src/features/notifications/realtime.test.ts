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

  it('a count fetched before the notification was stored does not overwrite it when it lands late', async () => {
    const { queryClient, socket } = setup();
    queryClient.setQueryData(unreadCountQueryKey, { unread: 0 });
    // A refetch (after a reconnect, say) answered by the server just before the insert...
    let answer: (value: { unread: number }) => void = () => undefined;
    const stale = new Promise<{ unread: number }>((resolve) => {
      answer = resolve;
    });
    let fetches = 0;
    const fetching = queryClient.fetchQuery({
      queryKey: unreadCountQueryKey,
      queryFn: () => {
        fetches += 1;
        return fetches === 1 ? stale : Promise.resolve({ unread: 1 });
      },
    });
    // ...then the notification arrives, and only then the stale answer.
    socket.receive('notification', createNotification());
    answer({ unread: 0 });
    await fetching.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 0));
    await queryClient.getQueryCache().find({ queryKey: unreadCountQueryKey })?.promise;
    expect(queryClient.getQueryData(unreadCountQueryKey)).toEqual({ unread: 1 });
  });
});
