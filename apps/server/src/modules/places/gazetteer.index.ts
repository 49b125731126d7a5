import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { GazetteerCity } from './places.repository.ts';

type Point = { lat: number; lon: number };

/** The sphere of earthdistance's `earth()` (metres), so both distances agree to the metre. */
const EARTH_RADIUS_KM = 6378.168;
const RAD = Math.PI / 180;

/** Great-circle distance in km (haversine on earthdistance's sphere). */
export function greatCircleKm(a: Point, b: Point): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type GazetteerIndex = {
  /** Cities whose lower-cased name starts with `q`: most populous first, or nearest first with `near`. */
  search(q: string, near: Point | undefined, limit: number): GazetteerCity[];
  size: number;
};

/**
 * The typeahead's prefix index: every gazetteer city's lower-cased name in one sorted array,
 * the rest in typed arrays at the same position. A prefix is one binary search to its first
 * match, then a walk over the matches (3,789 for "ma") keeping the best `limit`: no database
 * round trip. Built once per process from the `gazetteer` table (the same rows the reverse
 * lookup and the city pages read); the figures are in docs/ARCHITECTURE.md.
 */
export function buildGazetteerIndex(
  rows: [id: number, name: string, country: string, population: number, lat: number, lon: number][],
): GazetteerIndex {
  const keyed = rows.map((r) => ({ key: r[1].toLowerCase(), row: r }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.row[0] - b.row[0]));
  const n = keyed.length;
  const keys: string[] = new Array(n);
  const names: string[] = new Array(n);
  const countries: string[] = new Array(n);
  const ids = new Int32Array(n);
  const populations = new Int32Array(n);
  const lats = new Float64Array(n);
  const lons = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const { key, row } = keyed[i]!; // i < n
    keys[i] = key;
    names[i] = row[1] === key ? key : row[1];
    countries[i] = row[2];
    ids[i] = row[0];
    populations[i] = row[3];
    lats[i] = row[4];
    lons[i] = row[5];
  }

  /** The first position whose key is not below `q`. */
  function lowerBound(q: string): number {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] as string) < q) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  const city = (i: number, distanceKm: number | null): GazetteerCity => ({
    id: ids[i] as number,
    name: names[i] as string,
    country: countries[i] as string,
    population: populations[i] as number,
    lat: lats[i] as number,
    lon: lons[i] as number,
    distanceKm,
  });

  return {
    size: n,
    search(q, near, limit) {
      const prefix = q.toLowerCase();
      // Ranking: a flat-earth distance (longitude scaled by latitude, wrapped at the antimeridian)
      // when `near` is given, then population (descending), then id; only the page gets the
      // exact distance.
      const scale = near ? Math.cos(near.lat * RAD) : 0;
      const rank = (i: number) => {
        if (!near) return 0;
        const dLon = Math.abs((lons[i] as number) - near.lon);
        return ((lats[i] as number) - near.lat) ** 2 + (scale * Math.min(dLon, 360 - dLon)) ** 2;
      };
      const before = (a: number, ra: number, b: number, rb: number) =>
        ra !== rb
          ? ra < rb
          : populations[a] !== populations[b]
            ? (populations[a] as number) > (populations[b] as number)
            : (ids[a] as number) < (ids[b] as number);
      // The best `limit` matches so far, best first (limit ≤ 20: insertion is the cheapest sort).
      const best: number[] = [];
      const ranks: number[] = [];
      for (let i = lowerBound(prefix); i < n && (keys[i] as string).startsWith(prefix); i++) {
        const r = rank(i);
        let at = best.length;
        while (at > 0 && before(i, r, best[at - 1] as number, ranks[at - 1] as number)) at--;
        if (at >= limit) continue;
        best.splice(at, 0, i);
        ranks.splice(at, 0, r);
        if (best.length > limit) {
          best.pop();
          ranks.pop();
        }
      }
      const found = best.map((i) =>
        city(i, near ? greatCircleKm(near, { lat: lats[i] as number, lon: lons[i] as number }) : null),
      );
      if (near)
        found.sort(
          (a, b) =>
            (a.distanceKm as number) - (b.distanceKm as number) || b.population - a.population || a.id - b.id,
        );
      return found;
    },
  };
}

/** Reads the whole gazetteer (about 135,000 rows) into a prefix index. */
export async function loadGazetteerIndex(db: Executor): Promise<GazetteerIndex> {
  const result = await db.execute<Omit<GazetteerCity, 'distanceKm'>>(
    sql`select id, name, country, population, lat, lon from gazetteer`,
  );
  return buildGazetteerIndex(result.rows.map((r) => [r.id, r.name, r.country, r.population, r.lat, r.lon]));
}
