import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FriendGroup } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { friendGroupsQueryKey } from './get-friend-groups.ts';

/** POST /api/friend-groups/:id/add-member `{ userId }` (the group's creator only) → the group. */
export function addFriendGroupMember({ groupId, userId }: { groupId: string; userId: string }) {
  return api.post<FriendGroup>(`/api/friend-groups/${encodeURIComponent(groupId)}/add-member`, { userId });
}

export function useAddFriendGroupMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFriendGroupMember,
    onSuccess: (group) =>
      queryClient.setQueryData<FriendGroup[]>(friendGroupsQueryKey, (list) =>
        list?.map((g) => (g.id === group.id ? group : g)),
      ),
  });
}
