import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto, EventStatus, Recurrence, Visibility } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';
import type { EventPlaceExtras } from '../../../lib/place-text.ts';
import { EVENT_TEXT } from '../event-texts.ts';
import { eventCountsQueryKey } from './get-event-counts.ts';
import { hasOwnEventsQueryKey } from './has-own-events.ts';
import { eventListQueryKey } from './list-events.ts';

/** What the create/edit dialog sends (typed JSON; the server also takes the original all-strings form). */
export interface EventInput extends EventPlaceExtras {
  title: string;
  description: string;
  location: string;
  /** ISO 8601. */
  startDate: string;
  endDate: string;
  cost: number;
  isFree: boolean;
  visibility: Visibility;
  recurrence: Recurrence;
  tags: string[];
  status: EventStatus;
  imageUrl: string | null;
  /** IANA zone of the event (the browser's by default; the server's default is UTC). */
  timeZone?: string;
  /** Whole days (decision 078): `startDate`/`endDate` are then the first and last day, `yyyy-MM-dd`. */
  allDay?: boolean;
  /** Host as this community (organisers only; create only). */
  communityId?: string;
  /** Places (null unlimited), how long an offer is held, guests per person, transfers, questions. */
  capacity?: number | null;
  offerHours?: number;
  maxGuests?: number;
  allowTransfers?: boolean;
  allowGuestRsvp?: boolean;
  questions?: Array<{ id?: string; text: string; required: boolean }>;
  /** A saved place, or null to clear it. */
  placeId?: string | null;
}

/** POST /api/events → 201 `{ event }`. */
export async function createEvent(input: EventInput): Promise<EventDto> {
  const body = await api.post<{ event?: EventDto } | undefined>('/api/events', input);
  if (!body?.event) throw new DisplayError(EVENT_TEXT.noData);
  return body.event;
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    // Only the tab the new event lands in, the tiles and the dashboard's first steps change.
    onSuccess: (event) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventListQueryKey(event.status) }),
        queryClient.invalidateQueries({ queryKey: eventCountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: hasOwnEventsQueryKey }),
      ]),
  });
}
