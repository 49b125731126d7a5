/**
 * THE ONE RSVP WRITE PATH (decision 022). Every change to an answer — the RSVP route, a transfer,
 * an expired offer, a capacity change, and (at merge) the series' standing RSVP — goes through
 * `setRsvp` or, for places freed without a person asking, `fillPlaces` / `expireOffers`:
 *
 *   await db.transaction((tx) => setRsvp(tx, { eventId, userId, status, guests, answers }))
 *
 * `setRsvp` locks the event row (SELECT … FOR UPDATE) first, so all changes to one event's places
 * are serialised by PostgreSQL in arrival order; it then expires the event's lapsed offers, writes
 * the answer, and offers any place that became free to the first people waiting. It returns the
 * caller's resulting status and the offers made, which the caller notifies AFTER the commit.
 *
 * Rules: `capacity` null is unlimited. Going people and their guests, and places on offer, take
 * places. "going" on a full event (or one with people already waiting) puts the person on the
 * waitlist, in the order of a sequence taken under the lock. Free places go down the line in
 * order to each person whose whole party fits in what is left; a party that does not fit keeps
 * its place in line but does not hold a free place back from the next person who fits (decision
 * 046). Each is given the place as an offer held until
 * min(now + offerHours, start − 1 h), or directly as "going" within the last 2 hours before the
 * start. An offer that lapses counts as "not going" and the place moves on. Maybe and not going
 * are never capped; lowering the capacity never removes anyone going.
 */
import type { FullRsvpStatus } from '@townsquare/contracts';
import { CAPACITY_MSG, EVENT_MSG } from '@townsquare/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { type EventRow, events, type RsvpRow, rsvps } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/outbox.ts';
import type { AttendeeRow } from './rsvp.repository.ts';

const HOUR = 60 * 60 * 1000;
/** Within this time before the start a freed place goes straight to the first in line. */
export const DIRECT_WINDOW_MS = 2 * HOUR;
/** Offers always end this long before the start. */
export const OFFER_END_BEFORE_START_MS = HOUR;

/**
 * Who answers: a member (`userId`) or a guest without an account (`guestId`, decision 040). Both
 * are one `attendee_id` in `rsvps`, so places, the queue and offers treat them alike.
 */
export type Who = { userId: string; guestId?: undefined } | { guestId: string; userId?: undefined };

/** The `rsvps.attendee_id` of a member or a guest. */
export const attendeeOf = (who: Who): string => (who.guestId !== undefined ? who.guestId : who.userId);

export type RsvpChange = Who & {
  eventId: string;
  /** `leave` removes the answer; `toggle` is the original client's bodyless call. */
  status: 'going' | 'maybe' | 'not_going' | 'leave' | 'toggle';
  /** Guest names ('' unnamed); undefined keeps the current ones. */
  guests?: string[];
  /** Answers by question id; undefined keeps the current ones. */
  answers?: Record<string, string>;
  now?: Date;
  /** A place handed over by a transfer: taken without queueing (the giver's place was freed for it). */
  skipQueue?: boolean;
};

/** A place given to someone waiting: held until `offerExpiresAt`, or straight away ("going"). */
export type Offer = {
  eventId: string;
  /** Whoever got the place: `userId` for a member, `guestId` for a guest (the other is null). */
  attendeeId: string;
  userId: string | null;
  guestId: string | null;
  status: 'offered' | 'going';
  offerExpiresAt: Date | null;
};

export type RsvpOutcome = { status: FullRsvpStatus | null; offers: Offer[] };

/** Locks the event row for the rest of the transaction; every RSVP change of the event waits here. */
export async function lockEvent(tx: Executor, eventId: string): Promise<EventRow | undefined> {
  const rows = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
  return rows[0];
}

async function findRsvp(tx: Executor, eventId: string, attendeeId: string): Promise<RsvpRow | undefined> {
  const rows = await tx
    .select()
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.attendeeId, attendeeId)));
  return rows[0];
}

/** Places taken (people going or holding an offer, with their guests), leaving out one attendee. */
export async function placesTaken(tx: Executor, eventId: string, exceptAttendeeId?: string): Promise<number> {
  const except = exceptAttendeeId ? sql` and attendee_id <> ${exceptAttendeeId}` : sql``;
  const result = await tx.execute<{
    taken: number;
  }>(sql`select coalesce(sum(1 + cardinality(guests)), 0)::int as taken
    from rsvps where event_id = ${eventId} and status in ('going', 'offered')${except}`);
  return result.rows[0]?.taken ?? 0;
}

async function anyoneWaiting(tx: Executor, eventId: string, exceptAttendeeId: string): Promise<boolean> {
  const waiting = await tx.execute(
    sql`select 1 from rsvps where event_id = ${eventId} and status = 'waitlisted' and attendee_id <> ${exceptAttendeeId} limit 1`,
  );
  return waiting.rows.length > 0;
}

const nextQueueNumber = sql`nextval('rsvp_queue_seq')`;

function checkAnswers(event: EventRow, answers: Record<string, string>): Record<string, string> {
  const ids = new Set(event.questions.map((q) => q.id));
  const kept: Record<string, string> = {};
  for (const [id, text] of Object.entries(answers)) {
    if (!ids.has(id)) throw badRequest(CAPACITY_MSG.unknownQuestion);
    if (text.trim() !== '') kept[id] = text.trim();
  }
  return kept;
}

function assertRequired(event: EventRow, answers: Record<string, string>): void {
  for (const q of event.questions)
    if (q.required && !answers[q.id]) throw badRequest(CAPACITY_MSG.answerRequired(q.text));
}

/**
 * The checks of an answer that need no lock (guests allowed, known questions, required answers
 * when going), for an answer stored before it is written (a guest's, until confirmed).
 */
export function checkAnswer(
  event: EventRow,
  answer: { status: string; guests: string[]; answers: Record<string, string> },
): Record<string, string> {
  if (answer.guests.length > event.maxGuests) throw badRequest(CAPACITY_MSG.tooManyGuests(event.maxGuests));
  const kept = checkAnswers(event, answer.answers);
  if (answer.status === 'going') assertRequired(event, kept);
  return kept;
}

const ended = (event: EventRow, now: Date) => event.endDate.getTime() < now.getTime();

/**
 * Sets one person's answer to an event, under the event's row lock (see the top of this file).
 * Throws 404 for a missing event, 400 for too many guests, unknown or missing required answers,
 * 409 when a going person's extra guests do not fit or the event was cancelled.
 */
export async function setRsvp(tx: Executor, change: RsvpChange): Promise<RsvpOutcome> {
  const now = change.now ?? new Date();
  const event = await lockEvent(tx, change.eventId);
  if (!event) throw notFound(EVENT_MSG.notFound);
  const offers = await expireLocked(tx, event, now);
  const attendeeId = attendeeOf(change);
  const current = await findRsvp(tx, event.id, attendeeId);
  const guests = change.guests ?? current?.guests ?? [];
  if (guests.length > event.maxGuests) throw badRequest(CAPACITY_MSG.tooManyGuests(event.maxGuests));
  const answers =
    change.answers !== undefined ? checkAnswers(event, change.answers) : (current?.answers ?? {});

  let wanted = change.status;
  if (wanted === 'toggle')
    wanted = current?.status === 'going' || current?.status === 'waitlisted' ? 'leave' : 'going';
  // A called-off event takes no new answers (RSVPs, standing answers, transfers); leaving still works.
  if (event.cancelledAt && wanted !== 'leave') throw conflict(EVENT_MSG.rsvpCancelled);

  if (wanted === 'leave') {
    await tx.delete(rsvps).where(and(eq(rsvps.eventId, event.id), eq(rsvps.attendeeId, attendeeId)));
    return { status: null, offers: [...offers, ...(await fillPlaces(tx, event, now))] };
  }

  let next: {
    status: FullRsvpStatus;
    queuedAt: number | null | typeof nextQueueNumber;
    offerExpiresAt: Date | null;
  };
  if (wanted === 'going') {
    assertRequired(event, answers);
    const party = 1 + guests.length;
    const holds =
      current?.status === 'going' ||
      (current?.status === 'offered' && (current.offerExpiresAt?.getTime() ?? 0) > now.getTime());
    if (event.capacity === null || change.skipQueue) {
      next = { status: 'going', queuedAt: null, offerExpiresAt: null };
    } else if (holds && current) {
      // Keeping a place: more guests only if they fit and nobody is waiting (fewer always do).
      if (guests.length > current.guests.length) {
        const taken = await placesTaken(tx, event.id, attendeeId);
        const left = (await anyoneWaiting(tx, event.id, attendeeId))
          ? current.guests.length
          : event.capacity - taken - 1;
        if (guests.length > left) throw conflict(CAPACITY_MSG.notEnoughPlaces(left));
      }
      next = { status: 'going', queuedAt: null, offerExpiresAt: null };
    } else if (current?.status === 'waitlisted') {
      // Already in line: keep the place in the queue (fillPlaces below moves them up if it can).
      next = { status: 'waitlisted', queuedAt: current.queuedAt, offerExpiresAt: null };
    } else {
      const taken = await placesTaken(tx, event.id, attendeeId);
      const fits = !(await anyoneWaiting(tx, event.id, attendeeId)) && taken + party <= event.capacity;
      next = fits
        ? { status: 'going', queuedAt: null, offerExpiresAt: null }
        : { status: 'waitlisted', queuedAt: nextQueueNumber, offerExpiresAt: null };
    }
  } else {
    next = { status: wanted, queuedAt: null, offerExpiresAt: null };
  }

  const values = { ...next, guests, answers, updatedAt: now };
  await tx
    .insert(rsvps)
    .values({ eventId: event.id, userId: change.userId ?? null, guestId: change.guestId ?? null, ...values })
    .onConflictDoUpdate({ target: [rsvps.eventId, rsvps.attendeeId], set: values });

  const filled = await fillPlaces(tx, event, now, attendeeId);
  // The person asking for "going" who is now offered a place takes it at once.
  const mine = filled.find((o) => o.attendeeId === attendeeId);
  if (wanted === 'going' && mine?.status === 'offered') {
    await tx
      .update(rsvps)
      .set({ status: 'going', offerExpiresAt: null })
      .where(and(eq(rsvps.eventId, event.id), eq(rsvps.attendeeId, attendeeId)));
    mine.status = 'going';
  }
  const status = mine ? mine.status : next.status;
  return { status, offers: [...offers, ...filled.filter((o) => o.attendeeId !== attendeeId)] };
}

/**
 * Gives free places to the people waiting, first in line first: each whose whole party fits in
 * what is left gets a place; a party too big for it is passed over (it keeps its place in line)
 * so a place never stands empty while someone who fits waits (decision 046). The event row must
 * be locked by the caller's transaction.
 */
export async function fillPlaces(
  tx: Executor,
  event: EventRow,
  now: Date,
  /** The person whose own answer this is: told by the answer, not by a `place.offered`. */
  asker?: string,
): Promise<Offer[]> {
  // No places are offered on a draft, an ended or a cancelled event.
  if (event.status === 'DRAFT' || event.cancelledAt || ended(event, now)) return [];
  const offers: Offer[] = [];
  const direct = event.capacity === null || now.getTime() >= event.startDate.getTime() - DIRECT_WINDOW_MS;
  const offerEnd = new Date(
    Math.min(now.getTime() + event.offerHours * HOUR, event.startDate.getTime() - OFFER_END_BEFORE_START_MS),
  );
  let free =
    event.capacity === null ? Number.POSITIVE_INFINITY : event.capacity - (await placesTaken(tx, event.id));
  const waiting = await tx
    .select()
    .from(rsvps)
    .where(and(eq(rsvps.eventId, event.id), eq(rsvps.status, 'waitlisted')))
    .orderBy(rsvps.queuedAt);
  for (const head of waiting) {
    if (free <= 0) break;
    const party = 1 + head.guests.length;
    if (party > free) continue;
    free -= party;
    const who = { attendeeId: head.attendeeId, userId: head.userId, guestId: head.guestId };
    const offer: Offer = direct
      ? { eventId: event.id, ...who, status: 'going', offerExpiresAt: null }
      : { eventId: event.id, ...who, status: 'offered', offerExpiresAt: offerEnd };
    await tx
      .update(rsvps)
      .set({
        status: offer.status,
        offerExpiresAt: offer.offerExpiresAt,
        queuedAt: offer.status === 'going' ? null : head.queuedAt,
        updatedAt: now,
      })
      .where(and(eq(rsvps.eventId, event.id), eq(rsvps.attendeeId, head.attendeeId)));
    // Told through the outbox, in this transaction (decision 065): a crash after the commit loses no offer.
    if (head.attendeeId !== asker)
      await recordEvent(tx, 'place.offered', {
        eventId: offer.eventId,
        userId: offer.userId,
        guestId: offer.guestId,
        status: offer.status,
        offerExpiresAt: offer.offerExpiresAt?.toISOString() ?? null,
      });
    offers.push(offer);
  }
  return offers;
}

/** Lapsed offers of a locked event become "not going"; their places move on. */
async function expireLocked(tx: Executor, event: EventRow, now: Date): Promise<Offer[]> {
  const lapsed = await tx
    .update(rsvps)
    .set({ status: 'not_going', offerExpiresAt: null, queuedAt: null, updatedAt: now })
    .where(
      and(
        eq(rsvps.eventId, event.id),
        eq(rsvps.status, 'offered'),
        sql`${rsvps.offerExpiresAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ attendeeId: rsvps.attendeeId });
  return lapsed.length > 0 ? fillPlaces(tx, event, now) : [];
}

/**
 * Passes every offer that lapsed by `now` to the next person waiting. Idempotent: a second run
 * with the same `now` changes nothing. With `eventId`, only that event (the lazy check on reads).
 * Returns the new offers, for the caller to notify.
 */
export async function expireOffers(db: Database, now: Date, eventId?: string): Promise<Offer[]> {
  const only = eventId ? sql` and event_id = ${eventId}` : sql``;
  const due = await db.execute<{ event_id: string }>(
    sql`select distinct event_id from rsvps where status = 'offered' and offer_expires_at <= ${now.toISOString()}::timestamptz${only} limit 500`,
  );
  const offers: Offer[] = [];
  for (const { event_id } of due.rows) {
    offers.push(
      ...(await db.transaction(async (tx) => {
        const event = await lockEvent(tx, event_id);
        return event ? expireLocked(tx, event, now) : [];
      })),
    );
  }
  return offers;
}

/** After a host changed the capacity (or the start): offers what became free. */
export async function refillEvent(db: Database, eventId: string, now = new Date()): Promise<Offer[]> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    return event ? [...(await expireLocked(tx, event, now)), ...(await fillPlaces(tx, event, now))] : [];
  });
}

/**
 * Answers of one event (or one attendee) with the waitlist position of those waiting; members and
 * guests without an account alike (a guest has their name and no username; a remote one, who
 * answered with `Join`, their fediverse handle too: decision 080).
 */
export async function attendeeRows(
  db: Executor,
  eventId: string,
  attendeeId?: string,
): Promise<AttendeeRow[]> {
  const one = attendeeId ? sql` and r.attendee_id = ${attendeeId}` : sql``;
  const result = await db.execute<AttendeeRow>(sql`select r.attendee_id as user_id,
      r.guest_id is not null as guest, u.username, coalesce(u.full_name, g.name) as full_name, r.status,
      r.guests, r.answers, r.offer_expires_at, r.checked_in_at, fa.handle as fediverse_handle,
      fa.actor_uri as fediverse_actor,
      case when r.status = 'waitlisted' then (select count(*)::int from rsvps w
        where w.event_id = r.event_id and w.status = 'waitlisted' and w.queued_at <= r.queued_at) end as position
    from rsvps r left join users u on u.id = r.user_id left join event_guests g on g.id = r.guest_id
      left join federation_attendees fa on fa.guest_id = r.guest_id
    where r.event_id = ${eventId}${one}
    order by case r.status when 'going' then 0 when 'offered' then 1 when 'waitlisted' then 2 when 'maybe' then 3 else 4 end,
      r.queued_at nulls last, coalesce(u.full_name, g.name), r.attendee_id`);
  return result.rows;
}
