import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, DisplayError } from '../../../lib/api-client.ts';

/**
 * `GET /api/near/:city`(the server renders the same page at `/near/:city` with this
 * answer embedded): a city by its slug (`berlin-de`) with the upcoming public events and the
 * communities near it. Only the fields the page shows are named here; the rest passes through.
 */
export interface NearCity {
  city: { slug?: string; name: string; country: string; lat: number; lon: number };
  events: Array<{ id: string; title: string; startDate: string; location?: string; distanceKm?: number }>;
  communities: Array<{ slug: string; name: string; memberCount?: number; distanceKm?: number }>;
}

/** main.tsx writes the server's embedded answer under this key too (spelled out there). */
export const nearCityQueryKey = (slug: string) => ['near', slug] as const;

export async function getNearCity(slug: string, signal?: AbortSignal): Promise<NearCity> {
  const body = await api.get<Partial<NearCity> | undefined>(`/api/near/${encodeURIComponent(slug)}`, signal);
  if (!body?.city) throw new DisplayError('No city data returned from server');
  return { city: body.city, events: body.events ?? [], communities: body.communities ?? [] };
}

export function nearCityQueryOptions(slug: string) {
  return queryOptions({
    queryKey: nearCityQueryKey(slug),
    queryFn: ({ signal }) => getNearCity(slug, signal),
  });
}

export function useNearCity(slug: string) {
  return useQuery(nearCityQueryOptions(slug));
}
