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

/** A remote event in the event shapes: no answers (`rsvps` empty), so it fits the public form too. */
export type RemoteEventDto = Omit<EventDto, 'rsvps'> & { rsvps: never[] };

/**
 * Events other servers published and this instance follows (decision 079), given by the
 * federation module when it runs: upcoming ones within the radius, in the near list's order after
 * its cursor, so that a page merges them with the local ones under one keyset.
 */
export type RemoteEventsSource = {
  near(query: {
    near: LatLon;
    radiusKm: number;
    sort: 'date' | 'distance';
    after?: NearbyCursor;
    limit: number;
    includeOnline?: boolean;
  }): Promise<{ id: string; startDate: Date; distanceKm: number | null; dto: RemoteEventDto }[]>;
};

type Keyed = { id: string; startDate: Date; distanceKm: number | null };

/** The near list's order: (distance, id) or (start, id), as the cursor encodes it. */
function before(sort: 'date' | 'distance', a: Keyed, b: Keyed): number {
  const ka = sort === 'distance' ? (a.distanceKm ?? 0) : a.startDate.getTime();
  const kb = sort === 'distance' ? (b.distanceKm ?? 0) : b.startDate.getTime();
  return ka !== kb ? ka - kb : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Keyset cursor for near lists: `d|<km>|<id>` (nearest first) or `t|<start>|<id>` (by date),
 * base64url. The exact distance travels, so the next page starts exactly after the last row.
 */
function encodeCursor(sort: 'date' | 'distance', row: Keyed): string {
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
  remote?: RemoteEventsSource,
): Promise<{ events: EventDto[]; nextCursor: string | null }> {
  const sort = query.sort === 'distance' ? 'distance' : 'date';
  const after = decodeCursor(sort, query.cursor);
  const radiusKm = query.radiusKm ?? PLACE_LIMITS.radiusKmDefault;
  const [rows, others] = await Promise.all([
    listEventsNear(db, {
      viewerId,
      near: query.near,
      radiusKm,
      sort,
      after,
      limit: query.limit + 1,
      includeOnline: query.includeOnline,
    }),
    remote
      ? remote.near({
          near: query.near,
          radiusKm,
          sort,
          after,
          limit: query.limit + 1,
          includeOnline: query.includeOnline,
        })
      : Promise.resolve([]),
  ]);
  // Both streams are in the same order after the same cursor: merged, their first `limit` are the page.
  const merged: ({ local: NearEvent } | { remote: (typeof others)[number] })[] = [
    ...rows.map((r) => ({ local: r })),
    ...others.map((r) => ({ remote: r })),
  ].sort((a, b) => before(sort, 'local' in a ? a.local : a.remote, 'local' in b ? b.local : b.remote));
  const page = merged.slice(0, query.limit);
  const locals = page.flatMap((p) => ('local' in p ? [p.local] : []));
  const km = new Map(
    page.map((p) => ('local' in p ? [p.local.id, p.local.distanceKm] : [p.remote.id, p.remote.distanceKm])),
  );
  const presented = new Map((await present(locals)).map((e) => [e.id, e]));
  const events = page.flatMap((p) => {
    const e: EventDto | undefined = 'local' in p ? presented.get(p.local.id) : p.remote.dto;
    if (!e) return [];
    const d = km.get(e.id);
    return [d === null || d === undefined ? e : { ...e, distanceKm: round1(d) }];
  });
  const lastItem = page.at(-1);
  const last = lastItem && ('local' in lastItem ? lastItem.local : lastItem.remote);
  return { events, nextCursor: merged.length > query.limit && last ? encodeCursor(sort, last) : null };
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
