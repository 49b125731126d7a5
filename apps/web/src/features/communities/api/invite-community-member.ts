import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityMember } from '@townsquare/contracts';
import { slugPath } from '../../../lib/api/community-keys.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/communities/:slug/invites { userId } (organisers). */
export async function inviteCommunityMember(slug: string, userId: string): Promise<CommunityMember> {
  return (await api.post<{ member: CommunityMember }>(`${slugPath(slug)}/invites`, { userId })).member;
}

export function useInviteCommunityMember(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => inviteCommunityMember(slug, userId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['communities', 'members', slug] }),
  });
}
