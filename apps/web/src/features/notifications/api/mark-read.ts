import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateCachedNotifications } from './get-notifications.ts';
import { setUnreadCount } from './get-unread-count.ts';

/** POST /api/notifications/read: these ids, or every notification when `ids` is omitted. */
export function markRead(ids?: string[]) {
  return api.post<{ unread: number }>('/api/notifications/read', ids ? { ids } : {});
}

/** Marks read, then writes the server's unread count and the items' `readAt` into the cache. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => markRead(ids),
    onSuccess: ({ unread }, ids) => {
      setUnreadCount(queryClient, unread);
      const now = new Date().toISOString();
      const chosen = ids ? new Set(ids) : null;
      updateCachedNotifications(queryClient, (items) =>
        items.map((n) => (!n.readAt && (!chosen || chosen.has(n.id)) ? { ...n, readAt: now } : n)),
      );
    },
  });
}
