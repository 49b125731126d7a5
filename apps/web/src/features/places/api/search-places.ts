import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LatLon, PlaceCandidate, PlaceSearchResponse } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { nearParam } from '../../../lib/place-text.ts';

export interface PlaceSearch {
  q: string;
  near?: LatLon | undefined;
  limit?: number;
}

/**
 * GET /api/places/search?q=&near=&limit= → saved places and gazetteer cities, best first. With no
 * text but `near`, the nearest city (the reverse lookup of "Use my location").
 */
export async function searchPlaces(search: PlaceSearch, signal?: AbortSignal): Promise<PlaceCandidate[]> {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.near) params.set('near', nearParam(search.near));
  if (search.limit) params.set('limit', String(search.limit));
  const body = await api.get<Partial<PlaceSearchResponse> | undefined>(
    `/api/places/search?${params}`,
    signal,
  );
  return body?.places ?? [];
}

export function placeSearchQueryOptions(search: PlaceSearch) {
  return queryOptions({
    queryKey: [
      'places',
      'search',
      search.q,
      search.near ? nearParam(search.near) : null,
      search.limit ?? null,
    ],
    queryFn: ({ signal }) => searchPlaces(search, signal),
    staleTime: 5 * 60_000,
  });
}

/** Typeahead answers for `q` (already debounced by the caller); nothing is asked for empty text. */
export function usePlaceSearch(q: string, near?: LatLon) {
  return useQuery({
    ...placeSearchQueryOptions({ q, near }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
