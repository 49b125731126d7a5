import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Community, CreateCommunityInput } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from '../../../lib/groups/keys.ts';

/** POST /api/communities → 201 { community }; the caller becomes its owner. */
export async function createCommunity(
  body: Partial<CreateCommunityInput> & { name: string },
): Promise<Community> {
  return (await api.post<{ community: Community }>('/api/communities', body)).community;
}

export function useCreateCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCommunity,
    onSuccess: (community) => {
      queryClient.setQueryData(communityKeys.detail(community.slug), community);
      void queryClient.invalidateQueries({ queryKey: communityKeys.mine });
    },
  });
}
