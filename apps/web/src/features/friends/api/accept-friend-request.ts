import { api } from '../../../lib/api-client.ts';
import { type AnswerCallbacks, useAnswerFriendRequest } from './answer-friend-request.ts';

export const ACCEPT_FAILED = 'Failed to accept friend request';

/** POST /api/friends/accept `{ requesterId }`. */
export function acceptFriendRequest(requesterId: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/friends/accept', { requesterId });
}

/** Accepting also refreshes the friends list. */
export function useAcceptFriendRequest(callbacks: AnswerCallbacks = {}) {
  return useAnswerFriendRequest(acceptFriendRequest, callbacks, { friends: true });
}
