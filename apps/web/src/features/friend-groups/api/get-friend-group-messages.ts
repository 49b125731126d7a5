import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RoomMessage } from '@townsquare/contracts';
import { fetchMessagePage, historyPaging, type MessagePage } from '../../chat/history.ts';

export const friendGroupMessagesQueryKey = (groupId: string) =>
  ['friend-groups', 'messages', groupId] as const;

/** GET /api/friend-groups/:id/messages (members only). */
export function getFriendGroupMessages(
  groupId: string,
  before?: string,
  signal?: AbortSignal,
): Promise<MessagePage<RoomMessage>> {
  return fetchMessagePage<RoomMessage>(
    `/api/friend-groups/${encodeURIComponent(groupId)}/messages`,
    before,
    signal,
  );
}

export function friendGroupMessagesQueryOptions(groupId: string) {
  return infiniteQueryOptions({
    queryKey: friendGroupMessagesQueryKey(groupId),
    queryFn: ({ pageParam, signal }) => getFriendGroupMessages(groupId, pageParam, signal),
    ...historyPaging,
  });
}

export function useFriendGroupMessages(groupId: string) {
  return useInfiniteQuery(friendGroupMessagesQueryOptions(groupId));
}
