import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityMember, MembershipState } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { communityKeys, slugPath } from './keys.ts';

/** GET /api/communities/:slug/members?state= (members; other states for organisers). First page of 100. */
export async function getCommunityMembers(slug: string, state: MembershipState, signal?: AbortSignal) {
  return api.get<{ members: CommunityMember[]; nextCursor: string | null }>(
    `${slugPath(slug)}/members?state=${state}&limit=100`,
    signal,
  );
}

export function communityMembersQueryOptions(slug: string, state: MembershipState) {
  return queryOptions({
    queryKey: communityKeys.members(slug, state),
    queryFn: ({ signal }) => getCommunityMembers(slug, state, signal),
  });
}

export function useCommunityMembers(slug: string, state: MembershipState, enabled: boolean) {
  return useQuery({ ...communityMembersQueryOptions(slug, state), enabled });
}
