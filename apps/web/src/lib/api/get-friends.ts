import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendUser } from '@townsquare/contracts';
import { api } from '../api-client.ts';

export const friendsQueryKey = ['friends', 'list'] as const;

/** GET /api/friends/list → `{ friends }`. */
export async function getFriends(signal?: AbortSignal): Promise<FriendUser[]> {
  const body = await api.get<{ friends?: FriendUser[] } | undefined>('/api/friends/list', signal);
  return body?.friends ?? [];
}

export function friendsQueryOptions() {
  return queryOptions({ queryKey: friendsQueryKey, queryFn: ({ signal }) => getFriends(signal) });
}

export function useFriends({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...friendsQueryOptions(), enabled });
}
