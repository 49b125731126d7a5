import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

export const conversationsQueryKey = ['chat', 'conversations'] as const;

/** GET /api/messages: one summary per conversation, newest first, with unread counts. */
export async function getConversations(signal?: AbortSignal): Promise<ConversationSummary[]> {
  const list = await api.get<ConversationSummary[] | undefined>('/api/messages', signal);
  return Array.isArray(list) ? list : [];
}

export function conversationsQueryOptions() {
  return queryOptions({ queryKey: conversationsQueryKey, queryFn: ({ signal }) => getConversations(signal) });
}

export function useConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...conversationsQueryOptions(), enabled });
}

/** Unread direct messages across every conversation (the header badge). */
export function unreadTotal(conversations: readonly ConversationSummary[] | undefined): number {
  return (conversations ?? []).reduce((sum, c) => sum + Math.max(0, c.unreadCount), 0);
}
