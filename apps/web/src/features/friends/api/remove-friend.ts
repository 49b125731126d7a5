import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshRelationship } from '../cache.ts';

/** DELETE /api/friends/:userId → `{ message: "Friend removed" }`. */
export function removeFriend(userId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/friends/${encodeURIComponent(userId)}`);
}

export function useRemoveFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFriend,
    onSettled: (_data, _error, userId) => refreshRelationship(queryClient, userId, { friends: true }),
  });
}
