import type { CreateFriendGroupInput, FriendGroup } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { friendGroupsQueryKey } from '../../../lib/groups/keys.ts';
import { useCreateGroup } from './create-group.ts';

/** POST /api/friend-groups `{ name, members }` (members: ids of the caller's friends). */
export function createFriendGroup(body: CreateFriendGroupInput): Promise<FriendGroup> {
  return api.post<FriendGroup>('/api/friend-groups', body);
}

export function useCreateFriendGroup() {
  return useCreateGroup(createFriendGroup, () => friendGroupsQueryKey, 'first');
}
