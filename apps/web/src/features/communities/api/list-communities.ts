import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Community } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from '../../../lib/groups/keys.ts';

export type CommunityPage = { communities: Community[]; nextCursor: string | null };
type Filters = { q?: string; tag?: string; verified?: boolean };

/** GET /api/communities?q=&tag=&verified=&cursor= (discovery, most members first). */
export function listCommunities(filters: Filters, cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.verified) params.set('verified', 'true');
  if (cursor) params.set('cursor', cursor);
  return api.get<CommunityPage>(`/api/communities?${params}`, signal);
}

export function communitiesQueryOptions(filters: Filters) {
  return infiniteQueryOptions({
    queryKey: communityKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listCommunities(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: CommunityPage) => last.nextCursor ?? undefined,
  });
}

export function useCommunities(filters: Filters) {
  return useInfiniteQuery(communitiesQueryOptions(filters));
}
