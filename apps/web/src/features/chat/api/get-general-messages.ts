import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RoomMessage } from '@townsquare/contracts';
import { fetchMessagePage, historyPaging, type MessagePage } from '../../../lib/chat/history.ts';

export const generalMessagesQueryKey = ['chat', 'general'] as const;

/** GET /api/group-messages: the general chat everyone signed in shares. */
export function getGeneralMessages(before?: string, signal?: AbortSignal): Promise<MessagePage<RoomMessage>> {
  return fetchMessagePage<RoomMessage>('/api/group-messages', before, signal);
}

export function generalMessagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: generalMessagesQueryKey,
    queryFn: ({ pageParam, signal }) => getGeneralMessages(pageParam, signal),
    ...historyPaging,
  });
}

export function useGeneralMessages() {
  return useInfiniteQuery(generalMessagesQueryOptions());
}
