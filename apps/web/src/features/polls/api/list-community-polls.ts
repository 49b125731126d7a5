import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PollListResponse } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { pollKeys } from './keys.ts';

/** GET /api/polls?community=<id>: the community's open polls (members only; others get none). */
export async function listCommunityPolls(communityId: string, signal?: AbortSignal) {
  return (await api.get<PollListResponse>(`/api/polls?community=${encodeURIComponent(communityId)}`, signal))
    .polls;
}

export function communityPollsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: pollKeys.community(communityId),
    queryFn: ({ signal }) => listCommunityPolls(communityId, signal),
  });
}

export function useCommunityPolls(communityId: string, enabled: boolean) {
  return useQuery({ ...communityPollsQueryOptions(communityId), enabled });
}
