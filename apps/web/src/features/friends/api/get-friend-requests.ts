import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendUser } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

export const friendRequestsQueryKey = ['friends', 'requests'] as const;

export interface FriendRequests {
  received: FriendUser[];
  sent: FriendUser[];
}

/** GET /api/friends/requests → `{ received, sent }`. */
export async function getFriendRequests(signal?: AbortSignal): Promise<FriendRequests> {
  const body = await api.get<Partial<FriendRequests> | undefined>('/api/friends/requests', signal);
  return { received: body?.received ?? [], sent: body?.sent ?? [] };
}

export function friendRequestsQueryOptions() {
  return queryOptions({
    queryKey: friendRequestsQueryKey,
    queryFn: ({ signal }) => getFriendRequests(signal),
  });
}

export function useFriendRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...friendRequestsQueryOptions(), enabled });
}
