import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Community } from '@townsquare/contracts';
import { communityKeys } from '../../../lib/api/community-keys.ts';

/**
 * Shared cache handling for the calls that answer `{ community }` (join, leave, edit, remove a
 * member): the page's card is replaced, and my list and this community's member lists refetch.
 */
export function useCommunityAction<V>(slug: string, call: (vars: V) => Promise<Community>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (community) => {
      queryClient.setQueryData(communityKeys.detail(slug), community);
      void queryClient.invalidateQueries({ queryKey: communityKeys.mine });
      void queryClient.invalidateQueries({ queryKey: ['communities', 'members', slug] });
    },
  });
}
