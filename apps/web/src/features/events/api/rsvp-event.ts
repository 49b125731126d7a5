import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto, RsvpStatus } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';
import { replaceInLists, toPublicEvent } from '../event-cache.ts';
import { EVENT_TEXT } from '../event-texts.ts';
import { publicEventQueryKey } from './get-public-event.ts';

/** What an RSVP sends: the answer, and optionally guests (names, '' unnamed) and answers by question id. */
export type RsvpInput = { status: RsvpStatus; guests?: string[]; answers?: Record<string, string> };

/**
 * POST /api/events/:id/rsvp `{ status, guests?, answers? }` → `{ event }` with the new counts,
 * `myRsvp` and `viewerRsvp` (waitlist position or offer).
 */
export async function rsvpEvent(eventId: string, input: RsvpStatus | RsvpInput): Promise<EventDto> {
  const body = await api.post<{ event?: EventDto } | undefined>(
    `/api/events/${encodeURIComponent(eventId)}/rsvp`,
    typeof input === 'string' ? { status: input } : input,
  );
  if (!body?.event) throw new DisplayError(EVENT_TEXT.noData);
  return body.event;
}

export function useRsvpEvent(eventId: string, viewerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RsvpStatus | RsvpInput) => rsvpEvent(eventId, input),
    onSuccess: (event) => {
      queryClient.setQueryData(publicEventQueryKey(eventId, viewerId), toPublicEvent(event));
      replaceInLists(queryClient, event);
    },
  });
}
