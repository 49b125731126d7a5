import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto, RsvpStatus } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';
import { replaceInLists, toPublicEvent } from '../event-cache.ts';
import { EVENT_TEXT } from '../event-texts.ts';
import { publicEventQueryKey } from './get-public-event.ts';

/** POST /api/events/:id/rsvp `{ status }` → `{ event }` with the new counts and `myRsvp`. */
export async function rsvpEvent(eventId: string, status: RsvpStatus): Promise<EventDto> {
  const body = await api.post<{ event?: EventDto } | undefined>(
    `/api/events/${encodeURIComponent(eventId)}/rsvp`,
    { status },
  );
  if (!body?.event) throw new DisplayError(EVENT_TEXT.noData);
  return body.event;
}

export function useRsvpEvent(eventId: string, viewerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: RsvpStatus) => rsvpEvent(eventId, status),
    onSuccess: (event) => {
      queryClient.setQueryData(publicEventQueryKey(eventId, viewerId), toPublicEvent(event));
      replaceInLists(queryClient, event);
    },
  });
}
