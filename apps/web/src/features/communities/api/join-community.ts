import type { Community } from '@townsquare/contracts';
import { slugPath } from '../../../lib/api/community-keys.ts';
import { api } from '../../../lib/api-client.ts';
import { useCommunityAction } from './use-community-action.ts';

/** POST /api/communities/:slug/join { answers? }: member, pending, or accepting an invitation. */
export async function joinCommunity(slug: string, answers?: string[]): Promise<Community> {
  return (await api.post<{ community: Community }>(`${slugPath(slug)}/join`, answers ? { answers } : {}))
    .community;
}

export function useJoinCommunity(slug: string) {
  return useCommunityAction(slug, (answers?: string[]) => joinCommunity(slug, answers));
}
