import {
  type Community,
  citySlug,
  NEAR_CITY,
  type NearCityResponse,
  type PublicEventDto,
} from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { CommunityRow } from '../../db/schema/index.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import { type CityPageEvent, readCityPage } from './city-pages.repository.ts';
import { citiesWithPublicEvents } from './nearby.repository.ts';
import type { RemoteEventsSource } from './nearby.service.ts';
import { presentPlace, timeZoneAt } from './places.service.ts';

export type CityPagesDeps = {
  db: Database;
  /**
   * The events module's public form for a signed-out visitor of events already read with their
   * relations and places (the address rule applied there, decision 044).
   */
  presentPublic: (rows: CityPageEvent[]) => Promise<PublicEventDto[]>;
  /** The communities module's form of a community for a signed-out visitor. */
  presentCommunity: (row: CommunityRow) => Community;
  /** PAGE_CACHE_SECONDS: how long each instance keeps a city's answer (0: never), decision 062. */
  cacheSeconds: number;
  /** Followed remote servers' events (decision 079), when federation runs. */
  remote?: () => RemoteEventsSource | undefined;
};

/** At most this many cities' answers are kept per instance. */
const CITIES_KEPT = 500;

export type CityPages = ReturnType<typeof createCityPages>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * City pages (`/near/:city`, `GET /api/near/:city`): a gazetteer city by its slug (the most
 * populous when two share one), its upcoming public events and its communities within 25 km,
 * all as a signed-out visitor sees them, whoever asks (one answer for crawlers and people). One
 * database round trip (`readCityPage`); the rest is presenting.
 */
export function createCityPages(deps: CityPagesDeps) {
  const { db } = deps;
  // The same answer for everyone, so made once per PAGE_CACHE_SECONDS (decision 062); callers
  // share it and never change it.
  const answers = createTtlCache<NearCityResponse | undefined>({
    ttlMs: deps.cacheSeconds * 1000,
    maxEntries: CITIES_KEPT,
  });
  return {
    async find(slug: string): Promise<NearCityResponse | undefined> {
      const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([a-z]{2})$/.exec(slug);
      if (!m?.[1] || !m[2]) return undefined;
      const [, name, country] = m;
      return answers.get(slug, () => read(name, country.toUpperCase()));
    },

    /** Slugs of the cities with upcoming public events (the sitemap lists their pages). */
    async slugsWithEvents(limit: number): Promise<string[]> {
      const cities = await citiesWithPublicEvents(db, limit);
      return [...new Set(cities.map((c) => citySlug(c.city, c.country)))];
    },
  };

  /** The city `name`-`country`'s answer, read and presented (one database round trip). */
  async function read(name: string, country: string): Promise<NearCityResponse | undefined> {
    const data = await readCityPage(db, name, country);
    if (!data) return undefined;
    const { city } = data;
    const km = new Map(data.events.map((e) => [e.id, e.distanceKm]));
    const local = (await deps.presentPublic(data.events)).map((e) => ({
      ...e,
      distanceKm: round1(km.get(e.id) ?? 0),
    }));
    // Remote events join by date (the local list's order), the page keeping its length.
    const source = deps.remote?.();
    const others = source
      ? await source.near({
          near: { lat: city.lat, lon: city.lon },
          radiusKm: NEAR_CITY.radiusKm,
          sort: 'date',
          limit: NEAR_CITY.eventsMax,
        })
      : [];
    const events: PublicEventDto[] =
      others.length === 0
        ? local
        : [...local, ...others.map((o) => ({ ...o.dto, distanceKm: round1(o.distanceKm ?? 0) }))]
            .sort(
              (a, b) => a.startDate.localeCompare(b.startDate) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
            )
            .slice(0, NEAR_CITY.eventsMax);
    return {
      city: {
        slug: citySlug(city.name, city.country),
        name: city.name,
        country: city.country,
        lat: city.lat,
        lon: city.lon,
        timeZone: timeZoneAt(city.lat, city.lon),
      },
      radiusKm: NEAR_CITY.radiusKm,
      events,
      communities: data.communities.map((c) => ({
        ...deps.presentCommunity(c),
        place: presentPlace(c.place),
        distanceKm: round1(c.distanceKm),
      })),
    };
  }
}
