import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityMember, MembershipState } from '@townsquare/contracts';
import { communityKeys, slugPath } from '../../../lib/api/community-keys.ts';
import { api } from '../../../lib/api-client.ts';

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

/** Its owner and organisers (GET …/members?role=OWNER,ORGANIZER): who may co-host its events. */
export async function getCommunityOrganizers(slug: string, signal?: AbortSignal) {
  const body = await api.get<{ members: CommunityMember[] } | undefined>(
    `${slugPath(slug)}/members?role=OWNER,ORGANIZER&limit=100`,
    signal,
  );
  return body?.members ?? [];
}

export function useCommunityOrganizers(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.members(slug, 'organizers'),
    queryFn: ({ signal }) => getCommunityOrganizers(slug, signal),
    enabled,
  });
}
