import { type QueryClient, useQuery } from '@tanstack/react-query';

/**
 * Who among the friends is online: the list the server sends when the socket connects
 * (`online-users`), then its changes (`user-online`, `user-offline`).
 */
export type Presence = Record<string, boolean>;

export const presenceQueryKey = ['friends', 'presence'] as const;

export function setPresence(queryClient: QueryClient, userId: string, online: boolean): void {
  queryClient.setQueryData<Presence>(presenceQueryKey, (current) => ({ ...current, [userId]: online }));
}

/** The snapshot sent on (re)connect replaces whatever was known before. */
export function replacePresence(queryClient: QueryClient, onlineIds: string[]): void {
  queryClient.setQueryData<Presence>(presenceQueryKey, Object.fromEntries(onlineIds.map((id) => [id, true])));
}

/** Presence lives only in the cache: nothing to fetch, and nothing to forget while signed in. */
export function usePresence(): Presence {
  const { data } = useQuery({
    queryKey: presenceQueryKey,
    queryFn: () => ({}) as Presence,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return data ?? {};
}
