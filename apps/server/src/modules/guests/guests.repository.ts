/**
 * The SQL of answers without an account (decision 040). The answer itself is an `rsvps` row with
 * `guest_id`, written only by the one RSVP write path (events/rsvp.ts); this file keeps the guest
 * identities, their hashed tokens and the addresses that asked never to be e-mailed.
 */
import type { Locale } from '@townsquare/contracts';
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { anyRow, rowById } from '../../db/rows.ts';
import {
  type EventGuestRow,
  type EventRow,
  emailSuppressions,
  eventGuests,
  events,
  type GuestAnswer,
  pollVoters,
  rsvps,
} from '../../db/schema/index.ts';

/** What a guest asked for, waiting for its confirmation: an event's answer, or a poll's answers. */
export type PendingAnswer =
  | { eventId: string; pending: GuestAnswer }
  | { pollId: string; pendingVotes: Record<string, 'yes' | 'if_need_be' | 'no'> };

/**
 * Stores (or replaces) what an address asked for, waiting for its confirmation link: an answer to
 * an event (`pending`), or answers to a date poll (`pendingVotes`, decision 056).
 */
export async function upsertPending(
  db: Executor,
  values: {
    id: string;
    name: string;
    email: string;
    locale: Locale;
    confirmTokenHash: string;
    expiresAt: Date;
  } & PendingAnswer,
): Promise<EventGuestRow> {
  const { id: _id, email: _email, ...changed } = values;
  const rows = await db
    .insert(eventGuests)
    .values(values)
    .onConflictDoUpdate({
      target:
        'pollId' in values
          ? [eventGuests.pollId, eventGuests.email]
          : [eventGuests.eventId, eventGuests.email],
      set: { ...changed, updatedAt: new Date() },
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('guest upsert returned no row');
  return row;
}

/**
 * Redeems a confirmation token of an event's or a poll's guest: once only (the hash is cleared in
 * the same statement, so 20 parallel redemptions give one row), and only before the links expire.
 * A poll guest's token does nothing on the event route and the other way round.
 */
export async function redeemConfirmToken(
  tx: Executor,
  tokenHash: string,
  of: 'event' | 'poll',
): Promise<EventGuestRow | undefined> {
  const rows = await tx
    .update(eventGuests)
    .set({ confirmTokenHash: null, updatedAt: new Date() })
    .where(
      and(
        eq(eventGuests.confirmTokenHash, tokenHash),
        gt(eventGuests.expiresAt, new Date()),
        isNotNull(of === 'event' ? eventGuests.eventId : eventGuests.pollId),
      ),
    )
    .returning();
  return rows[0];
}

export async function markConfirmed(
  tx: Executor,
  id: string,
  manage: { manageTokenHash: string; manageTokenId: string },
): Promise<void> {
  await tx
    .update(eventGuests)
    .set({ pending: null, pendingVotes: null, confirmedAt: new Date(), ...manage, updatedAt: new Date() })
    .where(eq(eventGuests.id, id));
}

/** The guest a manage link belongs to, while the event has not ended. */
export async function findByManageToken(db: Executor, tokenHash: string): Promise<EventGuestRow | undefined> {
  const rows = await db
    .select()
    .from(eventGuests)
    .where(and(eq(eventGuests.manageTokenHash, tokenHash), gt(eventGuests.expiresAt, new Date())));
  return rows[0];
}

/** An event by id, whoever may see it (the guest's link names it). */
export async function eventOf(db: Executor, id: string): Promise<EventRow | undefined> {
  return rowById(db, events, id);
}

export async function findGuest(db: Executor, id: string): Promise<EventGuestRow | undefined> {
  return rowById(db, eventGuests, id);
}

export async function renameGuest(db: Executor, id: string, name: string): Promise<void> {
  await db.update(eventGuests).set({ name, updatedAt: new Date() }).where(eq(eventGuests.id, id));
}

export async function deleteGuest(db: Executor, id: string): Promise<void> {
  await db.delete(eventGuests).where(eq(eventGuests.id, id));
}

export async function suppress(db: Executor, email: string): Promise<void> {
  await db.insert(emailSuppressions).values({ email }).onConflictDoNothing();
}

/** Confirmed guests among `ids` whose address did not ask never to be e-mailed. */
export async function reachable(db: Executor, ids: string[]): Promise<EventGuestRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ guest: eventGuests })
    .from(eventGuests)
    .leftJoin(
      emailSuppressions,
      and(eq(emailSuppressions.email, eventGuests.email), eq(emailSuppressions.kind, 'never_email')),
    )
    .where(
      and(inArray(eventGuests.id, ids), isNotNull(eventGuests.confirmedAt), isNull(emailSuppressions.email)),
    );
  return rows.map((r) => r.guest);
}

export async function isSuppressed(db: Executor, email: string): Promise<boolean> {
  // Only "never e-mail me again": "never invite me again" (decision 063) leaves guest mail alone.
  return anyRow(
    db,
    emailSuppressions,
    and(eq(emailSuppressions.email, email), eq(emailSuppressions.kind, 'never_email')),
  );
}

/** The confirmed answers given without an account from this address, event by event (id order). */
export async function answersOf(tx: Executor, email: string) {
  return tx
    .select({ guestId: eventGuests.id, eventId: rsvps.eventId })
    .from(eventGuests)
    .innerJoin(rsvps, eq(rsvps.guestId, eventGuests.id))
    .where(and(eq(eventGuests.email, email), isNotNull(eventGuests.confirmedAt)))
    .orderBy(rsvps.eventId);
}

/** The counted poll answers given without an account from this address, poll by poll (id order). */
export async function votesOf(tx: Executor, email: string) {
  return tx
    .select({ guestId: eventGuests.id, pollId: pollVoters.pollId })
    .from(eventGuests)
    .innerJoin(pollVoters, eq(pollVoters.guestId, eventGuests.id))
    .where(eq(eventGuests.email, email))
    .orderBy(pollVoters.pollId);
}

/** Whether the member already answered this event. */
export async function memberAnswered(tx: Executor, eventId: string, userId: string): Promise<boolean> {
  const rows = await tx.execute(sql`select 1 from rsvps where event_id = ${eventId} and user_id = ${userId}`);
  return rows.rows.length > 0;
}

/**
 * A guest's answer becomes a member's: the same row, its place in the queue and its check-in
 * kept (`attendee_id` follows, being generated from `user_id`).
 */
export async function handOver(tx: Executor, guestId: string, userId: string): Promise<void> {
  // The guest's ticket names the guest identity: the row remembers it (decision 077).
  await tx
    .update(rsvps)
    .set({ userId, guestId: null, formerGuestId: guestId })
    .where(eq(rsvps.guestId, guestId));
}

/**
 * Where the member had answered too (theirs is kept): the ticket mailed to the guest opens the
 * door for the member's answer (decision 077), unless it already remembers another.
 */
export async function rememberGuestTicket(
  tx: Executor,
  eventId: string,
  userId: string,
  guestId: string,
): Promise<void> {
  await tx
    .update(rsvps)
    .set({ formerGuestId: guestId })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId), isNull(rsvps.formerGuestId)));
}
