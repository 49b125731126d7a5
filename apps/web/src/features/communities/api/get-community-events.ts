import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDto } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { communityKeys, slugPath } from '../../../lib/groups/keys.ts';

type When = 'upcoming' | 'past';

/** GET /api/communities/:slug/events?when= (first page of 50). */
export function getCommunityEvents(slug: string, when: When, signal?: AbortSignal) {
  return api.get<{ events: EventDto[]; nextCursor: string | null }>(
    `${slugPath(slug)}/events?when=${when}&limit=50`,
    signal,
  );
}

export function communityEventsQueryOptions(slug: string, when: When) {
  return queryOptions({
    queryKey: communityKeys.events(slug, when),
    queryFn: ({ signal }) => getCommunityEvents(slug, when, signal),
  });
}

export function useCommunityEvents(slug: string, when: When, enabled = true) {
  return useQuery({ ...communityEventsQueryOptions(slug, when), enabled });
}
