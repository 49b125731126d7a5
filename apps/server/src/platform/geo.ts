import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { places } from '../db/schema/index.ts';

/** Earth-distance SQL every module that searches near a point composes (migration 0029's indexes). */

type Point = { lat: number; lon: number };
/** A centre: a point given as numbers, or columns of a row the same query reads (a city page's city). */
export type Centre = { lat: number | SQL; lon: number | SQL };

/** The earth point of a coordinate pair, as the GiST indexes of migration 0029 store it. */
export const earthPoint = (lat: AnyColumn | SQL | number, lon: AnyColumn | SQL | number): SQL =>
  sql`ll_to_earth(${lat}, ${lon})`;

/** Great-circle distance in km between two earth points (earthdistance works in metres). */
export const distanceKm = (a: SQL, b: SQL): SQL<number> => sql<number>`(earth_distance(${a}, ${b}) / 1000.0)`;

/**
 * "Within `radiusKm` of `near`" for rows whose point is `point`: the cube test `earth_box @>` is
 * what the GiST index answers; it is a bounding cube, so the exact distance check follows.
 */
export function withinRadius(point: SQL, near: Centre, radiusKm: number | SQL): SQL {
  const centre = earthPoint(near.lat, near.lon);
  const metres = typeof radiusKm === 'number' ? sql`${radiusKm * 1000}` : sql`(${radiusKm} * 1000)`;
  return sql`(earth_box(${centre}, ${metres}) @> ${point} and earth_distance(${centre}, ${point}) <= ${metres})`;
}

/** "`placeId` is a place within `radiusKm` of `near`": the GiST index on places answers the subquery. */
export function placeWithin(placeId: AnyColumn, near: Point, radiusKm: number): SQL {
  return sql`${placeId} in (select ${places.id} from ${places} where ${withinRadius(earthPoint(places.lat, places.lon), near, radiusKm)})`;
}
