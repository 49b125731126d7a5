import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PollVotersResponse } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { pollPath } from './keys.ts';
import { appendPollVoters } from './poll-cache.ts';

/** GET /api/polls/:id/voters?after=: the voters after the last one shown. */
export async function getPollVoters(id: string, after: string): Promise<PollVotersResponse> {
  return api.get<PollVotersResponse>(`${pollPath(id)}/voters?after=${encodeURIComponent(after)}`);
}

/** "Show more answers": the next page joins the poll's cached voters. */
export function useMorePollVoters(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (after: string) => getPollVoters(id, after),
    onSuccess: (page) => appendPollVoters(queryClient, id, page),
  });
}
