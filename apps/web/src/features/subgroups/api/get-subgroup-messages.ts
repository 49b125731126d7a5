import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RoomMessage } from '@townsquare/contracts';
import { fetchMessagePage, historyPaging, type MessagePage } from '../../chat/history.ts';

export const subgroupMessagesQueryKey = (subgroupId: string) =>
  ['subgroups', 'messages', subgroupId] as const;

/** GET /api/event-subgroups/:id/messages (members and the organizer). */
export function getSubgroupMessages(
  subgroupId: string,
  before?: string,
  signal?: AbortSignal,
): Promise<MessagePage<RoomMessage>> {
  return fetchMessagePage<RoomMessage>(
    `/api/event-subgroups/${encodeURIComponent(subgroupId)}/messages`,
    before,
    signal,
  );
}

export function subgroupMessagesQueryOptions(subgroupId: string) {
  return infiniteQueryOptions({
    queryKey: subgroupMessagesQueryKey(subgroupId),
    queryFn: ({ pageParam, signal }) => getSubgroupMessages(subgroupId, pageParam, signal),
    ...historyPaging,
  });
}

export function useSubgroupMessages(subgroupId: string) {
  return useInfiniteQuery(subgroupMessagesQueryOptions(subgroupId));
}
