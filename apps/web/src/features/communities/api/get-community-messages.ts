import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RoomMessage } from '@townsquare/contracts';
import { fetchMessagePage, historyPaging, type MessagePage } from '../../chat/history.ts';
import { communityKeys, slugPath } from './keys.ts';

/** GET /api/communities/:slug/messages (members only). Cached by community id, as sockets name it. */
export function getCommunityMessages(
  slug: string,
  before?: string,
  signal?: AbortSignal,
): Promise<MessagePage<RoomMessage>> {
  return fetchMessagePage<RoomMessage>(`${slugPath(slug)}/messages`, before, signal);
}

export function communityMessagesQueryOptions(slug: string, communityId: string) {
  return infiniteQueryOptions({
    queryKey: communityKeys.messages(communityId),
    queryFn: ({ pageParam, signal }) => getCommunityMessages(slug, pageParam, signal),
    ...historyPaging,
  });
}

export function useCommunityMessages(slug: string, communityId: string) {
  return useInfiniteQuery(communityMessagesQueryOptions(slug, communityId));
}
