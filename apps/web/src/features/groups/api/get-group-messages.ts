import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RoomMessage } from '@townsquare/contracts';
import { fetchMessagePage, historyPaging, type MessagePage } from '../../chat/history.ts';
import { GROUP_KINDS, type GroupKind, type GroupRef, groupPath } from '../kinds.ts';

/** A group's cached chat, keyed by its id (sockets name a community by id too, not by slug). */
export const groupMessagesQueryKey = (kind: GroupKind, id: string) =>
  [GROUP_KINDS[kind].queryRoot, 'messages', id] as const;

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
