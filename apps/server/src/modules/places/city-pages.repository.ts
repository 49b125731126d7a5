import { NEAR_CITY } from '@townsquare/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { columnsOf, fromJson, preparedQuery, rowJson } from '../../db/prepared.ts';
import { type CommunityRow, communities, events, type PlaceRow, places } from '../../db/schema/index.ts';
import { type EventWithRelations, withRelations } from '../../platform/event-rows.ts';
import { type Centre, distanceKm, earthPoint, withinRadius } from '../../platform/geo.ts';
import { publicEventsNear } from './nearby.repository.ts';
import { cityBySlug, type GazetteerCity } from './places.repository.ts';

type Json = Record<string, unknown>;
type Placed = { place: PlaceRow; distanceKm: number };

/**
 * Discovery near a point for a signed-out visitor (`discover` with only `near`): communities whose
 * place lies within `radiusKm` of `centre`, biggest first, each with its `place` (`rowJson`) and
 * `"distanceKm"` to it, as a selection for queries that nest the list (city pages, whose centre is
 * the city row the same query reads). Communities are public knowledge, so no rule applies.
 */
function publicCommunitiesNear(centre: Centre, radiusKm: number, limit: number): SQL {
  const point = earthPoint(places.lat, places.lon);
  return sql`select ${columnsOf(communities, 'communities')}, ${rowJson(places, 'places')} as place,
      ${distanceKm(point, earthPoint(centre.lat, centre.lon))}::float8 as "distanceKm"
    from ${communities} join ${places} on ${places.id} = ${communities.placeId}
    where ${withinRadius(point, centre, radiusKm)}
    order by ${communities.memberCount} desc, ${communities.id} desc limit ${limit}`;
}

export type CityPageEvent = EventWithRelations & Placed;
export type CityPageCommunity = CommunityRow & Placed;
export type CityPageData = {
  city: GazetteerCity;
  events: CityPageEvent[];
  communities: CityPageCommunity[];
};

/** The centre of both lists: the city row the statement reads first. */
const city = { lat: sql`city.lat`, lon: sql`city.lon` };

/**
 * A city page's data in one round trip (decision 049): the city by its slug, its first upcoming
 * public events within NEAR_CITY.radiusKm with their creators, answers and places (the near list's
 * query and `withRelations`, as a signed-out visitor sees them), and its communities within the
 * same radius with their places. The lists come back as JSON (one row, three columns); no row when
 * no city has the slug. A prepared statement: PostgreSQL plans it once per connection.
 */
export const cityPageStatement = preparedQuery<{ city: GazetteerCity; events: Json[]; communities: Json[] }>(
  'city_page',
  sql`with city as materialized (${cityBySlug(sql.placeholder('name'), sql.placeholder('country'))})
  select to_json(city) as city,
    (select coalesce(json_agg(e order by e."startDate", e.id), '[]') from (${withRelations(
      publicEventsNear(city, NEAR_CITY.radiusKm, NEAR_CITY.eventsMax),
      'page.start_date, page.id',
      undefined,
      sql`page.place, page."distanceKm"`,
    )}) e) as events,
    (select coalesce(json_agg(c order by c."memberCount" desc, c.id desc), '[]')
      from (${publicCommunitiesNear(city, NEAR_CITY.radiusKm, NEAR_CITY.communitiesMax)}) c) as communities
  from city`,
);

/** Rows read back from JSON: timestamps as Dates again, the place as a place row. */
const placed = <Row>(table: typeof events | typeof communities, json: Json): Row & Placed => ({
  ...fromJson<Row>(table, json),
  place: fromJson<PlaceRow>(places, json.place as Json),
  distanceKm: json.distanceKm as number,
});

/** The city page of the city `name` (a slug without the country) in `country`, or undefined. */
export async function readCityPage(
  db: Database,
  name: string,
  country: string,
): Promise<CityPageData | undefined> {
  const [row] = await cityPageStatement(db, { name, country });
  if (!row) return undefined;
  return {
    city: row.city,
    events: row.events.map((e) => placed<EventWithRelations>(events, e)),
    communities: row.communities.map((c) => placed<CommunityRow>(communities, c)),
  };
}
