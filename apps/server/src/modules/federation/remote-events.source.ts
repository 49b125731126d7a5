import type { Place } from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { RemoteEventRow } from '../../db/schema/index.ts';
import type { RemoteEventDto, RemoteEventsSource } from '../places/nearby.service.ts';
import { type RemoteNearRow, remoteEventsNear } from './remote-events.repository.ts';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A remote event in the event shapes (decision 079): read-only (no answers, no abilities), its
 * organiser the remote actor, `origin` saying where it lives. Its place has no id of ours (the
 * remote event's own id stands in) and its point is given to 0.01° at most, the precision the
 * address rule lets anyone see; the origin's page has the rest.
 */
export function presentRemoteEvent(row: RemoteEventRow): RemoteEventDto {
  const location = [row.placeName, row.placeAddress, row.city].filter((p): p is string => !!p).join(', ');
  const place: Place | undefined =
    row.lat !== null && row.lon !== null
      ? {
          id: row.id,
          name: row.placeName ?? row.city ?? '',
          address: '',
          city: row.city ?? '',
          country: row.country ?? '',
          lat: round2(row.lat),
          lon: round2(row.lon),
          timeZone: row.timeZone ?? 'UTC',
          source: 'pin',
          createdAt: row.createdAt.toISOString(),
        }
      : undefined;
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    description: row.description,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    location,
    cost: 0,
    isFree: true,
    status: 'LIVE',
    visibility: 'PUBLIC',
    recurrence: 'NONE',
    tags: [],
    creatorId: row.actorUri,
    communityId: null,
    attendeeCount: row.participantCount ?? 0,
    maybeCount: 0,
    myRsvp: null,
    ...(row.timeZone ? { timeZone: row.timeZone } : {}),
    allDay: false,
    cancelled: row.status === 'CANCELLED',
    placeId: null,
    ...(place ? { place } : {}),
    online: row.online,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    capacity: row.capacity,
    creator: { id: row.actorUri, _id: row.actorUri },
    rsvps: [],
    origin: { actor: row.actorUri, instance: row.instance, url: row.url },
  };
}

/** The discovery side of remote events, handed to the places module (near lists, city pages). */
export function createRemoteEventsSource(deps: {
  db: Database;
  isBlocked: (host: string) => boolean;
}): RemoteEventsSource {
  const shown = (rows: RemoteNearRow[]) =>
    rows.filter((r) => !deps.isBlocked(r.instance) && !deps.isBlocked(new URL(r.actorUri).hostname));
  return {
    async near(query) {
      const rows = shown(await remoteEventsNear(deps.db, query));
      return rows.map((row) => ({
        id: row.id,
        startDate: row.startDate,
        distanceKm: row.distanceKm,
        dto: presentRemoteEvent(row),
      }));
    },
  };
}
