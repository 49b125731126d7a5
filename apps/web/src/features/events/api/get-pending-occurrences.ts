import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDto } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

export const pendingOccurrencesQueryKey = ['series', 'pending'] as const;

/** GET /api/series/pending → `{ events }`: my draft occurrences starting in the next 7 days. */
export async function getPendingOccurrences(signal?: AbortSignal): Promise<EventDto[]> {
  const body = await api.get<{ events?: EventDto[] } | undefined>('/api/series/pending', signal);
  return body?.events ?? [];
}

export function usePendingOccurrences() {
  return useQuery(
    queryOptions({
      queryKey: pendingOccurrencesQueryKey,
      queryFn: ({ signal }) => getPendingOccurrences(signal),
    }),
  );
}
