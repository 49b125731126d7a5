import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AppNotification, NotificationsPage } from '../types.ts';

export const notificationsQueryKey = ['notifications', 'list'] as const;
export const PAGE_SIZE = 20;

/** GET /api/notifications: newest first, keyset pages (`nextCursor`, null after the last). */
export function getNotifications(cursor: string | null, limit: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return api.get<NotificationsPage>(`/api/notifications?${params}`, signal);
}

export const notificationsQueryOptions = (limit = PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...notificationsQueryKey, limit],
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });

export function useNotifications(limit = PAGE_SIZE, enabled = true) {
  return useInfiniteQuery({ ...notificationsQueryOptions(limit), enabled });
}

type Pages = InfiniteData<NotificationsPage, string | null>;

/** Every cached list (panel and page sizes), rewritten by `update`. */
export function updateCachedNotifications(
  queryClient: QueryClient,
  update: (items: AppNotification[], pageIndex: number) => AppNotification[],
): void {
  queryClient.setQueriesData<Pages>({ queryKey: notificationsQueryKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, i) => ({ ...page, notifications: update(page.notifications, i) })),
        }
      : data,
  );
}

/** Whether any cached list already holds this notification (a replayed socket event). */
export function isCached(queryClient: QueryClient, id: string): boolean {
  return queryClient
    .getQueriesData<Pages>({ queryKey: notificationsQueryKey })
    .some(([, data]) => data?.pages.some((page) => page.notifications.some((n) => n.id === id)));
}
