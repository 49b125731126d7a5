import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Community } from '@townsquare/contracts';
import { api } from '../api-client.ts';
import { communityKeys } from '../groups/keys.ts';

/** GET /api/communities/mine: member, pending and invited. */
export async function getMyCommunities(signal?: AbortSignal): Promise<Community[]> {
  return (await api.get<{ communities: Community[] }>('/api/communities/mine', signal)).communities;
}

export function myCommunitiesQueryOptions() {
  return queryOptions({ queryKey: communityKeys.mine, queryFn: ({ signal }) => getMyCommunities(signal) });
}

export function useMyCommunities(enabled = true) {
  return useQuery({ ...myCommunitiesQueryOptions(), enabled });
}

/** The communities I organise (OWNER or ORGANIZER): the "Host as" choices. */
export function useHostableCommunities(): { id: string; name: string; currency?: string | null }[] {
  const { data } = useMyCommunities();
  return (data ?? [])
    .filter((c) => c.viewerState === 'member' && (c.viewerRole === 'OWNER' || c.viewerRole === 'ORGANIZER'))
    .map((c) => ({ id: c.id, name: c.name, currency: c.currency ?? null }));
}
