import { listen, type RealtimeDeps, type RealtimeSocket } from '../../lib/socket.ts';
import { isCached, notificationsQueryKey, updateCachedNotifications } from './api/get-notifications.ts';
import { setUnreadCount, unreadCountQueryKey } from './api/get-unread-count.ts';
import { asNotification } from './types.ts';

/**
 * The `notification` event: the new item goes on top of every cached list (once, even when the
 * event is replayed) and the bell's count goes up. After a reconnect both are fetched again, since
 * events sent while the connection was down reached nobody.
 */
export function registerNotificationsRealtime(socket: RealtimeSocket, deps: RealtimeDeps): () => void {
  const { queryClient } = deps;
  // Ids already counted, for replays that arrive while no list is cached.
  const seen = new Set<string>();
  return listen(
    socket,
    {
      notification: (payload) => {
        const notification = asNotification(payload);
        if (!notification || seen.has(notification.id) || isCached(queryClient, notification.id)) return;
        seen.add(notification.id);
        updateCachedNotifications(queryClient, (items, pageIndex) =>
          pageIndex === 0 ? [notification, ...items] : items,
        );
        if (notification.readAt) return;
        const current = queryClient.getQueryData<{ unread: number }>(unreadCountQueryKey);
        // A count already on its way may have been read before this notification was stored, and
        // would overwrite the new count when it lands: that fetch is dropped and the count asked
        // again (the server sends the event after storing the row, so the new answer includes it).
        if (current && queryClient.isFetching({ queryKey: unreadCountQueryKey }) === 0)
          setUnreadCount(queryClient, current.unread + 1);
        else void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey, refetchType: 'all' });
      },
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    },
  );
}
