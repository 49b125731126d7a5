import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EventDto, EventStatus } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

/** Cards per page of a tab; "Load more" asks for the next page by cursor. */
export const EVENT_PAGE_SIZE = 12;

export interface EventPage {
  events: EventDto[];
  nextCursor: string | null;
}

/** Every cached list, for updates that touch an event wherever it is shown. */
export const eventListsQueryKey = ['events', 'list'] as const;
/** Soonest first, or (the discovery list's live events) most friends going first. */
export type EventSort = 'date' | 'friends';

/** A status's lists in every order share this prefix, so invalidating the status reaches them all. */
export const eventListQueryKey = (status: EventStatus, sort?: EventSort) =>
  sort ? ([...eventListsQueryKey, status, sort] as const) : ([...eventListsQueryKey, status] as const);

/** GET /api/events?status=&cursor=&limit=[&sort=friends] (keyset pages: `nextCursor` is null on the last one). */
export async function listEvents(
  status: EventStatus,
  cursor: string | null,
  signal?: AbortSignal,
  sort: EventSort = 'date',
): Promise<EventPage> {
  const params = new URLSearchParams({ status, limit: String(EVENT_PAGE_SIZE) });
  if (sort === 'friends') params.set('sort', 'friends');
  if (cursor) params.set('cursor', cursor);
  const body = await api.get<Partial<EventPage> | undefined>(`/api/events?${params}`, signal);
  return { events: body?.events ?? [], nextCursor: body?.nextCursor ?? null };
}

export function eventListQueryOptions(status: EventStatus, sort: EventSort = 'date') {
  return infiniteQueryOptions({
    queryKey: eventListQueryKey(status, sort),
    queryFn: ({ pageParam, signal }) => listEvents(status, pageParam, signal, sort),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

export function useEventList(status: EventStatus, sort: EventSort = 'date') {
  return useInfiniteQuery(eventListQueryOptions(status, sort));
}
