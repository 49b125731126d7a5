import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Community, UpdateCommunityInput } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { communityKeys, slugPath } from '../../../lib/groups/keys.ts';

/** PATCH /api/communities/:slug (organisers). */
export async function updateCommunity(slug: string, body: Partial<UpdateCommunityInput>): Promise<Community> {
  return (await api.patch<{ community: Community }>(slugPath(slug), body)).community;
}

/** The page's card is replaced, and my list and this community's member lists refetch. */
export function useUpdateCommunity(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<UpdateCommunityInput>) => updateCommunity(slug, body),
    onSuccess: (community) => {
      queryClient.setQueryData(communityKeys.detail(slug), community);
      void queryClient.invalidateQueries({ queryKey: communityKeys.mine });
      void queryClient.invalidateQueries({ queryKey: communityKeys.membersOf(slug) });
    },
  });
}
