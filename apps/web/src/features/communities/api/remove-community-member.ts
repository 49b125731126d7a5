import type { Community } from '@townsquare/contracts';
import { slugPath } from '../../../lib/api/community-keys.ts';
import { api } from '../../../lib/api-client.ts';
import { useCommunityAction } from './use-community-action.ts';

/** DELETE /api/communities/:slug/members/:userId: remove, decline, withdraw or unban. */
export async function removeCommunityMember(slug: string, userId: string): Promise<Community> {
  return (
    await api.delete<{ community: Community }>(`${slugPath(slug)}/members/${encodeURIComponent(userId)}`)
  ).community;
}

export function useRemoveCommunityMember(slug: string) {
  return useCommunityAction(slug, (userId: string) => removeCommunityMember(slug, userId));
}
