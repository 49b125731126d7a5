import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys, slugPath } from '../../../lib/groups/keys.ts';

/** DELETE /api/communities/:slug (owner): its upcoming events are cancelled. */
export function deleteCommunity(slug: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(slugPath(slug));
}

export function useDeleteCommunity(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCommunity(slug),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: communityKeys.detail(slug) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
}
