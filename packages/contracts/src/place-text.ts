import type { Place } from './places.ts';

// Without zod, so the web's place lines do not load the schemas (package.json "./place-text").

/**
 * The one line a place is shown as, and the text an event's or community's `location` gets when a
 * place is picked and none was typed: "Berlin, DE"; "Café Kranzler, Kurfürstendamm 18, Berlin, DE".
 */
export function placeDisplayText(place: Pick<Place, 'name' | 'address' | 'city' | 'country'>): string {
  const parts = [place.name, place.address, place.city === place.name ? '' : place.city, place.country];
  return parts.filter((p) => p !== '').join(', ');
}
