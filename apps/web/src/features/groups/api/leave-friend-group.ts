import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FriendGroup } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { friendGroupsQueryKey } from './get-friend-groups.ts';

/** POST /api/friend-groups/:id/remove-member `{ userId }` with the caller's own id: leaving the group. */
export function leaveFriendGroup({ groupId, userId }: { groupId: string; userId: string }) {
  return api.post<FriendGroup>(`/api/friend-groups/${encodeURIComponent(groupId)}/remove-member`, { userId });
}

export function useLeaveFriendGroup(groupId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveFriendGroup({ groupId, userId }),
    onSuccess: () =>
      queryClient.setQueryData<FriendGroup[]>(friendGroupsQueryKey, (list) =>
        list?.filter((g) => g.id !== groupId),
      ),
  });
}
