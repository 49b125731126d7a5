import {
  type Bbox,
  type EventDto,
  type EventMapResponse,
  type LatLon,
  MSG,
  PLACE_LIMITS,
  PLACE_MSG,
} from '@townsquare/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  listEventsNear,
  mapClusters,
  mapPoints,
  type NearbyCursor,
  type NearEvent,
} from './nearby.repository.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Keyset cursor for near lists: `d|<km>|<id>` (nearest first) or `t|<start>|<id>` (by date),
 * base64url. The exact distance travels, so the next page starts exactly after the last row.
 */
function encodeCursor(sort: 'date' | 'distance', row: NearEvent): string {
  const key = sort === 'distance' ? `d|${row.distanceKm ?? 0}` : `t|${row.startDate.toISOString()}`;
  return Buffer.from(`${key}|${row.id}`).toString('base64url');
}

function decodeCursor(sort: 'date' | 'distance', cursor: string | undefined): NearbyCursor | undefined {
  if (!cursor) return undefined;
  const [kind, key, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!id || !isUuid(id) || kind !== (sort === 'distance' ? 'd' : 't')) throw badRequest(MSG.cursorInvalid);
  if (kind === 'd') {
    const km = Number(key);
    if (key === '' || !Number.isFinite(km) || km < 0) throw badRequest(MSG.cursorInvalid);
    return { sort: 'distance', km, id };
  }
  const startDate = new Date(key ?? '');
  if (Number.isNaN(startDate.getTime())) throw badRequest(MSG.cursorInvalid);
  return { sort: 'date', startDate, id };
}

/**
 * `GET /api/events?near=`: a page of upcoming events within the radius, each with `distanceKm`
 * (one decimal), presented by the events module (`present`: rows already read with their
 * relations and places). With `includeOnline`, online events join the list (distance 0 in the
 * order, no `distanceKm`). One statement per page (`listEventsNear`).
 */
export async function listNear(
  db: Database,
  viewerId: string,
  query: {
    near: LatLon;
    radiusKm?: number;
    sort?: string;
    cursor?: string;
    limit: number;
    includeOnline?: boolean;
  },
  present: (rows: NearEvent[]) => Promise<EventDto[]>,
): Promise<{ events: EventDto[]; nextCursor: string | null }> {
  const sort = query.sort === 'distance' ? 'distance' : 'date';
  const rows = await listEventsNear(db, {
    viewerId,
    near: query.near,
    radiusKm: query.radiusKm ?? PLACE_LIMITS.radiusKmDefault,
    sort,
    after: decodeCursor(sort, query.cursor),
    limit: query.limit + 1,
    includeOnline: query.includeOnline,
  });
  const page = rows.slice(0, query.limit);
  const km = new Map(page.map((r) => [r.id, r.distanceKm]));
  const events = (await present(page)).map((e) => {
    const d = km.get(e.id);
    return d === null || d === undefined ? e : { ...e, distanceKm: round1(d) };
  });
  const last = page.at(-1);
  return { events, nextCursor: rows.length > query.limit && last ? encodeCursor(sort, last) : null };
}

/** Clusters are a grid of about this many cells across the viewport. */
const CLUSTER_COLUMNS = 16;

/**
 * `GET /api/events/map`: the visible upcoming events in a viewport as points, or, above 500,
 * as clusters (count and mean position per grid cell) so the answer stays small.
 */
export async function eventMap(
  db: Executor,
  viewerId: string | undefined,
  query: { bbox: Bbox; from?: Date; to?: Date },
): Promise<EventMapResponse> {
  if (query.from && query.to && query.from > query.to) throw badRequest(PLACE_MSG.fromAfterTo);
  const filter = { viewerId, bbox: query.bbox, from: query.from ?? new Date(), to: query.to };
  const points = await mapPoints(db, { ...filter, limit: PLACE_LIMITS.mapPointsMax + 1 });
  if (points.length <= PLACE_LIMITS.mapPointsMax) {
    return { points: points.map((p) => ({ ...p, startDate: p.startDate.toISOString() })) };
  }
  const { west, east, south, north } = query.bbox;
  const width = west < east ? east - west : east - west + 360;
  const cellDegrees = Math.max(width, north - south) / CLUSTER_COLUMNS;
  return { clusters: await mapClusters(db, { ...filter, cellDegrees }) };
}
