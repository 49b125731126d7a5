import { useInfiniteQuery } from '@tanstack/react-query';
import type { DirectMessage } from '@townsquare/contracts';
import { historyQueryOptions } from '../../../lib/chat/history.ts';

export const conversationQueryKey = (userId: string) => ['chat', 'direct', userId] as const;

/** GET /api/messages/:userId: the conversation, a page at a time, oldest first; marks it read. */
export function conversationQueryOptions(userId: string) {
  return historyQueryOptions<DirectMessage, ReturnType<typeof conversationQueryKey>>(
    conversationQueryKey(userId),
    `/api/messages/${encodeURIComponent(userId)}`,
  );
}

export function useConversation(userId: string) {
  return useInfiniteQuery({ ...conversationQueryOptions(userId), enabled: Boolean(userId) });
}
