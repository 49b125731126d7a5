import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestVotes, PollUpdatedEvent, VoteChoice } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { guestLinkCalls } from './guest-link.ts';

/**
 * Guest votes in a date poll that allows them (decision 056): the same form token, honeypot,
 * confirmation and manage links as a guest answer to an event (guest-rsvps.ts), for a poll.
 */
export type GuestVotesBody = {
  name: string;
  email: string;
  votes: Record<string, VoteChoice>;
  formToken: string;
  website?: string;
};

/** A poll's guest votes: `/api/polls/:id/guest-votes…` and `/api/guest-votes/…` (see `guestLinkCalls`). */
export const guestVoteLink = guestLinkCalls<GuestVotesBody, GuestVotes & { manageToken: string }, GuestVotes>(
  'polls',
  'guest-votes',
);

/** PUT /api/guest-votes/:token { votes }: the whole answer again; the page reads the poll anew. */
export function useChangeGuestVotes(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (votes: Record<string, VoteChoice>) =>
      api.put<PollUpdatedEvent>(guestVoteLink.managePath(token), { votes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestVoteLink.manageKey(token) }),
  });
}

/** DELETE /api/guest-votes/:token: the answers and the link are gone. */
export function useWithdrawGuestVotes(token: string) {
  return useMutation({ mutationFn: () => api.delete<{ message: string }>(guestVoteLink.managePath(token)) });
}
