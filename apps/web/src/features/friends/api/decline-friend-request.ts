import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshRelationship } from '../cache.ts';

export const DECLINE_FAILED = 'Failed to decline friend request';

/** POST /api/friends/decline `{ requesterId }`. */
export function declineFriendRequest(requesterId: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/friends/decline', { requesterId });
}

export function useDeclineFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineFriendRequest,
    onSettled: (_data, _error, requesterId) => refreshRelationship(queryClient, requesterId),
  });
}
