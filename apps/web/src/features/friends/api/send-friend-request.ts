import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshRelationship } from '../cache.ts';

/**
 * POST /api/friends/request `{ receiverId }` → `{ message }`: "Friend request sent successfully",
 * or "Friend request accepted" when the other person had already asked.
 */
export function sendFriendRequest(receiverId: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/friends/request', { receiverId });
}

export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFriendRequest,
    onSettled: (_data, _error, receiverId) => refreshRelationship(queryClient, receiverId, { friends: true }),
  });
}
