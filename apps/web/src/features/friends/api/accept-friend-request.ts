import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshRelationship } from '../cache.ts';

export const ACCEPT_FAILED = 'Failed to accept friend request';

/** POST /api/friends/accept `{ requesterId }`. */
export function acceptFriendRequest(requesterId: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/friends/accept', { requesterId });
}

/**
 * Callbacks given here belong to the mutation itself, so they run even when the component that
 * started it has unmounted (a request row leaves the list as soon as it is answered); callbacks
 * passed to `mutate` would be dropped then.
 */
export function useAcceptFriendRequest(
  callbacks: { onSuccess?: () => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptFriendRequest,
    onSuccess: () => callbacks.onSuccess?.(),
    onError: (error) => callbacks.onError?.(error),
    onSettled: (_data, _error, requesterId) =>
      refreshRelationship(queryClient, requesterId, { friends: true }),
  });
}
