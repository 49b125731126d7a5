import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/events?scope=mine&limit=1: whether I have created any event (drafts included). */
export async function hasOwnEvents(signal?: AbortSignal): Promise<boolean> {
  const body = await api.get<{ events?: unknown[] } | undefined>('/api/events?scope=mine&limit=1', signal);
  return (body?.events?.length ?? 0) > 0;
}

/**
 * Under `events` (refreshed with them) but not under the lists' key: the cache helpers patch every
 * query there as a list of cards, and this answer is a boolean (an edit that moved an event to
 * another tab failed on it: e2e events.spec).
 */
export const hasOwnEventsQueryKey = ['events', 'mine-any'] as const;

export function useHasOwnEvents() {
  return useQuery({ queryKey: hasOwnEventsQueryKey, queryFn: ({ signal }) => hasOwnEvents(signal) });
}
