import type { Community } from '@townsquare/contracts';
import { slugPath } from '../../../lib/api/community-keys.ts';
import { api } from '../../../lib/api-client.ts';
import { useCommunityAction } from './use-community-action.ts';

/** POST /api/communities/:slug/leave: leave, cancel a request or decline an invitation. */
export async function leaveCommunity(slug: string): Promise<Community> {
  return (await api.post<{ community: Community }>(`${slugPath(slug)}/leave`)).community;
}

export function useLeaveCommunity(slug: string) {
  return useCommunityAction(slug, () => leaveCommunity(slug));
}
