import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEventDto } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';
import { EVENT_TEXT } from '../event-texts.ts';
import { publicEventQueryKey } from './public-event-key.ts';

export { publicEventQueryKey };

/** GET /api/events/public/:id → `{ data }`; works signed out for public, published events. */
export async function getPublicEvent(eventId: string, signal?: AbortSignal): Promise<PublicEventDto> {
  const body = await api.get<{ data?: PublicEventDto } | undefined>(
    `/api/events/public/${encodeURIComponent(eventId)}`,
    signal,
  );
  if (!body?.data || typeof body.data !== 'object') throw new DisplayError(EVENT_TEXT.noData);
  return body.data;
}

export function publicEventQueryOptions(eventId: string, viewerId: string | null) {
  return queryOptions({
    queryKey: publicEventQueryKey(eventId, viewerId),
    queryFn: ({ signal }) => getPublicEvent(eventId, signal),
  });
}

export function usePublicEvent(eventId: string, viewerId: string | null) {
  return useQuery(publicEventQueryOptions(eventId, viewerId));
}
