import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { blocksQueryKey } from '../../../lib/api/get-blocks.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/users/:id/block → `{ message: "Blocked" }`. */
export function blockUser(userId: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/api/users/${encodeURIComponent(userId)}/block`);
}

/** DELETE /api/users/:id/block → `{ message: "Unblocked" }`. */
export function unblockUser(userId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/users/${encodeURIComponent(userId)}/block`);
}

/**
 * What a block or an unblock changes on screen: the list itself, the relationship with that person
 * (status, requests, friends, friend groups) and every room chat already loaded, whose messages
 * from them are now shown hidden or whole.
 */
export function refreshAfterBlock(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: blocksQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['friends'] }),
    queryClient.invalidateQueries({ queryKey: ['friend-groups'] }),
    queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === 'chat' || query.queryKey.includes('messages'),
    }),
  ]);
}

export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: blockUser, onSettled: () => refreshAfterBlock(queryClient) });
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unblockUser, onSettled: () => refreshAfterBlock(queryClient) });
}
