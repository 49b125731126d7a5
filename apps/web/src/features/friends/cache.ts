import type { QueryClient } from '@tanstack/react-query';
import { friendStatusQueryKey } from '../../lib/api/get-friend-status.ts';
import { friendsQueryKey } from '../../lib/api/get-friends.ts';
import { friendRequestsQueryKey } from './api/get-friend-requests.ts';

/**
 * After anything that changes the relationship with `userId`: their status, the pending requests,
 * and (when a friendship may have started or ended) the friends list. Nothing else.
 */
export function refreshRelationship(
  queryClient: QueryClient,
  userId: string,
  { friends = false }: { friends?: boolean } = {},
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: friendStatusQueryKey(userId) }),
    queryClient.invalidateQueries({ queryKey: friendRequestsQueryKey }),
    friends ? queryClient.invalidateQueries({ queryKey: friendsQueryKey }) : undefined,
  ]);
}
