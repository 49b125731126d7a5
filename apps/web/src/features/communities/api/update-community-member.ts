import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityMember, CommunityRole } from '@townsquare/contracts';
import { communityKeys, slugPath } from '../../../lib/api/community-keys.ts';
import { api } from '../../../lib/api-client.ts';

type Change = { userId: string; state?: 'member'; role?: CommunityRole };

/** PATCH /api/communities/:slug/members/:userId: approve, promote, demote, transfer ownership. */
export async function updateCommunityMember(
  slug: string,
  { userId, ...body }: Change,
): Promise<CommunityMember> {
  return (
    await api.patch<{ member: CommunityMember }>(
      `${slugPath(slug)}/members/${encodeURIComponent(userId)}`,
      body,
    )
  ).member;
}

export function useUpdateCommunityMember(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => updateCommunityMember(slug, change),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['communities', 'members', slug] });
      void queryClient.invalidateQueries({ queryKey: communityKeys.detail(slug) });
    },
  });
}
