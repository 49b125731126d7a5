import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/events/:id/rsvp { status: "going" }: the one tap on "I'm going" in a notification
 * that a date poll became an event (nobody is answered "going" without it).
 */
export async function rsvpGoing(eventId: string): Promise<void> {
  await api.post(`/api/events/${encodeURIComponent(eventId)}/rsvp`, { status: 'going' });
}

export function useRsvpGoing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rsvpGoing,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
