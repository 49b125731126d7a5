import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshRelationship } from '../cache.ts';

/** DELETE /api/friends/request/:userId: withdraws a request the caller sent. */
export function cancelFriendRequest(userId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/friends/request/${encodeURIComponent(userId)}`);
}

export function useCancelFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelFriendRequest,
    onSettled: (_data, _error, userId) => refreshRelationship(queryClient, userId),
  });
}
