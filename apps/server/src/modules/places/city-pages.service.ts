import {
  type Community,
  citySlug,
  type LatLon,
  NEAR_CITY,
  type NearCityResponse,
  type PublicEventDto,
} from '@townsquare/contracts';
import type { Executor } from '../../db/client.ts';
import type { EventRow } from '../../db/schema/index.ts';
import { citiesWithPublicEvents, listEventsNear } from './nearby.repository.ts';
import { findCityBySlug } from './places.repository.ts';
import { timeZoneAt } from './places.service.ts';

export type CityPagesDeps = {
  db: Executor;
  /** The events module's public form for a signed-out visitor (the address rule applied). */
  presentPublic: (rows: EventRow[]) => Promise<PublicEventDto[]>;
  /** The communities module's near list as a signed-out visitor sees it. */
  communitiesNear: (near: LatLon, radiusKm: number, limit: number) => Promise<Community[]>;
};

export type CityPages = ReturnType<typeof createCityPages>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * City pages (`/near/:city`, `GET /api/near/:city`): a gazetteer city by its slug (the most
 * populous when two share one), its upcoming public events and its communities within 25 km,
 * all as a signed-out visitor sees them, whoever asks (one answer for crawlers and people).
 */
export function createCityPages(deps: CityPagesDeps) {
  const { db } = deps;
  return {
    async find(slug: string): Promise<NearCityResponse | undefined> {
      const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([a-z]{2})$/.exec(slug);
      if (!m?.[1] || !m[2]) return undefined;
      const city = await findCityBySlug(db, m[1], m[2].toUpperCase());
      if (!city) return undefined;
      const near = { lat: city.lat, lon: city.lon };
      // The events are presented while the communities are read: the page waits for the longer
      // of the two chains of round trips, not for both.
      const [events, communities] = await Promise.all([
        listEventsNear(db, {
          viewerId: undefined,
          near,
          radiusKm: NEAR_CITY.radiusKm,
          sort: 'date',
          after: undefined,
          limit: NEAR_CITY.eventsMax,
        }).then(async (rows) => {
          const km = new Map(rows.map((r) => [r.id, r.distanceKm]));
          return (await deps.presentPublic(rows)).map((e) => ({
            ...e,
            distanceKm: round1(km.get(e.id) ?? 0),
          }));
        }),
        deps.communitiesNear(near, NEAR_CITY.radiusKm, NEAR_CITY.communitiesMax),
      ]);
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
        communities,
      };
    },

    /** Slugs of the cities with upcoming public events (the sitemap lists their pages). */
    async slugsWithEvents(limit: number): Promise<string[]> {
      const cities = await citiesWithPublicEvents(db, limit);
      return [...new Set(cities.map((c) => citySlug(c.city, c.country)))];
    },
  };
}
