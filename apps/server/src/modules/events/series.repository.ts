import { and, asc, eq, gt, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Database, Executor } from '../../db/client.ts';
import { anyRow, insertRow, rowById } from '../../db/rows.ts';
import {
  type EventRow,
  eventSeries,
  events,
  rsvps,
  type SeriesRow,
  seriesStanding,
} from '../../db/schema/index.ts';
import { visibleTo } from '../access/events.ts';
import { lockEvent, type Offer, setRsvp } from './rsvp.ts';

export async function insertSeries(db: Executor, values: Omit<typeof eventSeries.$inferInsert, 'id'>) {
  return insertRow(db, eventSeries, values);
}

export async function findSeries(db: Executor, id: string): Promise<SeriesRow | undefined> {
  return rowById(db, eventSeries, id);
}

/** The series, locked until the transaction ends (one sweep extends it at a time). */
export async function lockSeries(db: Executor, id: string): Promise<SeriesRow | undefined> {
  return (await db.select().from(eventSeries).where(eq(eventSeries.id, id)).for('update').limit(1))[0];
}

/** Ids of series that may still need occurrences: open-ended or ending after `now`. */
export async function activeSeriesIds(db: Executor, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: eventSeries.id })
    .from(eventSeries)
    .where(or(isNull(eventSeries.until), gte(eventSeries.until, now)));
  return rows.map((r) => r.id);
}

export async function updateSeries(
  db: Executor,
  id: string,
  values: Partial<Omit<typeof eventSeries.$inferInsert, 'id'>>,
) {
  await db
    .update(eventSeries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(eventSeries.id, id));
}

export async function insertOccurrence(db: Executor, values: Omit<typeof events.$inferInsert, 'id'>) {
  await db
    .insert(events)
    .values({ id: uuidv7(), ...values })
    .onConflictDoNothing();
}

/** Occurrences of a series from index `fromIndex` on, in order. */
export async function occurrencesFrom(
  db: Executor,
  seriesId: string,
  fromIndex: number,
): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(and(eq(events.seriesId, seriesId), gte(events.seriesIndex, fromIndex)))
    .orderBy(asc(events.seriesIndex));
}

/** Does the viewer see at least one occurrence of the series (the one visibility predicate)? */
export async function seesSeries(db: Executor, seriesId: string, viewerId: string): Promise<boolean> {
  return anyRow(db, events, and(eq(events.seriesId, seriesId), visibleTo(viewerId)));
}

/** Occurrences still drafts (not called off) starting in (`from`, `to`]: a host confirms them. */
const awaitingConfirmation = (from: Date, to: Date) =>
  and(
    sql`${events.seriesId} is not null`,
    eq(events.status, 'DRAFT'),
    isNull(events.cancelledAt),
    gt(events.startDate, from),
    lte(events.startDate, to),
  );

/** A host's draft occurrences starting between `from` and `to`, soonest first. */
export async function pendingOccurrences(db: Executor, creatorId: string, from: Date, to: Date) {
  return db
    .select()
    .from(events)
    .where(and(eq(events.creatorId, creatorId), awaitingConfirmation(from, to)))
    .orderBy(asc(events.startDate), asc(events.id));
}

/**
 * Every host's draft occurrences starting between `from` and `to` (the confirmation window), with
 * who hosts each (its creator, then its co-hosts) and whether its series publishes by itself.
 */
export async function occurrencesToConfirm(
  db: Executor,
  from: Date,
  to: Date,
): Promise<{ event: EventRow; hostIds: string[]; autoPublish: boolean }[]> {
  const rows = await db
    .select({
      event: events,
      cohostIds: sql<string[]>`coalesce((select array_agg(c.user_id::text order by c.user_id)
        from event_cohosts c where c.event_id = ${events.id}), '{}')`,
      autoPublish: eventSeries.autoPublish,
    })
    .from(events)
    .innerJoin(eventSeries, eq(eventSeries.id, events.seriesId))
    .where(awaitingConfirmation(from, to))
    .orderBy(asc(events.startDate), asc(events.id));
  return rows.map((r) => ({
    event: r.event,
    hostIds: [r.event.creatorId, ...r.cohostIds],
    autoPublish: r.autoPublish,
  }));
}

export async function standingOf(db: Executor, seriesId: string, userId: string) {
  return anyRow(
    db,
    seriesStanding,
    and(eq(seriesStanding.seriesId, seriesId), eq(seriesStanding.userId, userId)),
  );
}

export async function standingCount(db: Executor, seriesId: string): Promise<number> {
  return db.$count(seriesStanding, eq(seriesStanding.seriesId, seriesId));
}

export async function standingUserIds(db: Executor, seriesId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: seriesStanding.userId })
    .from(seriesStanding)
    .where(eq(seriesStanding.seriesId, seriesId));
  return rows.map((r) => r.userId);
}

export async function addStanding(db: Executor, seriesId: string, userId: string) {
  await db.insert(seriesStanding).values({ seriesId, userId }).onConflictDoNothing();
}

export async function removeStanding(db: Executor, seriesId: string, userId: string) {
  await db
    .delete(seriesStanding)
    .where(and(eq(seriesStanding.seriesId, seriesId), eq(seriesStanding.userId, userId)));
}

/** Confirmed, not cancelled occurrences starting after `now` (standing RSVPs apply to these). */
export async function upcomingConfirmed(db: Executor, seriesId: string, now: Date): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.seriesId, seriesId),
        eq(events.status, 'LIVE'),
        isNull(events.cancelledAt),
        gt(events.startDate, now),
      ),
    )
    .orderBy(asc(events.startDate));
}

/**
 * Ends the person's place-taking answers (going, waitlisted, offered) to the series' occurrences
 * that have not started yet, each through the one RSVP write path so freed places are offered on.
 */
export async function dropUpcomingGoing(db: Database, seriesId: string, userId: string, now: Date) {
  const upcoming = await db.execute<{ event_id: string }>(sql`select r.event_id from ${rsvps} r
    join ${events} e on e.id = r.event_id
    where e.series_id = ${seriesId} and r.user_id = ${userId}
      and r.status in ('going', 'waitlisted', 'offered') and e.start_date > ${now}`);
  const offers: Offer[] = [];
  for (const { event_id } of upcoming.rows) {
    const outcome = await db.transaction((tx) =>
      setRsvp(tx, { eventId: event_id, userId, status: 'leave', now }),
    );
    offers.push(...outcome.offers);
  }
  return offers;
}

/**
 * THE standing-RSVP write: one person counted as going to one confirmed occurrence because they
 * are going to the whole series. An answer already there (a "skip this one" = not_going, a maybe,
 * a place in the waitlist) wins, so a skip is never overwritten. It goes through the one RSVP write
 * path (`setRsvp`, decision 022), so a full occurrence puts them on its waitlist; an occurrence with
 * a required question is left for them to answer themselves. Returns the offers made, which the
 * caller notifies after the commit.
 */
export async function writeStandingRsvp(db: Database, eventId: string, userId: string): Promise<Offer[]> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event || event.questions.some((q) => q.required)) return [];
    const existing = await tx
      .select({ status: rsvps.status })
      .from(rsvps)
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
    if (existing.length > 0) return [];
    return (await setRsvp(tx, { eventId, userId, status: 'going' })).offers;
  });
}
