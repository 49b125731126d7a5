import type { Community, UpdateCommunityInput } from '@townsquare/contracts';
import { slugPath } from '../../../lib/api/community-keys.ts';
import { api } from '../../../lib/api-client.ts';
import { useCommunityAction } from './use-community-action.ts';

/** PATCH /api/communities/:slug (organisers). */
export async function updateCommunity(slug: string, body: Partial<UpdateCommunityInput>): Promise<Community> {
  return (await api.patch<{ community: Community }>(slugPath(slug), body)).community;
}

export function useUpdateCommunity(slug: string) {
  return useCommunityAction(slug, (body: Partial<UpdateCommunityInput>) => updateCommunity(slug, body));
}
