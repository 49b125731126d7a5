import { useInfiniteQuery } from '@tanstack/react-query';
import type { RoomMessage } from '@townsquare/contracts';
import { historyQueryOptions } from '../../../lib/chat/history.ts';

export const eventMessagesQueryKey = (eventId: string) => ['chat', 'event', eventId] as const;

/** GET /api/event-messages/:eventId: readable signed out for a public event. */
export function eventMessagesQueryOptions(eventId: string) {
  return historyQueryOptions<RoomMessage, ReturnType<typeof eventMessagesQueryKey>>(
    eventMessagesQueryKey(eventId),
    `/api/event-messages/${encodeURIComponent(eventId)}`,
  );
}

export function useEventMessages(eventId: string) {
  return useInfiniteQuery({ ...eventMessagesQueryOptions(eventId), enabled: Boolean(eventId) });
}
