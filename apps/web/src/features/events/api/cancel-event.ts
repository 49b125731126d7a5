import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';
import { replaceInLists } from '../event-cache.ts';
import { EVENT_TEXT } from '../event-texts.ts';

/**
 * PATCH /api/events/:id `{ cancelled }` (hosts) → `{ event }`. True calls the event off (people
 * going or maybe are told); false restores it while it has not started (decision 028).
 */
export async function setEventCancelled(eventId: string, cancelled: boolean): Promise<EventDto> {
  const body = await api.patch<{ event?: EventDto } | undefined>(
    `/api/events/${encodeURIComponent(eventId)}`,
    {
      cancelled,
    },
  );
  if (!body?.event) throw new DisplayError(EVENT_TEXT.noData);
  return body.event;
}

export function useSetEventCancelled(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancelled: boolean) => setEventCancelled(eventId, cancelled),
    onSuccess: async (event) => {
      // The card stays in its tab (its status is unchanged), marked cancelled; the page reads it again.
      replaceInLists(queryClient, event);
      await queryClient.invalidateQueries({ queryKey: ['events', 'public', event.id] });
    },
  });
}
