import { useQuery } from '@tanstack/react-query';
import type { CommunityPeople } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { communityKeys, slugPath } from '../../../lib/groups/keys.ts';

/** GET /api/communities/:slug/people: the About tab's organisers and member faces. */
export async function getCommunityPeople(slug: string, signal?: AbortSignal) {
  return api.get<CommunityPeople>(`${slugPath(slug)}/people`, signal);
}

/** Under the members key, so joining, leaving and role changes refresh it too. */
export function useCommunityPeople(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.members(slug, 'people'),
    queryFn: ({ signal }) => getCommunityPeople(slug, signal),
    enabled,
  });
}
