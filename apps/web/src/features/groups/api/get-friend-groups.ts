import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendGroup } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { friendGroupsQueryKey } from '../../../lib/groups/keys.ts';

/** GET /api/friend-groups: the groups the caller belongs to, members populated. */
export async function getFriendGroups(signal?: AbortSignal): Promise<FriendGroup[]> {
  const list = await api.get<FriendGroup[] | undefined>('/api/friend-groups', signal);
  return Array.isArray(list) ? list : [];
}

export function friendGroupsQueryOptions() {
  return queryOptions({ queryKey: friendGroupsQueryKey, queryFn: ({ signal }) => getFriendGroups(signal) });
}

export function useFriendGroups() {
  return useQuery(friendGroupsQueryOptions());
}
