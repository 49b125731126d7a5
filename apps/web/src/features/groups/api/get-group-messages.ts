import { useInfiniteQuery } from '@tanstack/react-query';
import type { RoomMessage } from '@townsquare/contracts';
import { historyQueryOptions } from '../../../lib/chat/history.ts';
import { type GroupRef, groupMessagesQueryKey, groupPath } from '../../../lib/groups/kinds.ts';

/** GET /api/<kind>/:idOrSlug/messages (members; for a sub-group also the event's organizer). */
export function groupMessagesQueryOptions(group: GroupRef) {
  return historyQueryOptions<RoomMessage, ReturnType<typeof groupMessagesQueryKey>>(
    groupMessagesQueryKey(group.kind, group.id),
    `${groupPath(group)}/messages`,
  );
}

export function useGroupMessages(group: GroupRef) {
  return useInfiniteQuery(groupMessagesQueryOptions(group));
}
