import { api } from '../../../lib/api-client.ts';
import { type AnswerCallbacks, useAnswerFriendRequest } from './answer-friend-request.ts';

export const DECLINE_FAILED = 'Failed to decline friend request';

/** POST /api/friends/decline `{ requesterId }`. */
export function declineFriendRequest(requesterId: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/friends/decline', { requesterId });
}

export function useDeclineFriendRequest(callbacks: AnswerCallbacks = {}) {
  return useAnswerFriendRequest(declineFriendRequest, callbacks);
}
