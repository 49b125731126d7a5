import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Poll } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { pollKeys, pollPath } from './keys.ts';

/** GET /api/polls/:id: the dates with their tallies, and who answered what. */
export async function getPoll(id: string, signal?: AbortSignal): Promise<Poll> {
  return (await api.get<{ poll: Poll }>(pollPath(id), signal)).poll;
}

export function pollQueryOptions(id: string) {
  return queryOptions({ queryKey: pollKeys.detail(id), queryFn: ({ signal }) => getPoll(id, signal) });
}

/** `enabled`: false until the session is known (signed out, only a poll open to guests is found). */
export function usePoll(id: string, enabled = true) {
  return useQuery({ ...pollQueryOptions(id), retry: false, enabled });
}
