import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Poll } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { pollKeys, pollPath } from './keys.ts';

/** PATCH /api/polls/:id (the host): here, whether people without an account may vote. */
export function useUpdatePoll(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { allowGuestVotes: boolean }) =>
      (await api.patch<{ poll: Poll }>(pollPath(id), body)).poll,
    onSuccess: (poll) => queryClient.setQueryData(pollKeys.detail(id), poll),
  });
}
