import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { EventDto, PublicEventDto } from '@townsquare/contracts';
import { type EventPage, eventListsQueryKey } from './api/list-events.ts';

type ListData = InfiniteData<EventPage, string | null>;

/** What `removeFromLists` took away, to put back when the server says no. */
export type ListSnapshot = Array<[QueryKey, ListData | undefined]>;

function mapLists(queryClient: QueryClient, change: (events: EventDto[]) => EventDto[]): void {
  queryClient.setQueriesData<ListData>({ queryKey: eventListsQueryKey }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, events: change(page.events) })) } : data,
  );
}

/** Puts the server's copy of an event in place of the old one in every cached list. */
export function replaceInLists(queryClient: QueryClient, event: EventDto): void {
  mapLists(queryClient, (events) => events.map((e) => (e.id === event.id ? event : e)));
}

/** Takes an event out of every cached list at once and returns what was there before. */
export function removeFromLists(queryClient: QueryClient, eventId: string): ListSnapshot {
  const snapshot = queryClient.getQueriesData<ListData>({ queryKey: eventListsQueryKey });
  mapLists(queryClient, (events) => events.filter((e) => e.id !== eventId));
  return snapshot;
}

export function restoreLists(queryClient: QueryClient, snapshot: ListSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** The event page's form of an event: `rsvps` are the going attendees' user ids. */
export function toPublicEvent(event: EventDto): PublicEventDto {
  return { ...event, rsvps: event.rsvps.filter((r) => r.status === 'going').map((r) => r.id) };
}
