import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DirectMessage } from '@townsquare/contracts';
import { fetchMessagePage, historyPaging, type MessagePage } from '../../../lib/chat/history.ts';

export const conversationQueryKey = (userId: string) => ['chat', 'direct', userId] as const;

/** GET /api/messages/:userId: one page of the conversation, oldest first; marks it read. */
export function getConversation(
  userId: string,
  before?: string,
  signal?: AbortSignal,
): Promise<MessagePage<DirectMessage>> {
  return fetchMessagePage<DirectMessage>(`/api/messages/${encodeURIComponent(userId)}`, before, signal);
}

export function conversationQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: conversationQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getConversation(userId, pageParam, signal),
    ...historyPaging,
  });
}

export function useConversation(userId: string) {
  return useInfiniteQuery({ ...conversationQueryOptions(userId), enabled: Boolean(userId) });
}
