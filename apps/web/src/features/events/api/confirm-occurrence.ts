import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';
import { eventCountsQueryKey } from './get-event-counts.ts';
import { pendingOccurrencesQueryKey } from './get-pending-occurrences.ts';
import { eventListsQueryKey } from './list-events.ts';

/** POST /api/events/:id/confirm → `{ event }`, now LIVE. */
export async function confirmOccurrence(eventId: string): Promise<EventDto> {
  const body = await api.post<{ event?: EventDto } | undefined>(
    `/api/events/${encodeURIComponent(eventId)}/confirm`,
  );
  if (!body?.event) throw new DisplayError('No data received from server');
  return body.event;
}

/** "Skip this date": DELETE /api/events/:id on a draft occurrence removes that date only. */
export function skipOccurrence(eventId: string): Promise<unknown> {
  return api.delete(`/api/events/${encodeURIComponent(eventId)}`);
}

/** Confirm or skip one pending date; the card, the lists and the tiles read again. */
export function useDecideOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, decision }: { eventId: string; decision: 'confirm' | 'skip' }) =>
      decision === 'confirm' ? confirmOccurrence(eventId) : skipOccurrence(eventId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingOccurrencesQueryKey }),
        queryClient.invalidateQueries({ queryKey: eventListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: eventCountsQueryKey }),
      ]),
  });
}
