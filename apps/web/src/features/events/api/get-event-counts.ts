import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventStatus } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

/** Your drafts and the live and past events you can see, each counted up to `cap`. */
export interface EventCounts {
  draft: number;
  live: number;
  past: number;
  cap: number;
}

export const eventCountsQueryKey = ['events', 'counts'] as const;

/** GET /api/events/counts. */
export function getEventCounts(signal?: AbortSignal): Promise<EventCounts> {
  return api.get<EventCounts>('/api/events/counts', signal);
}

export function eventCountsQueryOptions() {
  return queryOptions({ queryKey: eventCountsQueryKey, queryFn: ({ signal }) => getEventCounts(signal) });
}

export function useEventCounts() {
  return useQuery(eventCountsQueryOptions());
}

/** "1000+" once a count reaches the cap the server stops counting at. */
export function formatCount(counts: EventCounts, status: EventStatus): string {
  const value = counts[status.toLowerCase() as 'draft' | 'live' | 'past'];
  return value >= counts.cap ? `${counts.cap}+` : String(value);
}
