import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Community } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { communityKeys, slugPath } from '../../../lib/groups/keys.ts';

/** GET /api/communities/:slug: the about card, with my role and state. */
export async function getCommunity(slug: string, signal?: AbortSignal): Promise<Community> {
  return (await api.get<{ community: Community }>(slugPath(slug), signal)).community;
}

export function communityQueryOptions(slug: string) {
  return queryOptions({
    queryKey: communityKeys.detail(slug),
    queryFn: ({ signal }) => getCommunity(slug, signal),
  });
}

export function useCommunity(slug: string) {
  return useQuery({ ...communityQueryOptions(slug), retry: false });
}
