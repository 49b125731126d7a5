import type { LatLon } from '@townsquare/contracts';
import { useSyncExternalStore } from 'react';

/** The city a signed-out visitor picked: kept in this browser only, never sent anywhere but searches. */
export interface VisitorCity extends LatLon {
  name: string;
  country: string;
}

export const VISITOR_CITY_KEY = 'townsquare.city';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(VISITOR_CITY_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): VisitorCity | null {
  if (!raw) return null;
  try {
    const city = JSON.parse(raw) as Partial<VisitorCity>;
    if (typeof city.name !== 'string' || typeof city.lat !== 'number' || typeof city.lon !== 'number')
      return null;
    return {
      name: city.name,
      country: typeof city.country === 'string' ? city.country : '',
      lat: city.lat,
      lon: city.lon,
    };
  } catch {
    return null;
  }
}

export function setVisitorCity(city: VisitorCity | null): void {
  try {
    if (city) {
      const { name, country, lat, lon } = city;
      localStorage.setItem(VISITOR_CITY_KEY, JSON.stringify({ name, country, lat, lon }));
    } else localStorage.removeItem(VISITOR_CITY_KEY);
  } catch {
    // Storage refused (private mode): the pick lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The visitor's city; null on the server and in the render that hydrates (no storage there). */
export function useVisitorCity(): VisitorCity | null {
  const raw = useSyncExternalStore(subscribe, read, () => null);
  // The raw string is the snapshot (stable between reads); parsing it is cheap.
  return parse(raw);
}
