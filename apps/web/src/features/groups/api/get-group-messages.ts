import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RoomMessage } from '@townsquare/contracts';
import { fetchMessagePage, historyPaging, type MessagePage } from '../../../lib/chat/history.ts';
import { type GroupRef, groupMessagesQueryKey, groupPath } from '../../../lib/groups/kinds.ts';

/** GET /api/<kind>/:idOrSlug/messages (members; for a sub-group also the event's organizer). */
export function getGroupMessages(
  group: GroupRef,
  before?: string,
  signal?: AbortSignal,
): Promise<MessagePage<RoomMessage>> {
  return fetchMessagePage<RoomMessage>(`${groupPath(group)}/messages`, before, signal);
}

export function groupMessagesQueryOptions(group: GroupRef) {
  return infiniteQueryOptions({
    queryKey: groupMessagesQueryKey(group.kind, group.id),
    queryFn: ({ pageParam, signal }) => getGroupMessages(group, pageParam, signal),
    ...historyPaging,
  });
}

export function useGroupMessages(group: GroupRef) {
  return useInfiniteQuery(groupMessagesQueryOptions(group));
}
