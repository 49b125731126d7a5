import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshRelationship } from '../cache.ts';

/**
 * A mutation answering the friend request from `requesterId` (accept or decline); `friends` also
 * refreshes the friends list. Callbacks given here belong to the mutation itself, so they run even
 * when the component that started it has unmounted (a request row leaves the list as soon as it is
 * answered); callbacks passed to `mutate` would be dropped then.
 */
export function useAnswerFriendRequest(
  answer: (requesterId: string) => Promise<unknown>,
  callbacks: { onSuccess?: () => void; onError?: (error: Error) => void },
  refresh: { friends?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answer,
    onSuccess: () => callbacks.onSuccess?.(),
    onError: (error) => callbacks.onError?.(error),
    onSettled: (_data, _error, requesterId) => refreshRelationship(queryClient, requesterId, refresh),
  });
}

export type AnswerCallbacks = Parameters<typeof useAnswerFriendRequest>[1];
