import { z } from 'zod';
import { communitySchema } from './communities.ts';
import { publicEventSchema } from './events.ts';

/**
 * City pages (decision 044): `/near/:city` and `GET /api/near/:city`, a city of the
 * gazetteer by its slug (`berlin-de`: the name in lower case without accents, hyphens for
 * anything else, then the country code), with the upcoming public events and the communities
 * within `NEAR_CITY.radiusKm`.
 */
export const NEAR_CITY = { radiusKm: 25, eventsMax: 50, communitiesMax: 20 } as const;

export const NEAR_MSG = { cityNotFound: 'City not found' } as const;

/** The slug of a city: "Frankfurt am Main", DE → `frankfurt-am-main-de`. */
export function citySlug(name: string, country: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base}-${country.toLowerCase()}`;
}

/** Any text: a slug that names no city is a 404, like every other unknown thing in a path. */
export const nearCityParams = z.object({ city: z.string() });

export const nearCitySchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  lat: z.number(),
  lon: z.number(),
  timeZone: z.string(),
});
export type NearCity = z.infer<typeof nearCitySchema>;

export const nearCityResponse = z.object({
  city: nearCitySchema,
  radiusKm: z.number(),
  /** Upcoming public events within the radius, soonest first, each with `distanceKm`. */
  events: z.array(publicEventSchema),
  /** Communities anyone may see within the radius, most members first, each with `distanceKm`. */
  communities: z.array(communitySchema),
});
export type NearCityResponse = z.infer<typeof nearCityResponse>;
