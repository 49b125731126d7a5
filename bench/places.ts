import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { PreparedStatement } from '../apps/server/src/db/prepared.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { cityPageStatement } from '../apps/server/src/modules/places/city-pages.repository.ts';
import { loadGazetteerIndex } from '../apps/server/src/modules/places/gazetteer.index.ts';
import { mapPoints, nearListStatement } from '../apps/server/src/modules/places/nearby.repository.ts';
import type { RunningServer } from '../apps/server/src/test/servers.ts';

/**
 * Part of `npm run bench -- data`: the 100,000 events and 10,000 communities the data
 * part seeded get places in the 500 most populous cities of the gazetteer (every continent). Then,
 * one request at a time (bar p99 ≤ 20 ms): `near=` 25 km around Berlin by date and by distance,
 * communities near, a city-sized map viewport, the city page's data; the gazetteer typeahead (bar
 * p99 ≤ 10 ms); EXPLAIN ANALYZE of the near queries and the map as the server sends them; the
 * gazetteer's size, and what its in-memory typeahead index costs in time and heap.
 */
export async function benchPlaces(o: {
  app: RunningServer;
  databaseUrl: string;
  probe: (label: string, url: string, bar?: number) => Promise<void>;
  report: (line: string) => void;
}) {
  const client = new pg.Client({ connectionString: o.databaseUrl });
  await client.connect();
  try {
    const began = Date.now();
    await client.query(`
      insert into places (id, name, address, city, country, lat, lon, time_zone, source, gazetteer_id)
      select gen_random_uuid(), name, '', name, country, lat, lon, 'UTC', 'gazetteer', id
      from gazetteer where feature_code <> 'PPLX' order by population desc limit 500
      on conflict do nothing`);
    const continents = await client.query<{ n: number }>(`
      select count(distinct case when lon < -30 then (case when lat >= 12 then 'NA' else 'SA' end)
        when lat < -10 and lon > 110 then 'OC' when lon < 60 and lat < 35 then 'AF'
        when lon < 60 then 'EU' else 'AS' end)::int as n from places`);
    // Every event and community a city, spread evenly; 1 event in 8 an ATTENDEES address.
    await client.query(`
      with p as (select id, row_number() over (order by id) - 1 as n from places),
           e as (select id, row_number() over (order by id) - 1 as n from events)
      update events set place_id = p.id, address_visibility = case when e.n % 8 = 0 then 'ATTENDEES' else 'PUBLIC' end
      from e join p on p.n = e.n % 500 where events.id = e.id`);
    await client.query(`
      with p as (select id, row_number() over (order by id) - 1 as n from places),
           c as (select id, row_number() over (order by id) - 1 as n from communities)
      update communities set place_id = p.id from c join p on p.n = c.n % 500 where communities.id = c.id`);
    await client.query('analyze places; analyze events; analyze communities');
    const counts = await client.query<{ events: number; communities: number; berlin: number }>(`
      select (select count(*)::int from events where place_id is not null) as events,
             (select count(*)::int from communities where place_id is not null) as communities,
             (select count(*)::int from events e join places p on p.id = e.place_id where p.name = 'Berlin') as berlin`);
    const c = counts.rows[0];
    o.report(
      `places: ${c?.events} events and ${c?.communities} communities over 500 cities on ${continents.rows[0]?.n} continents (${c?.berlin} events in Berlin), placed in ${((Date.now() - began) / 1000).toFixed(1)} s`,
    );

    const base = o.app.url;
    const near = 'near=52.52,13.405&radiusKm=25&limit=20';
    await o.probe('GET /api/events?near= (25 km, by date)', `${base}/api/events?${near}`);
    await o.probe('GET /api/events?near= (25 km, by distance)', `${base}/api/events?${near}&sort=distance`);
    await o.probe('GET /api/communities?near= (25 km)', `${base}/api/communities?${near}`);
    await o.probe(
      'GET /api/events/map (Berlin-sized viewport)',
      `${base}/api/events/map?bbox=13.09,52.34,13.76,52.68`,
    );
    await o.probe('GET /api/near/berlin-de (city page data)', `${base}/api/near/berlin-de`);
    await o.probe(
      'GET /api/places/search?q=ma (typeahead, 3,789 cities match)',
      `${base}/api/places/search?q=ma`,
      10,
    );
    await o.probe(
      'GET /api/places/search?q=ber&near= (typeahead, nearest first)',
      `${base}/api/places/search?q=ber&near=52.52,13.405`,
      10,
    );

    // The statements exactly as the server sends them: the near list's two prepared shapes and
    // the city page's (decision 049), filled in for Berlin and a signed-in viewer; the map's query
    // captured from the repository function.
    const pool = new pg.Pool({ connectionString: o.databaseUrl, max: 1 });
    const explain = async (label: string, text: string, params: unknown[]) => {
      const plan = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off) ${text}`,
        params,
      );
      o.report(`EXPLAIN ANALYZE ${label}:\n    ${plan.rows.map((r) => r['QUERY PLAN']).join('\n    ')}`);
    };
    const fill = (statement: PreparedStatement, values: Record<string, unknown>) =>
      statement.params.map((p) => ('placeholder' in p ? values[p.placeholder] : p.value));
    const viewer = await client.query<{ id: string }>('select id from users order by id limit 1');
    for (const sort of ['date', 'distance'] as const) {
      const { statement } = nearListStatement({ sort, after: false, online: false });
      await explain(
        `near= 25 km by ${sort} (one statement with its relations)`,
        statement.text,
        fill(statement, { viewer: viewer.rows[0]?.id, lat: 52.52, lon: 13.405, radiusKm: 25, limit: 21 }),
      );
    }
    const last: { query?: { sql: string; params: unknown[] } } = {};
    const db = drizzle(pool, {
      schema,
      logger: {
        logQuery: (sql, params) => {
          last.query = { sql, params };
        },
      },
    });
    await mapPoints(db, {
      viewerId: undefined,
      bbox: { west: 13.09, south: 52.34, east: 13.76, north: 52.68 },
      from: new Date(),
      to: undefined,
      limit: 501,
    });
    if (last.query) await explain('map (Berlin-sized viewport)', last.query.sql, last.query.params);
    const city = cityPageStatement.statement;
    await explain(
      'city page berlin-de (one statement)',
      city.text,
      fill(city, { name: 'berlin', country: 'DE' }),
    );
    await pool.end();

    const size = await client.query<{ rows: number; table: string; total: string }>(`
      select count(*)::int as rows, pg_size_pretty(pg_relation_size('gazetteer')) as table,
             pg_size_pretty(pg_total_relation_size('gazetteer')) as total from gazetteer`);
    const g = size.rows[0];
    // The typeahead's prefix index, built here as the server builds it once when it listens.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const indexPool = new pg.Pool({ connectionString: o.databaseUrl, max: 1 });
    const buildStart = performance.now();
    const index = await loadGazetteerIndex(drizzle(indexPool, { schema }));
    const buildMs = performance.now() - buildStart;
    await indexPool.end();
    gc();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    o.report(
      `gazetteer: ${g?.rows} cities, ${g?.table} table, ${g?.total} with its indexes, in PostgreSQL (filled once at the first migration, decision 039); the typeahead's in-memory prefix index of its ${index.size} names: built in ${buildMs.toFixed(0)} ms, ${heapMb.toFixed(1)} MB of heap kept`,
    );
  } finally {
    await client.end();
  }
}
