import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';
import { removeFromLists, replaceInLists } from '../event-cache.ts';
import { EVENT_TEXT } from '../event-texts.ts';
import type { EventInput } from './create-event.ts';
import { eventCountsQueryKey } from './get-event-counts.ts';
import { eventListQueryKey } from './list-events.ts';

/** PUT /api/events/:id (creator only) → `{ event }`. */
export async function updateEvent(
  eventId: string,
  input: Partial<EventInput>,
  scope: 'this' | 'following' = 'this',
): Promise<EventDto> {
  const body = await api.put<{ event?: EventDto } | undefined>(
    `/api/events/${encodeURIComponent(eventId)}${scope === 'following' ? '?scope=following' : ''}`,
    input,
  );
  if (!body?.event) throw new DisplayError(EVENT_TEXT.noData);
  return body.event;
}

export interface UpdateEventVariables {
  /** The event as it was shown, so the cache knows which tab it leaves. */
  previous: EventDto;
  input: Partial<EventInput>;
  /** On an occurrence of a series: this date only, or this and the following dates. */
  scope?: 'this' | 'following';
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ previous, input, scope }: UpdateEventVariables) => updateEvent(previous.id, input, scope),
    onSuccess: async (event, { previous, scope }) => {
      // The event page of this event (any viewer) reads it again; the lists are patched in place.
      const pending = [queryClient.invalidateQueries({ queryKey: ['events', 'public', event.id] })];
      // Later dates of the series changed too.
      if (scope === 'following') pending.push(queryClient.invalidateQueries({ queryKey: ['events'] }));
      if (event.status === previous.status) {
        replaceInLists(queryClient, event);
        // A new start date moves it within its tab, which is sorted by start date.
        if (event.startDate !== previous.startDate) {
          pending.push(queryClient.invalidateQueries({ queryKey: eventListQueryKey(event.status) }));
        }
      } else {
        // It moved tab: out of the old one now, and the new one fetches it in its sorted place.
        removeFromLists(queryClient, event.id);
        pending.push(
          queryClient.invalidateQueries({ queryKey: eventListQueryKey(event.status) }),
          queryClient.invalidateQueries({ queryKey: eventCountsQueryKey }),
        );
      }
      await Promise.all(pending);
    },
  });
}
