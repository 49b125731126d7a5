import type { Bbox, LatLon } from '@townsquare/contracts';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { fromJson, preparedQuery, rowJson } from '../../db/prepared.ts';
import { type EventRow, events, type PlaceRow, places } from '../../db/schema/index.ts';
import { type EventWithRelations, withRelations } from '../../platform/event-rows.ts';
import { type Centre, distanceKm, earthPoint, withinRadius } from '../../platform/geo.ts';
import { visibleTo } from '../access/events.ts';

export type NearbyCursor =
  | { sort: 'date'; startDate: Date; id: string }
  | { sort: 'distance'; km: number; id: string };

/**
 * An event's coordinates as everyone may see them (decision 044): an ATTENDEES event's rounded to
 * 0.01° (its city), so neither a map pin nor a distance gives its address away.
 */
const shownCoordinate = (column: typeof places.lat | typeof places.lon) =>
  sql<number>`(case when ${events.addressVisibility} = 'ATTENDEES' then round(${column}::numeric, 2)::float8 else ${column} end)`;
export const shownLat = shownCoordinate(places.lat);
export const shownLon = shownCoordinate(places.lon);

type NearQuery = {
  viewerId: string;
  near: LatLon;
  radiusKm: number;
  sort: 'date' | 'distance';
  after: NearbyCursor | undefined;
  limit: number;
  /** Online events without a place join the list (distance 0 in the order, no `distanceKm`). */
  includeOnline?: boolean;
};

const upcomingVisible = (viewerId: string | Placeholder | undefined) =>
  sql`${events.status} = 'LIVE' and ${events.endDate} >= now() and ${visibleTo(viewerId)}`;

/**
 * Upcoming live events the viewer may see (`visibleTo`, the one predicate) whose place lies within
 * `radiusKm` of `centre`: the radius test is the GiST index on places (`earth_box @>`); events are
 * reached from their places by `events_place_live`. `km` is the distance to the point everyone may
 * see (`shownLat`/`shownLon`). A query reads them `from places join events`.
 */
function near(o: { viewerId: string | Placeholder | undefined; centre: Centre; radiusKm: number | SQL }) {
  const km = distanceKm(earthPoint(shownLat, shownLon), earthPoint(o.centre.lat, o.centre.lon));
  const where = sql`${withinRadius(earthPoint(places.lat, places.lon), o.centre, o.radiusKm)} and ${km} <= ${o.radiusKm}
        and ${upcomingVisible(o.viewerId)}`;
  return { km, where };
}

/** One shape of the near list; each is prepared once per connection under its own name. */
type NearShape = { sort: 'date' | 'distance'; after: boolean; online: boolean };

const viewer = sql.placeholder('viewer');
const limit = sql.placeholder('limit');
const centre = { lat: sql`${sql.placeholder('lat')}::float8`, lon: sql`${sql.placeholder('lon')}::float8` };
const radius = sql`${sql.placeholder('radiusKm')}::float8`;
const afterId = sql`${sql.placeholder('afterId')}::uuid`;

/**
 * The near list of one shape in one statement (decision 014): the page of events within the
 * radius, by date or nearest first after the cursor, each with its distance and its place
 * (`rowJson`); with `online`, the online events without a place merged in (distance 0 in the
 * order) as a second keyset stream of the same length; then `withRelations` (creators, answers,
 * friends going) over that page.
 */
function nearListQuery({ sort, after, online }: NearShape): SQL {
  const { km, where } = near({ viewerId: viewer, centre, radiusKm: radius });
  const stream = (key: SQL) => ({
    after: !after
      ? sql``
      : sort === 'distance'
        ? sql`and (${key}, ${events.id}) > (${sql.placeholder('afterKm')}::float8, ${afterId})`
        : sql`and (${events.startDate}, ${events.id}) > (${sql.placeholder('afterStart')}::timestamptz, ${afterId})`,
    order: sort === 'distance' ? sql`${key}, ${events.id}` : sql`${events.startDate}, ${events.id}`,
  });
  const placed = stream(km);
  let page = sql`select ${events}.*, ${km}::float8 as "distanceKm", ${rowJson(places, 'places')} as place
    from ${places} join ${events} on ${events.placeId} = ${places.id}
    where ${where} ${placed.after} order by ${placed.order} limit ${limit}`;
  if (online) {
    const unplaced = stream(sql`0::float8`);
    page = sql`select * from ((${page}) union all (
        select ${events}.*, null::float8 as "distanceKm", null::json as place from ${events}
        where ${events.online} and ${events.placeId} is null and ${upcomingVisible(viewer)} ${unplaced.after}
        order by ${unplaced.order} limit ${limit})) near
      order by ${sql.raw(sort === 'distance' ? 'coalesce("distanceKm", 0), id' : 'start_date, id')} limit ${limit}`;
  }
  return withRelations(
    page,
    sort === 'distance' ? 'coalesce(page."distanceKm", 0), page.id' : 'page.start_date, page.id',
    viewer,
    sql`page.place, page."distanceKm"`,
  );
}

type NearListRow = EventWithRelations & { distanceKm: number | null; place: Record<string, unknown> | null };
const nearStatements = new Map<string, ReturnType<typeof preparedQuery<NearListRow>>>();

/** The prepared statement of one near-list shape (the places benchmark explains it). */
export function nearListStatement(shape: NearShape) {
  const name = `events_near_${shape.sort}_${shape.after ? 'after' : 'first'}${shape.online ? '_online' : ''}`;
  let statement = nearStatements.get(name);
  if (!statement) {
    statement = preparedQuery<NearListRow>(name, nearListQuery(shape));
    nearStatements.set(name, statement);
  }
  return statement;
}

/** A near list's event: read with its relations, its place (none for an online event) and distance. */
export type NearEvent = EventWithRelations & { distanceKm: number | null; place: PlaceRow | null };

/**
 * Upcoming live events the viewer may see within `radiusKm` of `near` (see `near`), by date or
 * nearest first, keyset-paged, with their relations and places: one round trip. An online event
 * with a place is here like any other; with `includeOnline`, those without one join the list.
 */
export async function listEventsNear(db: Database, o: NearQuery): Promise<NearEvent[]> {
  const rows = await nearListStatement({
    sort: o.sort,
    after: o.after !== undefined,
    online: !!o.includeOnline,
  })(db, {
    viewer: o.viewerId,
    lat: o.near.lat,
    lon: o.near.lon,
    radiusKm: o.radiusKm,
    limit: o.limit,
    afterKm: o.after?.sort === 'distance' ? o.after.km : undefined,
    afterStart: o.after?.sort === 'date' ? o.after.startDate.toISOString() : undefined,
    afterId: o.after?.id,
  });
  return rows.map((r) => ({ ...r, place: r.place ? fromJson<PlaceRow>(places, r.place) : null }));
}

/**
 * The first `limit` upcoming events anyone may see (the signed-out viewer of `visibleTo`) within
 * `radiusKm` of `centre`, soonest first, as a selection for `withRelations`: each row is the
 * event with its `"distanceKm"` and its `place` (`rowJson`), for queries that nest the list (city
 * pages, whose centre is the city row the same query reads).
 */
export function publicEventsNear(centre: Centre, radiusKm: number, limit: number): SQL {
  const { km, where } = near({ viewerId: undefined, centre, radiusKm });
  return sql`select ${events}.*, ${km}::float8 as "distanceKm", ${rowJson(places, 'places')} as place
    from ${places} join ${events} on ${events.placeId} = ${places.id}
    where ${where} order by ${events.startDate}, ${events.id} limit ${limit}`;
}

/** Places inside a map viewport; west > east is a box across the antimeridian. */
function inBbox(b: Bbox): SQL {
  const lon =
    b.west < b.east
      ? sql`${places.lon} between ${b.west} and ${b.east}`
      : sql`(${places.lon} >= ${b.west} or ${places.lon} <= ${b.east})`;
  return sql`${places.lat} between ${b.south} and ${b.north} and ${lon}`;
}

type MapFilter = { viewerId: string | undefined; bbox: Bbox; from: Date; to: Date | undefined };

function mapWhere(o: MapFilter): SQL {
  return sql`${inBbox(o.bbox)}
    and ${events.status} = 'LIVE' and ${events.endDate} >= ${o.from.toISOString()}::timestamptz
    ${o.to ? sql`and ${events.startDate} <= ${o.to.toISOString()}::timestamptz` : sql``}
    and ${visibleTo(o.viewerId)}`;
}

/** Events the viewer may see in a map viewport, soonest first, at most `limit`. */
export async function mapPoints(db: Executor, o: MapFilter & { limit: number }) {
  return db
    .select({
      id: events.id,
      title: events.title,
      startDate: events.startDate,
      lat: shownLat,
      lon: shownLon,
    })
    .from(places)
    .innerJoin(events, sql`${events.placeId} = ${places.id}`)
    .where(mapWhere(o))
    .orderBy(events.startDate, events.id)
    .limit(o.limit);
}

/** The same events counted in a grid of `cellDegrees` cells, at each cell's mean position. */
export async function mapClusters(db: Executor, o: MapFilter & { cellDegrees: number }) {
  const row = sql`floor(${places.lat} / ${o.cellDegrees})`;
  const col = sql`floor(${places.lon} / ${o.cellDegrees})`;
  return db
    .select({
      lat: sql<number>`avg(${shownLat})::float8`,
      lon: sql<number>`avg(${shownLon})::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(places)
    .innerJoin(events, sql`${events.placeId} = ${places.id}`)
    .where(mapWhere(o))
    .groupBy(row, col);
}

/** The cities (name, country) of places with upcoming events anyone may see, for the sitemap. */
export async function citiesWithPublicEvents(
  db: Executor,
  limit: number,
): Promise<{ city: string; country: string }[]> {
  return db
    .selectDistinct({ city: places.city, country: places.country })
    .from(places)
    .where(
      sql`${places.city} <> '' and exists (select 1 from ${events} where ${events.placeId} = ${places.id}
        and ${upcomingVisible(undefined)})`,
    )
    .orderBy(places.country, places.city)
    .limit(limit);
}

/** Someone who asked for nearby alerts, with their home city and what the next digest covers. */
export type NearbySubscriber = {
  id: string;
  radiusKm: number;
  lat: number;
  lon: number;
  city: string;
  country: string;
  /** Events created after this are new to them: since the last digest, or a week back for a first. */
  since: Date;
};

/**
 * People with nearby alerts on and a home city whose last digest is a week old (or who never had
 * one), in id order after `afterId`: at most one digest a week each.
 */
export async function dueForNearbyDigest(
  db: Executor,
  now: Date,
  afterId: string | null,
  limit: number,
): Promise<NearbySubscriber[]> {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const result = await db.execute<NearbySubscriber>(sql`
    select u.id, u.nearby_radius_km as "radiusKm", p.lat, p.lon, p.city, p.country,
      coalesce(u.nearby_digest_at, ${weekAgo}::timestamptz) as since
    from users u join ${places} p on p.id = u.home_place_id
    where u.nearby_radius_km is not null and u.home_place_id is not null
      and (u.nearby_digest_at is null or u.nearby_digest_at <= ${weekAgo}::timestamptz)
      and (u.suspended_at is null or u.suspended_until < now())
      ${afterId ? sql`and u.id > ${afterId}::uuid` : sql``}
    order by u.id limit ${limit}`);
  return result.rows.map((r) => ({ ...r, since: new Date(r.since) }));
}

/**
 * Upcoming live events created since `since` within the person's radius of home that they may
 * see (`visibleTo`), never their own, soonest first: at most `limit`.
 */
export async function newEventsNear(
  db: Executor,
  who: NearbySubscriber,
  limit: number,
): Promise<Pick<EventRow, 'id' | 'title' | 'startDate' | 'timeZone'>[]> {
  return db
    .select({ id: events.id, title: events.title, startDate: events.startDate, timeZone: events.timeZone })
    .from(places)
    .innerJoin(events, sql`${events.placeId} = ${places.id}`)
    .where(
      sql`${withinRadius(earthPoint(places.lat, places.lon), who, who.radiusKm)}
        and ${events.createdAt} > ${who.since.toISOString()}::timestamptz and ${events.creatorId} <> ${who.id}
        and ${upcomingVisible(who.id)}`,
    )
    .orderBy(events.startDate, events.id)
    .limit(limit);
}

export async function markNearbyDigestSent(db: Executor, userId: string, at: Date): Promise<void> {
  await db.execute(
    sql`update users set nearby_digest_at = ${at.toISOString()}::timestamptz where id = ${userId}`,
  );
}
