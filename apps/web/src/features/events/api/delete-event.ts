import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { removeFromLists, restoreLists } from '../event-cache.ts';
import { eventCountsQueryKey } from './get-event-counts.ts';
import { eventListsQueryKey } from './list-events.ts';

/** DELETE /api/events/:id (creator only) → `{ event }` as it was. */
export function deleteEvent(eventId: string): Promise<{ event?: EventDto }> {
  return api.delete<{ event?: EventDto }>(`/api/events/${encodeURIComponent(eventId)}`);
}

/**
 * Spec 4: delete is optimistic. The card leaves every list at once; if the server refuses, the
 * lists are put back as they were and `onFailed` tells the person.
 */
export function useDeleteEvent({ onFailed }: { onFailed?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: EventDto) => deleteEvent(event.id),
    onMutate: async (event) => {
      // A list fetch landing mid-delete would bring the card back.
      await queryClient.cancelQueries({ queryKey: eventListsQueryKey });
      return { snapshot: removeFromLists(queryClient, event.id) };
    },
    onError: (error, _event, context) => {
      if (context) restoreLists(queryClient, context.snapshot);
      onFailed?.(error);
    },
    onSuccess: (_data, event) => {
      queryClient.removeQueries({ queryKey: ['events', 'public', event.id] });
      return queryClient.invalidateQueries({ queryKey: eventCountsQueryKey });
    },
  });
}
