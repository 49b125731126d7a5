import {
  ATTENDEES_CHANGED,
  type Attendee,
  type AttendeesChangedPayload,
  CAPACITY_MSG,
  EVENT_MSG,
  type EventDto,
  type FullRsvpStatus,
  type HostRef,
  type RsvpStatus,
  tooManyRequestsMessage,
  type ViewerRsvp,
} from '@townsquare/contracts';
import QRCode from 'qrcode';
import type { Database, Executor } from '../../db/client.ts';
import type { EventRow, UserRow } from '../../db/schema/index.ts';
import { clockTime } from '../../platform/dates.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { loadOnce } from '../../platform/load-once.ts';
import { recordEvent } from '../../platform/outbox.ts';
import { LIMITS_PER, type RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { LinkSigner } from '../../platform/signed-links.ts';
import type { Publisher } from '../../realtime/publish.ts';
import { findVisibleEvent, isHost } from '../access/events.ts';
import type { Change, Outcome, RowOf } from '../groups/membership.service.ts';
import type { NotifyInput } from '../notifications/notify.ts';
import type { Released } from '../signups/signups.service.ts';
import { attendeesCsv } from './attendees-csv.ts';
import { doorCode, doorCodes, normalDoorCode, readTicket, ticketCode } from './checkin.ts';
import { mayCohost } from './cohosts.ts';
import { effectiveStatus } from './events.presenter.ts';
import { shownLocations } from './events.service.ts';
import { fileSlug } from './file-name.ts';
import {
  type AttendeeRow,
  areFriends,
  decoration,
  markCheckedIn,
  rsvpStates,
  rsvpStatus,
  ticketHolder,
  ticketHolders,
} from './rsvp.repository.ts';
import {
  attendeeRows,
  expireOffers,
  fillPlaces,
  lockEvent,
  type Offer,
  refillEvent,
  setRsvp,
} from './rsvp.ts';

export type RsvpServiceDeps = {
  db: Database;
  /** Counts the codes a host types at the door (decision 062). */
  limiter: RateLimiter;
  publicUrl: string;
  /**
   * Sign-up sheets (modules/signups): someone who stops going gives back what they claimed, in the
   * same transaction as their answer (with its `signup.released` event); the CSV lists the claims.
   */
  sheets?: {
    releaseWithin: (tx: Executor, eventId: string, userId: string) => Promise<Released>;
    bringing: (event: EventRow) => Promise<Map<string, string>>;
  };
  /** Tells the event's room that its guest list changed (hosts' Guests tab refetches). */
  publisher: Pick<Publisher, 'toChannel'>;
  /** Co-hosts are written by the one membership writer (modules/groups, decision 067). */
  cohosts: { change: (c: Change) => Promise<Outcome<RowOf<'cohost'>>> };
  /** Signs and reads tickets and door codes (decision 066). */
  links: LinkSigner;
};

export type RsvpService = ReturnType<typeof createRsvpService>;

const toAttendee = (r: AttendeeRow): Attendee => ({
  userId: r.user_id,
  username: r.username,
  fullName: r.full_name,
  status: r.status,
  guests: r.guests,
  answers: r.answers,
  waitlistPosition: r.position,
  offerExpiresAt: r.offer_expires_at ? new Date(r.offer_expires_at).toISOString() : null,
  checkedInAt: r.checked_in_at ? new Date(r.checked_in_at).toISOString() : null,
  ...(r.guest ? { guest: true } : {}),
  ...(r.fediverse_handle && r.fediverse_actor
    ? {
        fediverse: {
          handle: r.fediverse_handle,
          instance: new URL(r.fediverse_actor).host,
          actor: r.fediverse_actor,
        },
      }
    : {}),
});

/** Answers of one event (or one person) with the waitlist position of those waiting. */
async function readAttendees(db: Database, eventId: string, userId?: string): Promise<Attendee[]> {
  return (await attendeeRows(db, eventId, userId)).map(toAttendee);
}

/**
 * Capacity with a fair waitlist, guests, transfers, co-hosts, questions and check-in (decision
 * 022). RSVP writes go through `setRsvp` (rsvp.ts); this service checks who may do what, answers
 * the extra routes and notifies the offers.
 */
export function createRsvpService(deps: RsvpServiceDeps) {
  const { db } = deps;

  /** The payload names nobody: anyone in the room may see it, only hosts can fetch the list. */
  const changed = (eventId: string) =>
    deps.publisher.toChannel(`event:${eventId}`, ATTENDEES_CHANGED, {
      eventId,
    } satisfies AttendeesChangedPayload);
  /** The rooms of events whose places moved (the offers themselves are told as `place.offered`). */
  const notifyAll = (offers: Offer[]) => {
    for (const eventId of new Set(offers.map((o) => o.eventId))) changed(eventId);
  };
  const releaseWithin = async (tx: Executor, eventId: string, userId: string): Promise<Released> =>
    (await deps.sheets?.releaseWithin(tx, eventId, userId)) ?? [];
  /** In the answer's transaction: hosts hear what came free through the outbox (decision 065). */
  async function recordReleased(tx: Executor, eventId: string, userId: string, released: Released) {
    if (released.length > 0)
      await recordEvent(tx, 'signup.released', {
        eventId,
        userId,
        released: released.map((r) => ({ itemId: r.item.id, quantity: r.quantity })),
      });
  }

  async function visible(id: string, viewerId: string): Promise<EventRow> {
    const row = isUuid(id) ? await findVisibleEvent(db, id, viewerId) : undefined;
    if (!row) throw notFound(EVENT_MSG.notFound);
    return row;
  }

  /**
   * Adds or removes a co-host through the membership writer; the event's creator manages, and
   * `check` runs under the writer's lock before the change.
   */
  async function changeCohost(
    user: UserRow,
    eventId: string,
    userId: string,
    action: 'add' | 'remove',
    check?: (row: EventRow) => Promise<void>,
  ): Promise<void> {
    const row = await visible(eventId, user.id);
    await deps.cohosts.change({
      groupId: row.id,
      userId,
      actorId: user.id,
      actor: row.creatorId === user.id ? 'manager' : 'member',
      actions: [action],
      check: check && (() => check(row)),
    });
  }

  /** Visible and hosted by the caller: 404 for strangers, 403 for other viewers. */
  async function hosted(id: string, userId: string): Promise<EventRow> {
    const row = await visible(id, userId);
    if (!(await isHost(db, row, userId))) throw forbidden(CAPACITY_MSG.notHost);
    return row;
  }

  /** Whom a typed door code or a scanned ticket names at `row`; a readable 400 when nobody. */
  async function personOfCode(row: EventRow, code: string): Promise<string> {
    const key = deps.links;
    const typed = normalDoorCode(code);
    if (typed) {
      // A short door code names nobody: match it against the people going (decision 046), by
      // their own id and the guest identity their answer was given under (decision 077).
      const names = (id: string | null) => id !== null && doorCodes(key, row.id, id).includes(typed);
      const holder = (await ticketHolders(db, row.id)).find(
        (h) => names(h.attendeeId) || names(h.formerGuestId),
      );
      if (!holder) throw badRequest(CAPACITY_MSG.doorCodeUnknown);
      return holder.attendeeId;
    }
    const ticket = readTicket(key, code);
    if (!ticket) throw badRequest(CAPACITY_MSG.ticketInvalid);
    if (ticket.eventId !== row.id) throw badRequest(CAPACITY_MSG.ticketOtherEvent);
    return ticketHolder(db, row.id, ticket.userId);
  }

  return {
    isHost: (event: Pick<EventRow, 'id' | 'creatorId'>, userId: string | undefined) =>
      isHost(db, event, userId),

    hosted,

    /** After a write of the one RSVP path made elsewhere (a guest's answer): offers and the room. */
    announce(eventId: string, offers: Offer[]): void {
      notifyAll(offers);
      changed(eventId);
    },

    /**
     * The ticket of a member or a guest going (its holder shows it at the door): the signed code
     * in the QR code and the short door code printed under it, the same for both.
     */
    async ticketFor(eventId: string, attendeeId: string): Promise<{ code: string; doorCode: string }> {
      return {
        code: ticketCode(deps.links, eventId, attendeeId),
        doorCode: doorCode(deps.links, eventId, attendeeId),
      };
    },

    /** Lazy offer expiry on reads and RSVPs of one event: one indexed probe when nothing lapsed. */
    async settle(eventId: string, now = new Date()): Promise<void> {
      if (!isUuid(eventId)) return;
      notifyAll(await expireOffers(db, now, eventId));
    },

    /** The periodic sweep (a setInterval in buildApp until the job queue takes it over at merge). */
    async sweep(now = new Date()): Promise<number> {
      const offers = await expireOffers(db, now);
      notifyAll(offers);
      return offers.length;
    },

    /**
     * Inside a transaction that freed places (account deletion, once its answers are gone): the
     * places go to the people waiting in the same commit. Answers what tells them, to call after
     * the commit.
     */
    async refillWithin(tx: Executor, eventIds: string[], now = new Date()): Promise<() => void> {
      const offers: Offer[] = [];
      // In id order, so two such transactions never wait on each other.
      for (const id of [...eventIds].sort()) {
        const event = await lockEvent(tx, id);
        if (event) offers.push(...(await fillPlaces(tx, event, now)));
      }
      return () => notifyAll(offers);
    },

    /** After a host's edit: raising the capacity (or removing it) offers the new places. */
    async refill(eventId: string): Promise<void> {
      notifyAll(await refillEvent(db, eventId));
    },

    /** The caller's RSVP (the route already checked draft, ended and own event). */
    async respond(
      user: UserRow,
      eventId: string,
      body: { status?: RsvpStatus; guests?: string[]; answers?: Record<string, string> },
      /** The answer before this one (`offered`, `waitlisted`, … or undefined), for the hosts' word. */
      previous?: string,
    ): Promise<FullRsvpStatus | null> {
      const outcome = await db.transaction(async (tx) => {
        const answered = await setRsvp(tx, {
          eventId,
          userId: user.id,
          status: body.status ?? 'toggle',
          guests: body.guests,
          answers: body.answers,
        });
        await recordReleased(
          tx,
          eventId,
          user.id,
          answered.status === 'going' ? [] : await releaseWithin(tx, eventId, user.id),
        );
        // Hosts hear of people going, joining the waitlist (an offered place is not taken yet) and
        // of people going who no longer are: the subscriber decides, from the answer and the one before.
        const status = answered.status;
        if (status !== 'offered')
          await recordEvent(tx, 'rsvp.changed', { eventId, userId: user.id, status, previous });
        return answered;
      });
      notifyAll(outcome.offers);
      changed(eventId);
      return outcome.status;
    },

    /**
     * Capacity, hosts and the viewer's own answer, added to an event already presented: one
     * round trip (places taken, people waiting, hosts, and the viewer's answer with their place).
     */
    async decorate<T extends EventDto | Omit<EventDto, 'rsvps'>>(
      dto: T,
      row: EventRow,
      viewerId: string | undefined,
    ): Promise<T> {
      const decorated = await decoration(db, row, viewerId);
      const { taken = 0, waiting = 0, hosts = [], mine: own = null } = decorated ?? {};
      const mine = own ? toAttendee(own) : undefined;
      const viewerRsvp: ViewerRsvp | null = mine
        ? {
            status: mine.status,
            waitlistPosition: mine.waitlistPosition,
            offerExpiresAt: mine.offerExpiresAt,
            guests: mine.guests,
            answers: mine.answers,
            checkedIn: mine.checkedInAt !== null,
          }
        : null;
      const hostRefs: HostRef[] = (hosts ?? []).map((h) => ({
        id: h.id,
        username: h.username ?? undefined,
        fullName: h.fullName,
        profileImage: h.profileImage,
        creator: h.id === row.creatorId,
      }));
      return {
        ...dto,
        placesLeft: row.capacity === null ? null : Math.max(0, row.capacity - taken),
        waitlistCount: waiting,
        hosts: hostRefs,
        viewerRsvp,
        isHost: viewerId !== undefined && hostRefs.some((h) => h.id === viewerId),
      };
    },

    /** Hands the caller's place to a friend who can see the event (when the host allows it). */
    async transfer(user: UserRow, eventId: string, toUserId: string): Promise<void> {
      const row = await visible(eventId, user.id);
      if (!row.allowTransfers) throw badRequest(CAPACITY_MSG.transfersOff);
      if (effectiveStatus(row) === 'PAST') throw badRequest(EVENT_MSG.rsvpPast);
      if (toUserId === user.id) throw badRequest(CAPACITY_MSG.transferSelf);
      if (!isUuid(toUserId)) throw badRequest(CAPACITY_MSG.transferNotFriend);
      if (
        !(await areFriends(db, user.id, toUserId)) ||
        !(await findVisibleEvent(db, row.id, toUserId)) ||
        toUserId === row.creatorId
      )
        throw badRequest(CAPACITY_MSG.transferNotFriend);
      const outcome = await db.transaction(async (tx) => {
        await lockEvent(tx, row.id);
        const states = await rsvpStates(tx, row.id, [user.id, toUserId]);
        const of = (id: string) => states.find((r) => r.user_id === id)?.status;
        if (of(user.id) !== 'going') throw badRequest(CAPACITY_MSG.transferNotGoing);
        const theirs = of(toUserId);
        if (theirs === 'going' || theirs === 'offered') throw conflict(CAPACITY_MSG.transferTargetGoing);
        // The giver's place (without their guests) goes to the friend before anyone in line: the
        // friend takes it first, then the giver leaves, so only the guests' places are offered.
        const took = await setRsvp(tx, {
          eventId: row.id,
          userId: toUserId,
          status: 'going',
          guests: [],
          answers: {},
          skipQueue: true,
        });
        const gave = await setRsvp(tx, { eventId: row.id, userId: user.id, status: 'not_going', guests: [] });
        await recordReleased(tx, row.id, user.id, await releaseWithin(tx, row.id, user.id));
        return { offers: [...took.offers, ...gave.offers] };
      });
      notifyAll(outcome.offers);
      changed(row.id);
    },

    /** The creator adds a co-host: a friend, or an organiser of the hosting community. */
    async addCohost(user: UserRow, eventId: string, userId: string): Promise<void> {
      await changeCohost(user, eventId, userId, 'add', async (row) => {
        if (userId === row.creatorId) throw badRequest(CAPACITY_MSG.cohostIsCreator);
        if (!isUuid(userId) || !(await mayCohost(db, row, userId)))
          throw badRequest(CAPACITY_MSG.cohostNotAllowed);
      });
    },

    /** The creator removes a co-host (404 for someone who is not one). */
    async removeCohost(user: UserRow, eventId: string, userId: string): Promise<void> {
      await changeCohost(user, eventId, userId, 'remove');
    },

    async ticket(user: UserRow, eventId: string): Promise<{ code: string; doorCode: string }> {
      const row = await visible(eventId, user.id);
      if ((await rsvpStatus(db, row.id, user.id)) !== 'going') throw forbidden(CAPACITY_MSG.ticketNotGoing);
      const key = deps.links;
      return { code: ticketCode(key, row.id, user.id), doorCode: doorCode(key, row.id, user.id) };
    },

    /** The QR code of a signed ticket of this event, as a PNG (400 for any other code). */
    async ticketQr(eventId: string, code: string): Promise<Buffer> {
      const ticket = readTicket(deps.links, code);
      if (!ticket) throw badRequest(CAPACITY_MSG.ticketInvalid);
      if (ticket.eventId !== eventId) throw badRequest(CAPACITY_MSG.ticketOtherEvent);
      return QRCode.toBuffer(code.trim(), { width: 240, margin: 2, errorCorrectionLevel: 'M' });
    },

    /** A host checks a person in by ticket code or by id; once only (409 the second time). */
    async checkIn(
      user: UserRow,
      eventId: string,
      body: { code?: string; userId?: string },
    ): Promise<Attendee> {
      const row = await hosted(eventId, user.id);
      let personId = body.userId;
      if (body.code !== undefined) {
        // A door code is 40 bits: one host's wrong tries at one event are counted (decision 062).
        // The try is counted before it is checked, so a burst gets exactly the limit through, and
        // given back when the code was right.
        const tries = `check-in:${user.id}:${row.id}`;
        const verdict = await deps.limiter.consume(tries, LIMITS_PER.wrongCheckInsPerHostEvent);
        if (verdict.limited)
          throw tooManyRequests(tooManyRequestsMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
        personId = await personOfCode(row, body.code);
        await deps.limiter.release(tries);
      }
      if (!personId || !isUuid(personId)) throw badRequest(CAPACITY_MSG.notOnList);
      const marked = await markCheckedIn(db, row.id, personId);
      const person = (await readAttendees(db, row.id, personId))[0];
      if (person?.status !== 'going') throw conflict(CAPACITY_MSG.notOnList);
      if (marked) changed(row.id);
      else
        throw conflict(
          CAPACITY_MSG.alreadyCheckedIn(clockTime(new Date(person.checkedInAt ?? Date.now()), row.timeZone)),
        );
      return person;
    },

    /** Hosts only: everyone who answered, their answers and check-ins. */
    async attendees(user: UserRow, eventId: string) {
      const row = await hosted(eventId, user.id);
      const attendees = await readAttendees(db, row.id);
      const going = attendees.filter((a) => a.status === 'going');
      return {
        attendees,
        questions: row.questions,
        going: going.length,
        came: going.filter((a) => a.checkedInAt !== null).length,
        ended: effectiveStatus(row) === 'PAST',
      };
    },

    /**
     * A host takes someone off the guest list (going, maybe, waiting or offered): their answer is
     * removed and the place they held is offered to the next in line at once (decision 022).
     */
    async removeAttendee(user: UserRow, eventId: string, userId: string) {
      const row = await hosted(eventId, user.id);
      if (!isUuid(userId)) throw badRequest(CAPACITY_MSG.attendeeIdInvalid);
      const [person] = await readAttendees(db, row.id, userId);
      if (!person) throw notFound(CAPACITY_MSG.attendeeNotFound);
      const who = person.guest ? { guestId: userId } : { userId };
      const outcome = await db.transaction((tx) => setRsvp(tx, { eventId: row.id, ...who, status: 'leave' }));
      notifyAll(outcome.offers);
      changed(row.id);
    },

    async csv(user: UserRow, eventId: string): Promise<{ body: string; filename: string }> {
      const row = await hosted(eventId, user.id);
      const bringing = (await deps.sheets?.bringing(row)) ?? new Map<string, string>();
      const body = attendeesCsv(await readAttendees(db, row.id), row.questions, row.timeZone, bringing);
      // A byte order mark, so a spreadsheet opening the file reads it as UTF-8 (names, answers).
      return { body: `\uFEFF${body}`, filename: `${fileSlug(row.title)}-attendees.csv` };
    },
  };
}
