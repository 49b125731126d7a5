import { type EventDto, type LatLon, PLACE_LIMITS } from '@townsquare/contracts';
import type { Executor } from '../../db/client.ts';
import type { EventRow } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { isUuid } from '../users/users.repository.ts';
import { listEventsNear, type NearbyCursor } from './nearby.repository.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Keyset cursor for near lists: `d|<km>|<id>` (nearest first) or `t|<start>|<id>` (by date),
 * base64url. The exact distance travels, so the next page starts exactly after the last row.
 */
function encodeCursor(sort: 'date' | 'distance', row: EventRow & { distanceKm: number }): string {
  const key = sort === 'distance' ? `d|${row.distanceKm}` : `t|${row.startDate.toISOString()}`;
  return Buffer.from(`${key}|${row.id}`).toString('base64url');
}

function decodeCursor(sort: 'date' | 'distance', cursor: string | undefined): NearbyCursor | undefined {
  if (!cursor) return undefined;
  const [kind, key, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!id || !isUuid(id) || kind !== (sort === 'distance' ? 'd' : 't')) throw badRequest('Invalid cursor');
  if (kind === 'd') {
    const km = Number(key);
    if (key === '' || !Number.isFinite(km) || km < 0) throw badRequest('Invalid cursor');
    return { sort: 'distance', km, id };
  }
  const startDate = new Date(key ?? '');
  if (Number.isNaN(startDate.getTime())) throw badRequest('Invalid cursor');
  return { sort: 'date', startDate, id };
}

/**
 * `GET /api/events?near=`: a page of upcoming events within the radius, each with `distanceKm`
 * (one decimal), presented by the events module's own `present`.
 */
export async function listNear(
  db: Executor,
  viewerId: string,
  query: { near: LatLon; radiusKm?: number; sort?: string; cursor?: string; limit: number },
  present: (rows: EventRow[]) => Promise<EventDto[]>,
): Promise<{ events: EventDto[]; nextCursor: string | null }> {
  const sort = query.sort === 'distance' ? 'distance' : 'date';
  const rows = await listEventsNear(db, {
    viewerId,
    near: query.near,
    radiusKm: query.radiusKm ?? PLACE_LIMITS.radiusKmDefault,
    sort,
    after: decodeCursor(sort, query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const km = new Map(page.map((r) => [r.id, r.distanceKm]));
  const events = (await present(page)).map((e) => ({ ...e, distanceKm: round1(km.get(e.id) ?? 0) }));
  const last = page.at(-1);
  return { events, nextCursor: rows.length > query.limit && last ? encodeCursor(sort, last) : null };
}
