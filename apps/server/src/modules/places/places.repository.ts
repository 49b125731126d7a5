import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { rowById } from '../../db/rows.ts';
import { type PlaceRow, placeOwners, places } from '../../db/schema/index.ts';
import { distanceKm, earthPoint } from '../../platform/geo.ts';
import { readableBy } from '../access/places.ts';

export type GazetteerCity = {
  id: number;
  name: string;
  country: string;
  population: number;
  lat: number;
  lon: number;
  distanceKm: number | null;
};
type Point = { lat: number; lon: number };
/** `%`, `_` and `\` typed by the user are literal characters, not wildcards. */
const prefixPattern = (q: string) => `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The nearest gazetteer city to a point (K-nearest-neighbour on the GiST index); a city's
 * sections (PPLX: Hansaviertel, Kreuzberg) do not count, so a pin in Berlin is in Berlin.
 */
export async function nearestCity(db: Executor, at: Point): Promise<GazetteerCity | undefined> {
  const centre = earthPoint(at.lat, at.lon);
  const result = await db.execute<GazetteerCity>(sql`
    select id, name, country, population, lat, lon, ${distanceKm(earthPoint(sql`lat`, sql`lon`), centre)}::float8 as "distanceKm"
    from gazetteer
    where feature_code <> 'PPLX'
    order by ll_to_earth(lat, lon) <-> ${centre}
    limit 1`);
  return result.rows[0];
}

export async function findGazetteerCity(db: Executor, id: number): Promise<GazetteerCity | undefined> {
  const result = await db.execute<GazetteerCity>(
    sql`select id, name, country, population, lat, lon, null::float8 as "distanceKm" from gazetteer where id = ${id}`,
  );
  return result.rows[0];
}

/** Saved places `viewerId` may read whose name starts with `q`, nearest first when `near` is given. */
export async function searchPlaces(
  db: Executor,
  viewerId: string | undefined,
  q: string,
  near: Point | undefined,
  limit: number,
): Promise<(PlaceRow & { distanceKm: number | null })[]> {
  const distance = near
    ? distanceKm(earthPoint(places.lat, places.lon), earthPoint(near.lat, near.lon))
    : sql`null`;
  return db
    .select({ place: places, distanceKm: sql<number | null>`${distance}::float8` })
    .from(places)
    .where(sql`lower(${places.name}) like ${prefixPattern(q)} and ${readableBy(viewerId)}`)
    .orderBy(near ? sql`2 asc` : sql`${places.createdAt} asc`)
    .limit(limit)
    .then((rows) => rows.map((r) => ({ ...r.place, distanceKm: r.distanceKm })));
}

export async function findPlace(db: Executor, id: string): Promise<PlaceRow | undefined> {
  return rowById(db, places, id);
}

/** Records that `userId` saved the pin `placeId` (decision 062); saving it again changes nothing. */
export async function addOwner(db: Executor, placeId: string, userId: string): Promise<boolean> {
  const added = await db
    .insert(placeOwners)
    .values({ placeId, userId })
    .onConflictDoNothing()
    .returning({ placeId: placeOwners.placeId });
  return added.length > 0;
}

export async function removeOwner(db: Executor, placeId: string, userId: string): Promise<void> {
  await db.delete(placeOwners).where(and(eq(placeOwners.placeId, placeId), eq(placeOwners.userId, userId)));
}

export async function findPlacesByIds(db: Executor, ids: string[]): Promise<Map<string, PlaceRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(places)
    .where(sql`${places.id} = any(${sql.param(ids)}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r]));
}

export type NewPlace = Omit<PlaceRow, 'id' | 'createdAt'>;

/**
 * Inserts a place, or returns the one already saved for the same city (gazetteer id) or the same
 * pin (name, address and point): places are shared. `created` says which.
 */
export async function upsertPlace(
  db: Executor,
  values: NewPlace,
): Promise<{ place: PlaceRow; created: boolean }> {
  const [inserted] = await db
    .insert(places)
    .values({ id: uuidv7(), ...values })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { place: inserted, created: true };
  const existing = await db.execute<{ id: string }>(
    values.gazetteerId !== null
      ? sql`select id from places where gazetteer_id = ${values.gazetteerId}`
      : sql`select id from places where gazetteer_id is null and lower(name) = lower(${values.name})
              and address = ${values.address} and lat = ${values.lat} and lon = ${values.lon}`,
  );
  const id = existing.rows[0]?.id;
  const place = id ? await findPlace(db, id) : undefined;
  // The conflict that made the insert do nothing is exactly one of the two lookups above.
  if (!place) throw new Error('place conflict without a matching place');
  return { place, created: false };
}

/** The places `ids`, each with its distance in km from `near`: one query. */
export async function placesWithDistance(
  db: Executor,
  near: Point,
  ids: string[],
): Promise<Map<string, { place: PlaceRow; km: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      place: places,
      km: sql<number>`${distanceKm(earthPoint(places.lat, places.lon), earthPoint(near.lat, near.lon))}::float8`,
    })
    .from(places)
    .where(sql`${places.id} = any(${sql.param(ids)}::uuid[])`);
  return new Map(rows.map((r) => [r.place.id, r]));
}

/** The slug expression of migration 0033's `gazetteer_slug` index (contracts' `citySlug`, without the country). */
const nameSlug = sql.raw(
  `trim(both '-' from regexp_replace(regexp_replace(normalize(lower(name), NFD), '[\\u0300-\\u036f]', '', 'g'), '[^a-z0-9]+', '-', 'g'))`,
);

/**
 * The most populous city (not a city's section) with the name slug `name` in `country` (both
 * values or placeholders): at most one row of `GazetteerCity` columns, read through `gazetteer_slug`.
 */
export function cityBySlug(name: Placeholder | string, country: Placeholder | string): SQL {
  return sql`select id, name, country, population, lat, lon, null::float8 as "distanceKm" from gazetteer
    where ${nameSlug} = ${name} and country = ${country} and feature_code <> 'PPLX'
    order by population desc limit 1`;
}
