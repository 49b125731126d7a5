import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestVotes, PollUpdatedEvent, VoteChoice } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

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

/** GET /api/polls/:id/guest-votes/form: when the form was rendered, signed by the server. */
export function useGuestVoteFormToken(pollId: string) {
  return useQuery({
    queryKey: ['guest-vote-form', pollId],
    queryFn: () => api.get<{ formToken: string }>(`/api/polls/${pollId}/guest-votes/form`),
    staleTime: 60 * 60_000,
    retry: false,
  });
}

/** POST /api/polls/:id/guest-votes: 202 and an e-mail with the confirmation link. */
export function useVoteAsGuest(pollId: string) {
  return useMutation({
    mutationFn: (body: GuestVotesBody) =>
      api.post<{ message: string }>(`/api/polls/${pollId}/guest-votes`, body),
  });
}

/**
 * POST /api/guest-votes/confirm. A query on purpose (like e-mail verification): the cache key
 * de-duplicates the call, so a re-render never spends the single-use token twice.
 */
export function confirmGuestVotesQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['guest-votes-confirm', token],
    queryFn: () => api.post<GuestVotes & { manageToken: string }>('/api/guest-votes/confirm', { token }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useConfirmGuestVotes(token: string | null) {
  return useQuery({ ...confirmGuestVotesQueryOptions(token ?? ''), enabled: Boolean(token) });
}

const manageKey = (token: string) => ['guest-votes', token];
const managePath = (token: string) => `/api/guest-votes/${encodeURIComponent(token)}`;

/** GET /api/guest-votes/:token: the poll and the guest's own answers. */
export function useGuestVotes(token: string | null) {
  return useQuery({
    queryKey: manageKey(token ?? ''),
    queryFn: () => api.get<GuestVotes>(managePath(token ?? '')),
    enabled: Boolean(token),
    retry: false,
  });
}

/** PUT /api/guest-votes/:token { votes }: the whole answer again; the page reads the poll anew. */
export function useChangeGuestVotes(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (votes: Record<string, VoteChoice>) =>
      api.put<PollUpdatedEvent>(managePath(token), { votes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageKey(token) }),
  });
}

/** DELETE /api/guest-votes/:token: the answers and the link are gone. */
export function useWithdrawGuestVotes(token: string) {
  return useMutation({ mutationFn: () => api.delete<{ message: string }>(managePath(token)) });
}
