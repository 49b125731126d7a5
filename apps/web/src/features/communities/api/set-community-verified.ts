import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Community } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from '../../../lib/groups/keys.ts';

/** PUT /api/admin/communities/:id/verified { value } (platform admins). */
export async function setCommunityVerified(id: string, value: boolean): Promise<Community> {
  return (
    await api.put<{ community: Community }>(`/api/admin/communities/${encodeURIComponent(id)}/verified`, {
      value,
    })
  ).community;
}

export function useSetCommunityVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: boolean }) => setCommunityVerified(id, value),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  });
}
