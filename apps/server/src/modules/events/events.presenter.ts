import type { EventDto, EventStatus, FriendsGoing, PublicEventDto, RsvpStatus } from '@townsquare/contracts';
import type { EventRow } from '../../db/schema/index.ts';
import type { Attendee, EventWithRelations, FriendsGoingRow } from './events.repository.ts';

/** Status as every read reports it: a published event whose end has passed is PAST. */
export function effectiveStatus(row: Pick<EventRow, 'status' | 'endDate'>, now = Date.now()): EventStatus {
  return row.status === 'LIVE' && row.endDate.getTime() < now ? 'PAST' : row.status;
}

/**
 * `friendsGoing` for a signed-in viewer (`{ users: [], total: 0 }` when no friend is going);
 * signed out there is none (undefined, left out of the JSON).
 */
export function presentFriendsGoing(
  row: FriendsGoingRow | null | undefined,
  viewerId: string | undefined,
): FriendsGoing | undefined {
  if (!viewerId) return undefined;
  if (!row) return { users: [], total: 0 };
  return {
    users: row.users.map(([id, username, fullName, profileImage]) => ({
      _id: id,
      id,
      username: username || undefined,
      fullName,
      profileImage,
    })),
    total: row.total,
  };
}

/**
 * The event as every read presents it, with `rsvps` in the form `rsvps` makes of the going
 * answers: built as one object (no copy per event on the list's hot path).
 */
function base<R>(row: EventWithRelations, viewerId: string | undefined, rsvps: (going: Attendee[]) => R) {
  const going: Attendee[] = [];
  let maybeCount = 0;
  let myRsvp: RsvpStatus | null = null;
  for (const answer of row.attendees) {
    if (answer[1] === 'going') going.push(answer);
    else if (answer[1] === 'maybe') maybeCount++;
    // Waiting and offered answers are the viewer's `viewerRsvp`; `myRsvp` keeps its three values.
    if (viewerId && answer[0] === viewerId)
      myRsvp = answer[1] === 'waitlisted' || answer[1] === 'offered' ? null : answer[1];
  }
  return {
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
    // Undefined is left out of the JSON; no spread keeps one object shape for every event.
    imageUrl: row.imageUrl || undefined,
    creatorId: row.creatorId,
    communityId: row.communityId,
    community:
      row.communityId && row.hostSlug !== null
        ? {
            _id: row.communityId,
            id: row.communityId,
            slug: row.hostSlug,
            name: row.hostName ?? '',
            verified: row.hostVerified ?? false,
          }
        : undefined,
    creator: {
      _id: row.creatorId,
      id: row.creatorId,
      username: row.creatorUsername || undefined,
      fullName: row.creatorFullName,
      profileImage: row.creatorProfileImage,
    },
    attendeeCount: going.length,
    maybeCount,
    myRsvp,
    timeZone: row.timeZone,
    sequence: row.sequence,
    cancelled: row.cancelledAt !== null,
    seriesId: row.seriesId,
    friendsGoing: presentFriendsGoing(row.friendsGoing, viewerId),
    placeId: row.placeId,
    capacity: row.capacity,
    offerHours: row.offerHours,
    maxGuests: row.maxGuests,
    allowTransfers: row.allowTransfers,
    allowGuestRsvp: row.allowGuestRsvp,
    questions: row.questions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    rsvps: rsvps(going),
  };
}

/** List and detail form: `rsvps` are the attendees going, with their real names. */
export function presentEvent(row: EventWithRelations, viewerId: string | undefined): EventDto {
  return base(row, viewerId, (going) =>
    going.map(([id, , username, fullName]) => ({
      id,
      username: username ?? fullName,
      status: 'going' as const,
    })),
  );
}

/** Public-page form: `rsvps` are the attendees' user ids (contract 2.5). */
export function presentPublicEvent(row: EventWithRelations, viewerId: string | undefined): PublicEventDto {
  return base(row, viewerId, (going) => going.map(([id]) => id));
}
