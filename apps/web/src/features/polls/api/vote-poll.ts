import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Poll, VoteChoice } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { pollKeys, pollPath } from './keys.ts';

/** PUT /api/polls/:id/votes { votes }: the caller's whole answer, replacing the last one. */
export async function votePoll(id: string, votes: Record<string, VoteChoice>): Promise<Poll> {
  return (await api.put<{ poll: Poll }>(`${pollPath(id)}/votes`, { votes })).poll;
}

export function useVotePoll(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (votes: Record<string, VoteChoice>) => votePoll(id, votes),
    onSuccess: (poll) => queryClient.setQueryData(pollKeys.detail(id), poll),
  });
}
