import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Poll } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { pollKeys } from './keys.ts';

export type CreatePollBody = {
  title: string;
  description?: string;
  communityId?: string;
  closesAt: string;
  timeZone?: string;
  options: { startsAt: string; endsAt: string; place?: string }[];
  /** People without an account may vote (a link poll only, decision 056). */
  allowGuestVotes?: boolean;
};

/** POST /api/polls → 201 { poll }. */
export async function createPoll(body: CreatePollBody): Promise<Poll> {
  return (await api.post<{ poll: Poll }>('/api/polls', body)).poll;
}

export function useCreatePoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPoll,
    onSuccess: (poll) => {
      queryClient.setQueryData(pollKeys.detail(poll.id), poll);
      if (poll.community)
        void queryClient.invalidateQueries({ queryKey: pollKeys.community(poll.community.id) });
    },
  });
}
