import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshRelationship } from '../cache.ts';

export const ACCEPT_FAILED = 'Failed to accept friend request';

/** POST /api/friends/accept `{ requesterId }`. */
export function acceptFriendRequest(requesterId: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/friends/accept', { requesterId });
}

export function useAcceptFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptFriendRequest,
    onSettled: (_data, _error, requesterId) =>
      refreshRelationship(queryClient, requesterId, { friends: true }),
  });
}
