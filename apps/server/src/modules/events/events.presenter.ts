import type { EventDto, EventStatus, PublicEventDto, RsvpStatus } from '@townsquare/contracts';
import type { EventRow } from '../../db/schema/index.ts';
import type { loadRelations } from './events.repository.ts';

type Relations = Awaited<ReturnType<typeof loadRelations>>;

/** Status as every read reports it: a published event whose end has passed is PAST. */
export function effectiveStatus(row: Pick<EventRow, 'status' | 'endDate'>, now = Date.now()): EventStatus {
  return row.status === 'LIVE' && row.endDate.getTime() < now ? 'PAST' : row.status;
}

function base(row: EventRow, relations: Relations, viewerId: string | undefined) {
  const creator = relations.creators.get(row.creatorId);
  const attendees = relations.attendees.filter((a) => a.eventId === row.id);
  const going = attendees.filter((a) => a.status === 'going');
  const mine = viewerId ? attendees.find((a) => a.userId === viewerId) : undefined;
  const host = row.communityId ? relations.hosts.get(row.communityId) : undefined;
  return {
    dto: {
      id: row.id,
      _id: row.id,
      title: row.title,
      description: row.description,
      startDate: row.startDate.toISOString(),
      endDate: row.endDate.toISOString(),
      location: row.location,
      cost: row.isFree ? 0 : Number(row.cost),
      isFree: row.isFree,
      status: effectiveStatus(row),
      visibility: row.visibility,
      recurrence: row.recurrence,
      tags: row.tags,
      ...(row.imageUrl ? { imageUrl: row.imageUrl } : {}),
      creatorId: row.creatorId,
      communityId: row.communityId,
      ...(host ? { community: { _id: host.id, ...host } } : {}),
      creator: {
        _id: row.creatorId,
        id: row.creatorId,
        ...(creator?.username ? { username: creator.username } : {}),
        ...(creator ? { fullName: creator.fullName, profileImage: creator.profileImage } : {}),
      },
      attendeeCount: going.length,
      maybeCount: attendees.filter((a) => a.status === 'maybe').length,
      myRsvp: (mine?.status ?? null) as RsvpStatus | null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    going,
  };
}

/** List and detail form: `rsvps` are the attendees going, with their real names. */
export function presentEvent(row: EventRow, relations: Relations, viewerId: string | undefined): EventDto {
  const { dto, going } = base(row, relations, viewerId);
  return {
    ...dto,
    rsvps: going.map((a) => ({ id: a.userId, username: a.username ?? a.fullName, status: 'going' as const })),
  };
}

/** Public-page form: `rsvps` are the attendees' user ids (contract 2.5). */
export function presentPublicEvent(
  row: EventRow,
  relations: Relations,
  viewerId: string | undefined,
): PublicEventDto {
  const { dto, going } = base(row, relations, viewerId);
  return { ...dto, rsvps: going.map((a) => a.userId) };
}
