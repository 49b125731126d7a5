import {
  type AddressVisibility,
  EVENT_MSG,
  type EventDto,
  type EventStatus,
  type FriendsGoing,
  type Place,
  type PublicEventDto,
  type RsvpStatus,
} from '@townsquare/contracts';
import type { EventRow } from '../../db/schema/index.ts';
import type { Attendee, EventWithRelations, FriendsGoingRow } from '../../platform/event-rows.ts';
import { eventAbilities } from '../access/events.ts';
import { cityLevelPlace } from '../access/places.ts';

/** Status as every read reports it: a published event whose end has passed is PAST. */
export function effectiveStatus(row: Pick<EventRow, 'status' | 'endDate'>, now = Date.now()): EventStatus {
  return row.status === 'LIVE' && row.endDate.getTime() < now ? 'PAST' : row.status;
}

/**
 * Whether the viewer knows where the event is (decision 044): its creator, a co-host, or someone
 * going. Only they see an ATTENDEES event's address and an online event's link.
 */
export function knowsWhere(
  row: Pick<EventWithRelations, 'creatorId' | 'cohostIds' | 'attendees'>,
  viewerId: string | undefined,
): boolean {
  if (!viewerId) return false;
  if (row.creatorId === viewerId || row.cohostIds.includes(viewerId)) return true;
  return row.attendees.some(([id, status]) => id === viewerId && status === 'going');
}

/** "Berlin, DE": the city display text a viewer who may not know the address reads. */
export function cityText(place: Pick<Place, 'city' | 'country' | 'name'>): string {
  return [place.city || place.name, place.country].filter((p) => p !== '').join(', ');
}

type WhereFields = {
  addressVisibility?: AddressVisibility;
  location: string;
  placeId?: string | null;
  place?: Place;
  onlineUrl?: string;
};

/**
 * THE address rule (decision 044), applied to an event as presented (with its `place`) for one
 * viewer; every path that shows an event to someone goes through here (lists, detail, the public
 * page and its head, ICS and feeds, search, notifications; map points and distances round in SQL
 * with `shownPoint`). Someone who does not know where it is (`knowsWhere`) never gets the online
 * link; on an ATTENDEES event they get the city only: `location` is the city's text, `place` the
 * city with its point rounded to 0.01° and no id (a place id would open the full place).
 */
export function applyAddressRule<T extends WhereFields>(event: T, insider: boolean): T {
  if (insider || (event.onlineUrl === undefined && event.addressVisibility !== 'ATTENDEES')) return event;
  const shown: T = { ...event, onlineUrl: undefined };
  if (event.addressVisibility !== 'ATTENDEES') return shown;
  const place = event.place;
  shown.location = place ? cityText(place) : EVENT_MSG.addressForAttendees;
  shown.placeId = event.placeId === undefined ? undefined : null;
  shown.place = place && cityLevelPlace(place);
  return shown;
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
    allDay: row.allDay,
    previousStartDate: row.previousStartDate?.toISOString() ?? null,
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
            currency: row.hostCurrency ?? null,
          }
        : undefined,
    creator: {
      _id: row.creatorId,
      id: row.creatorId,
      username: row.creatorUsername || undefined,
      fullName: row.creatorFullName,
      profileImage: row.creatorProfileImage,
    },
    // What the capacity counts: guests without an account and everyone's +1s too.
    attendeeCount: row.goingPlaces ?? going.length,
    maybeCount,
    myRsvp,
    timeZone: row.timeZone,
    sequence: row.sequence,
    cancelled: row.cancelledAt !== null,
    seriesId: row.seriesId,
    friendsGoing: presentFriendsGoing(row.friendsGoing, viewerId),
    placeId: row.placeId,
    addressVisibility: row.addressVisibility,
    online: row.online,
    // Removed again by applyAddressRule for anyone who does not know where it is.
    onlineUrl: row.onlineUrl ?? undefined,
    capacity: row.capacity,
    offerHours: row.offerHours,
    maxGuests: row.maxGuests,
    allowTransfers: row.allowTransfers,
    allowGuestRsvp: row.allowGuestRsvp,
    questions: row.questions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    can: eventAbilities(row, viewerId),
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
