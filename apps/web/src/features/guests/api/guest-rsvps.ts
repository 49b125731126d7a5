import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestRsvp } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

/** Answering without an account (decision 040): the form token, the answer, its links. */
export type GuestAnswerBody = {
  name: string;
  email: string;
  status?: 'going' | 'maybe' | 'not_going';
  guests?: string[];
  answers?: Record<string, string>;
  formToken: string;
  website?: string;
};
export type GuestChange = Pick<GuestAnswerBody, 'status' | 'guests' | 'answers'>;

/** GET /api/events/:id/guest-rsvps/form: when the form was rendered, signed by the server. */
export function useGuestFormToken(eventId: string) {
  return useQuery({
    queryKey: ['guest-form', eventId],
    queryFn: () => api.get<{ formToken: string }>(`/api/events/${eventId}/guest-rsvps/form`),
    staleTime: 60 * 60_000,
    retry: false,
  });
}

/** POST /api/events/:id/guest-rsvps: 202 and an e-mail with the confirmation link. */
export function useAskAsGuest(eventId: string) {
  return useMutation({
    mutationFn: (body: GuestAnswerBody) =>
      api.post<{ message: string }>(`/api/events/${eventId}/guest-rsvps`, body),
  });
}

/**
 * POST /api/guest-rsvps/confirm. A query on purpose (like e-mail verification): the cache key
 * de-duplicates the call, so a re-render never spends the single-use token twice.
 */
export function confirmGuestQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['guest-confirm', token],
    queryFn: () => api.post<{ rsvp: GuestRsvp; manageToken: string }>('/api/guest-rsvps/confirm', { token }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useConfirmGuest(token: string | null) {
  return useQuery({ ...confirmGuestQueryOptions(token ?? ''), enabled: Boolean(token) });
}

const manageKey = (token: string) => ['guest-rsvp', token];

/** GET /api/guest-rsvps/:token: the guest's own answer. */
export function useGuestRsvp(token: string | null) {
  return useQuery({
    queryKey: manageKey(token ?? ''),
    queryFn: () => api.get<{ rsvp: GuestRsvp }>(`/api/guest-rsvps/${encodeURIComponent(token ?? '')}`),
    enabled: Boolean(token),
    retry: false,
  });
}

/** PATCH /api/guest-rsvps/:token. */
export function useChangeGuestRsvp(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: GuestChange) =>
      api.patch<{ rsvp: GuestRsvp }>(`/api/guest-rsvps/${encodeURIComponent(token)}`, change),
    onSuccess: (data) => queryClient.setQueryData(manageKey(token), data),
  });
}

/** DELETE /api/guest-rsvps/:token: the answer and the link are gone. */
export function useCancelGuestRsvp(token: string) {
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(`/api/guest-rsvps/${encodeURIComponent(token)}`),
  });
}
