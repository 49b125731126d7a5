import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFriendGroupInput, FriendGroup } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { friendGroupsQueryKey } from './get-friend-groups.ts';

/** POST /api/friend-groups `{ name, members }` (members: ids of the caller's friends). */
export function createFriendGroup(body: CreateFriendGroupInput): Promise<FriendGroup> {
  return api.post<FriendGroup>('/api/friend-groups', body);
}

export function useCreateFriendGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFriendGroup,
    onSuccess: (group) =>
      queryClient.setQueryData<FriendGroup[]>(friendGroupsQueryKey, (list) => [
        group,
        ...(list ?? []).filter((g) => g.id !== group.id),
      ]),
  });
}
