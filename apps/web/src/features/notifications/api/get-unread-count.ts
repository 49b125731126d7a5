import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const unreadCountQueryKey = ['notifications', 'unread'] as const;

/** GET /api/notifications/unread-count: the bell's number. Kept current by the socket. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => api.get<{ unread: number }>('/api/notifications/unread-count', signal),
    select: (data) => data.unread,
    staleTime: 60_000,
  });

export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}

export function setUnreadCount(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData(unreadCountQueryKey, { unread: Math.max(0, unread) });
}
