import type { LatLon, Place, PlaceCandidate } from '@townsquare/contracts';
import { placeDisplayText } from '@townsquare/contracts/place-text';

/**
 * Place fields the server adds in another change (address privacy, online events).
 * Read from an event when present; sent only when they differ from the defaults (so the form keeps
 * working against a server that does not know them yet).
 */
export type AddressVisibility = 'PUBLIC' | 'ATTENDEES';
export interface EventPlaceExtras {
  online?: boolean;
  onlineUrl?: string | null;
  addressVisibility?: AddressVisibility;
}

/** The one line a place is shown as ("Berlin, DE"), shared with the server. */
export const placeLabel = placeDisplayText;

/** A city's name for headings: "Berlin". */
export function cityName(place: Pick<Place, 'name' | 'city'>): string {
  return place.city || place.name;
}

/**
 * Coordinates rounded to 0.01° (about 1 km) before they leave the browser: the nearest city is all
 * "Use my location" needs, and a person's exact position is nobody's business.
 */
export function roundPoint(point: LatLon): LatLon {
  const round = (n: number) => Math.round(n * 100) / 100;
  return { lat: round(point.lat), lon: round(point.lon) };
}

export function nearParam(point: LatLon): string {
  return `${point.lat},${point.lon}`;
}

/** "3.2 km" (one decimal below 10 km, whole kilometres above). */
export function formatDistance(km: number): string {
  if (km < 10)
    return `${(Math.round(km * 10) / 10).toLocaleString(undefined, { maximumFractionDigits: 1 })} km`;
  return `${Math.round(km).toLocaleString()} km`;
}

/** Great-circle distance (km) for what the browser lays out itself (the signed-out nearby list). */
export function distanceKm(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * What the location text becomes when a place is picked: the place's line, unless the host typed
 * their own (a text a previous pick filled in counts as not typed).
 */
export function locationAfterPick(
  current: { location: string; locationFromPlace: boolean },
  picked: Pick<Place, 'name' | 'address' | 'city' | 'country'> | null,
): { location: string; locationFromPlace: boolean } {
  const typed = current.location.trim() !== '' && !current.locationFromPlace;
  if (typed) return current;
  if (!picked)
    return { location: current.locationFromPlace ? '' : current.location, locationFromPlace: false };
  return { location: placeLabel(picked), locationFromPlace: true };
}

/** A bounding box of `radiusKm` around a point, as `/api/events/map` takes it (west,south,east,north). */
export function bboxAround(point: LatLon, radiusKm: number): string {
  const dLat = radiusKm / 111.32;
  const dLon = radiusKm / (111.32 * Math.max(0.01, Math.cos((point.lat * Math.PI) / 180)));
  const clamp = (n: number, max: number) => Math.max(-max, Math.min(max, n));
  const wrap = (n: number) => (n > 180 ? n - 360 : n < -180 ? n + 360 : n);
  return [
    wrap(point.lon - dLon),
    clamp(point.lat - dLat, 90),
    wrap(point.lon + dLon),
    clamp(point.lat + dLat, 90),
  ]
    .map((n) => n.toFixed(4))
    .join(',');
}

export type { Place, PlaceCandidate };
