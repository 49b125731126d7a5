import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PollUpdatedEvent, VoteChoice } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { pollPath } from './keys.ts';
import { applyPollUpdate } from './poll-cache.ts';

/** PUT /api/polls/:id/votes { votes }: the caller's whole answer → the new tallies and their row. */
export async function votePoll(id: string, votes: Record<string, VoteChoice>): Promise<PollUpdatedEvent> {
  return api.put<PollUpdatedEvent>(`${pollPath(id)}/votes`, { votes });
}

export function useVotePoll(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (votes: Record<string, VoteChoice>) => votePoll(id, votes),
    onSuccess: (update) => applyPollUpdate(queryClient, update, true),
  });
}
