import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto, SeriesDto, SeriesFreq } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';
import type { EventInput } from './create-event.ts';
import { eventCountsQueryKey } from './get-event-counts.ts';
import { pendingOccurrencesQueryKey } from './get-pending-occurrences.ts';
import { eventListsQueryKey } from './list-events.ts';

export interface SeriesInput extends Omit<EventInput, 'status' | 'recurrence'> {
  timeZone: string;
  freq: SeriesFreq;
  interval?: number;
  /** ISO instant after which no occurrence starts; null = open-ended. */
  until?: string | null;
  /** Each date goes live by itself (true) or waits for the host to confirm it (false). */
  autoPublish?: boolean;
}

/** POST /api/series → 201 `{ series, events }` (the occurrences, all drafts until confirmed). */
export async function createSeries(input: SeriesInput): Promise<{ series: SeriesDto; events: EventDto[] }> {
  const body = await api.post<{ series?: SeriesDto; events?: EventDto[] } | undefined>('/api/series', input);
  if (!body?.series || !body.events) throw new DisplayError('No data received from server');
  return { series: body.series, events: body.events };
}

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSeries,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: eventCountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: pendingOccurrencesQueryKey }),
      ]),
  });
}
