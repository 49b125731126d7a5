import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDto, EventMapResponse, LatLon } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { bboxAround, distanceKm, nearParam } from '../../../lib/place-text.ts';

/**
 * How far "near" reaches on the dashboard and the landing page: a metropolitan area (Meetup's
 * default is 25 miles, 40 km); the server's default of 25 km would leave Berlin out of Potsdam's.
 */
export const NEAR_RADIUS_KM = 50;
const NEAR_LIMIT = 6;

/** GET /api/events?near=&radiusKm=&sort=date: upcoming live events around a point, each with `distanceKm`. */
export async function listNearEvents(point: LatLon, signal?: AbortSignal): Promise<EventDto[]> {
  const params = new URLSearchParams({
    near: nearParam(point),
    radiusKm: String(NEAR_RADIUS_KM),
    sort: 'date',
    limit: String(NEAR_LIMIT),
  });
  const body = await api.get<{ events?: EventDto[] } | undefined>(`/api/events?${params}`, signal);
  return body?.events ?? [];
}

/** What `list` finds near `point`, under the query key `['events', kind, point]`; idle without a point. */
function useNearQuery<T>(
  kind: string,
  list: (point: LatLon, signal?: AbortSignal) => Promise<T>,
  point: LatLon | null,
) {
  return useQuery({
    ...queryOptions({
      queryKey: ['events', kind, point ? nearParam(point) : null],
      // Only runs when enabled, that is with a point.
      queryFn: ({ signal }) => list(point as LatLon, signal),
    }),
    enabled: point !== null,
  });
}

export function useNearEvents(point: LatLon | null) {
  return useNearQuery('near', listNearEvents, point);
}

/** GET /api/events/map?bbox=&from=&to= → points (≤ 500) or, above that, the server's clusters. */
export async function getEventMap(
  bbox: string,
  signal?: AbortSignal,
  from: Date = new Date(),
): Promise<EventMapResponse> {
  const params = new URLSearchParams({ bbox, from: from.toISOString() });
  const body = await api.get<EventMapResponse | undefined>(`/api/events/map?${params}`, signal);
  return body ?? { points: [] };
}

export interface NearPoint {
  id: string;
  title: string;
  startDate: string;
  distanceKm: number;
}

/**
 * What a signed-out visitor sees near their city: `/api/events/map` answers without an account
 * (public events only); the box around the city is cut to the circle and sorted by date here.
 */
export async function listNearPoints(point: LatLon, signal?: AbortSignal): Promise<NearPoint[]> {
  const map = await getEventMap(bboxAround(point, NEAR_RADIUS_KM), signal);
  if (!('points' in map)) return [];
  return map.points
    .map((p) => ({ id: p.id, title: p.title, startDate: p.startDate, distanceKm: distanceKm(point, p) }))
    .filter((p) => p.distanceKm <= NEAR_RADIUS_KM)
    .sort((a, b) => a.startDate.localeCompare(b.startDate))
    .slice(0, NEAR_LIMIT);
}

export function useNearPoints(point: LatLon | null) {
  return useNearQuery('near-public', listNearPoints, point);
}
