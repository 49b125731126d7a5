import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshRelationship } from '../cache.ts';

export const DECLINE_FAILED = 'Failed to decline friend request';

/** POST /api/friends/decline `{ requesterId }`. */
export function declineFriendRequest(requesterId: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/friends/decline', { requesterId });
}

/**
 * Callbacks given here belong to the mutation itself, so they run even when the component that
 * started it has unmounted (a request row leaves the list as soon as it is answered); callbacks
 * passed to `mutate` would be dropped then.
 */
export function useDeclineFriendRequest(
  callbacks: { onSuccess?: () => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineFriendRequest,
    onSuccess: () => callbacks.onSuccess?.(),
    onError: (error) => callbacks.onError?.(error),
    onSettled: (_data, _error, requesterId) => refreshRelationship(queryClient, requesterId),
  });
}
