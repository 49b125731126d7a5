import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowById } from '../../db/rows.ts';
import {
  communities,
  type EventRow,
  eventGuests,
  eventSubgroups,
  events,
  type RsvpRow,
  rsvps,
  users,
} from '../../db/schema/index.ts';
import { visibleTo } from '../access/events.ts';

/** The event as stored, whoever may see it (jobs check visibility per person through notify). */
export async function eventRow(db: Executor, id: string): Promise<EventRow | undefined> {
  return rowById(db, events, id);
}

/** The members among answers (guests without an account have no user id: decision 040). */
const members = (rows: { userId: string | null }[]): string[] =>
  rows.flatMap((r) => (r.userId ? [r.userId] : []));

/** The event's answers with one of these statuses, while `viewer` may see the event (joined as `events`). */
const answersSeeing = (eventId: string, statuses: RsvpRow['status'][], viewer: string | undefined) =>
  and(eq(rsvps.eventId, eventId), inArray(rsvps.status, statuses), visibleTo(viewer));

/** The member or guest ids (`column`) of the event's answers with one of these statuses, while `viewer` may see it. */
async function idsOfAnswersSeeing(
  db: Executor,
  column: typeof rsvps.userId | typeof rsvps.guestId,
  eventId: string,
  statuses: RsvpRow['status'][],
  viewer: string | undefined,
): Promise<string[]> {
  const rows = await db
    .select({ id: column })
    .from(rsvps)
    .innerJoin(events, eq(events.id, rsvps.eventId))
    .where(answersSeeing(eventId, statuses, viewer));
  return rows.flatMap((r) => (r.id ? [r.id] : []));
}

/** People who answered the event with one of these statuses. */
export async function answeredBy(
  db: Executor,
  eventId: string,
  statuses: ('going' | 'maybe')[],
): Promise<string[]> {
  const rows = await db
    .select({ userId: rsvps.userId })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), inArray(rsvps.status, statuses)));
  return members(rows);
}

/**
 * Of those who answered going or maybe, the ones who can see the event now: `visibleTo` (the one
 * visibility predicate) applied to each answer's person.
 */
export async function attendeesWhoSee(
  db: Executor,
  eventId: string,
  statuses: ('going' | 'maybe' | 'waitlisted' | 'offered')[] = ['going', 'maybe'],
): Promise<string[]> {
  return idsOfAnswersSeeing(db, rsvps.userId, eventId, statuses, sql`${rsvps.userId}` as unknown as string);
}

/**
 * Guests (answers without an account, decision 040) who answered with one of these statuses and
 * whose answer counts (confirmed), while the event is one a visitor may see: they are told by
 * e-mail through notify() like members.
 */
export async function guestsWhoSee(
  db: Executor,
  eventId: string,
  statuses: ('going' | 'maybe' | 'waitlisted' | 'offered')[] = ['going', 'maybe'],
): Promise<string[]> {
  return idsOfAnswersSeeing(db, rsvps.guestId, eventId, statuses, undefined);
}

/** "going" answers given in [from, to), first first, with the person's display name. */
/** Who started going in the window, members and guests without an account (named as they gave it). */
export async function goingBetween(db: Executor, eventId: string, from: Date, to: Date) {
  return db
    .select({
      userId: rsvps.userId,
      username: users.username,
      fullName: sql<string>`coalesce(${users.fullName}, ${eventGuests.name}, '')`,
    })
    .from(rsvps)
    .leftJoin(users, eq(users.id, rsvps.userId))
    .leftJoin(eventGuests, eq(eventGuests.id, rsvps.guestId))
    .where(
      and(
        eq(rsvps.eventId, eventId),
        eq(rsvps.status, 'going'),
        gte(rsvps.updatedAt, from),
        lt(rsvps.updatedAt, to),
      ),
    )
    .orderBy(rsvps.updatedAt);
}

export async function communitySlug(db: Executor, id: string): Promise<string | undefined> {
  const rows = await db.select({ slug: communities.slug }).from(communities).where(eq(communities.id, id));
  return rows[0]?.slug;
}

export async function subgroupEventId(db: Executor, id: string): Promise<string | undefined> {
  const rows = await db
    .select({ eventId: eventSubgroups.eventId })
    .from(eventSubgroups)
    .where(eq(eventSubgroups.id, id));
  return rows[0]?.eventId;
}
