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
 * The typeahead's prefix index: every gazetteer city's lower-cased name, sorted, in one string
 * (with their offsets), the rest in typed arrays at the same position. A prefix is one binary
 * search to its first match, then a walk over the matches (3,789 for "ma") keeping the best
 * `limit`: no database round trip. Built once per process from the `gazetteer` table (the same
 * rows the reverse lookup and the city pages read); the figures are in docs/ARCHITECTURE.md.
 *
 * A handful of objects, not one string per name: 135,000 cities as three strings each were some
 * 400,000 objects that every full garbage collection had to mark again, which at 100 requests a
 * second held answers for 50–90 ms each time (decision 059).
 */
export function buildGazetteerIndex(
  rows: [id: number, name: string, country: string, population: number, lat: number, lon: number][],
): GazetteerIndex {
  const keyed = rows.map((r) => ({ key: r[1].toLowerCase(), row: r }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.row[0] - b.row[0]));
  const n = keyed.length;
  /** Where each key (and each name) starts in its string; entry n is the string's length. */
  const keyStart = new Int32Array(n + 1);
  const nameStart = new Int32Array(n + 1);
  const countryList: string[] = [];
  const countryIndex = new Map<string, number>();
  const countryOf = new Uint16Array(n);
  const ids = new Int32Array(n);
  const populations = new Int32Array(n);
  const lats = new Float64Array(n);
  const lons = new Float64Array(n);
  const keyParts: string[] = new Array(n);
  const nameParts: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const { key, row } = keyed[i]!; // i < n
    keyParts[i] = key;
    nameParts[i] = row[1];
    keyStart[i + 1] = (keyStart[i] as number) + key.length;
    nameStart[i + 1] = (nameStart[i] as number) + row[1].length;
    let country = countryIndex.get(row[2]);
    if (country === undefined) {
      country = countryList.push(row[2]) - 1;
      countryIndex.set(row[2], country);
    }
    countryOf[i] = country;
    ids[i] = row[0];
    populations[i] = row[3];
    lats[i] = row[4];
    lons[i] = row[5];
  }
  // Flattened now: a joined string is otherwise kept as a tree of its parts until first read.
  const keys = flat(keyParts.join(''));
  const names = flat(nameParts.join(''));

  /** Key i against `q`, as `<` compares strings (UTF-16 code units), without slicing it out. */
  function compare(i: number, q: string): number {
    const from = keyStart[i] as number;
    const length = (keyStart[i + 1] as number) - from;
    for (let j = 0; j < length && j < q.length; j++) {
      const d = keys.charCodeAt(from + j) - q.charCodeAt(j);
      if (d !== 0) return d;
    }
    return length - q.length;
  }

  /** The first position whose key is not below `q`. */
  function lowerBound(q: string): number {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(mid, q) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  const startsWith = (i: number, prefix: string) =>
    (keyStart[i + 1] as number) - (keyStart[i] as number) >= prefix.length &&
    keys.startsWith(prefix, keyStart[i] as number);

  const city = (i: number, distanceKm: number | null): GazetteerCity => ({
    id: ids[i] as number,
    name: names.slice(nameStart[i] as number, nameStart[i + 1] as number),
    country: countryList[countryOf[i] as number] as string,
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
      for (let i = lowerBound(prefix); i < n && startsWith(i, prefix); i++) {
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

/** One flat string (reading a character of a concatenation flattens it in place). */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

/** Reads the whole gazetteer (about 135,000 rows) into a prefix index. */
export async function loadGazetteerIndex(db: Executor): Promise<GazetteerIndex> {
  const result = await db.execute<Omit<GazetteerCity, 'distanceKm'>>(
    sql`select id, name, country, population, lat, lon from gazetteer`,
  );
  return buildGazetteerIndex(result.rows.map((r) => [r.id, r.name, r.country, r.population, r.lat, r.lon]));
}
