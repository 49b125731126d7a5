import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestRsvp } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { guestLinkCalls } from './guest-link.ts';

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

/** An event's guest answers: `/api/events/:id/guest-rsvps…` and `/api/guest-rsvps/…` (see `guestLinkCalls`). */
export const guestRsvpLink = guestLinkCalls<
  GuestAnswerBody,
  { rsvp: GuestRsvp; manageToken: string },
  { rsvp: GuestRsvp }
>('events', 'guest-rsvps');

/** PATCH /api/guest-rsvps/:token. */
export function useChangeGuestRsvp(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: GuestChange) =>
      api.patch<{ rsvp: GuestRsvp }>(guestRsvpLink.managePath(token), change),
    onSuccess: (data) => queryClient.setQueryData(guestRsvpLink.manageKey(token), data),
  });
}

/** DELETE /api/guest-rsvps/:token: the answer and the link are gone. */
export function useCancelGuestRsvp(token: string) {
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(guestRsvpLink.managePath(token)),
  });
}
