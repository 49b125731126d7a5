import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subgroup } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { eventSubgroupsQueryKey } from '../../../lib/groups/keys.ts';

/** GET /api/event-subgroups/event/:eventId: all of them for the organizer, else the caller's own. */
export async function getEventSubgroups(eventId: string, signal?: AbortSignal): Promise<Subgroup[]> {
  const list = await api.get<Subgroup[] | undefined>(
    `/api/event-subgroups/event/${encodeURIComponent(eventId)}`,
    signal,
  );
  return Array.isArray(list) ? list : [];
}

export function eventSubgroupsQueryOptions(eventId: string) {
  return queryOptions({
    queryKey: eventSubgroupsQueryKey(eventId),
    queryFn: ({ signal }) => getEventSubgroups(eventId, signal),
  });
}

export function useEventSubgroups(eventId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...eventSubgroupsQueryOptions(eventId), enabled: enabled && Boolean(eventId) });
}
