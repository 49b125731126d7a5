import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RoomMessage } from '@townsquare/contracts';
import { fetchMessagePage, historyPaging, type MessagePage } from '../../../lib/chat/history.ts';

export const eventMessagesQueryKey = (eventId: string) => ['chat', 'event', eventId] as const;

/** GET /api/event-messages/:eventId: readable signed out for a public event. */
export function getEventMessages(
  eventId: string,
  before?: string,
  signal?: AbortSignal,
): Promise<MessagePage<RoomMessage>> {
  return fetchMessagePage<RoomMessage>(`/api/event-messages/${encodeURIComponent(eventId)}`, before, signal);
}

export function eventMessagesQueryOptions(eventId: string) {
  return infiniteQueryOptions({
    queryKey: eventMessagesQueryKey(eventId),
    queryFn: ({ pageParam, signal }) => getEventMessages(eventId, pageParam, signal),
    ...historyPaging,
  });
}

export function useEventMessages(eventId: string) {
  return useInfiniteQuery({ ...eventMessagesQueryOptions(eventId), enabled: Boolean(eventId) });
}
