import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendStatus } from '@townsquare/contracts';
import { api } from '../api-client.ts';

export const friendStatusQueryKey = (userId: string) => ['friends', 'status', userId] as const;

/** GET /api/friends/status/:userId → `{ status }`; anything unexpected reads as "none" (contract 4.5). */
export async function getFriendStatus(userId: string, signal?: AbortSignal): Promise<FriendStatus> {
  const body = await api.get<{ status?: FriendStatus } | undefined>(
    `/api/friends/status/${encodeURIComponent(userId)}`,
    signal,
  );
  return body?.status ?? 'none';
}

export function friendStatusQueryOptions(userId: string) {
  return queryOptions({
    queryKey: friendStatusQueryKey(userId),
    queryFn: ({ signal }) => getFriendStatus(userId, signal),
    // A request can change from the other side at any time; the socket nudges it, and so does a visit.
    staleTime: 0,
  });
}

export function useFriendStatus(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...friendStatusQueryOptions(userId), enabled: enabled && Boolean(userId) });
}
