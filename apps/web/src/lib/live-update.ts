import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Puts a live update (a socket event) into a cached query. A read of that query still in flight may
 * have been answered before the change the update reports, and would overwrite it when it lands
 * (seen: a claim made on one phone while a second phone's sheet was being read again never showed
 * there). So while a read is running, the query is read again, cancelling the older one. A query
 * that is not cached is left alone: it is read whole when it is shown.
 */
export function applyLiveUpdate<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T) => T,
): void {
  const reading = queryClient.isFetching({ queryKey, exact: true }) > 0;
  queryClient.setQueryData<T>(queryKey, (data) => (data === undefined ? data : update(data)));
  if (reading)
    void queryClient.invalidateQueries(
      { queryKey, exact: true, refetchType: 'all' },
      { cancelRefetch: true },
    );
}
