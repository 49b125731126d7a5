import { useInfiniteQuery } from '@tanstack/react-query';
import type { RoomMessage } from '@townsquare/contracts';
import { historyQueryOptions } from '../../../lib/chat/history.ts';

export const generalMessagesQueryKey = ['chat', 'general'] as const;

/** GET /api/group-messages: the general chat everyone signed in shares. */
export function generalMessagesQueryOptions() {
  return historyQueryOptions<RoomMessage, typeof generalMessagesQueryKey>(
    generalMessagesQueryKey,
    '/api/group-messages',
  );
}

export function useGeneralMessages() {
  return useInfiniteQuery(generalMessagesQueryOptions());
}
