import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events, messages, rsvps, users } from '../../db/schema/index.ts';
import { membersOnly } from '../../platform/people.ts';

export async function deleteUser(db: Executor, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** ADMIN_EMAILS at start-up: only accounts whose address is verified get the flag. */
export async function grantAdminToVerified(db: Executor, emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .update(users)
    .set({ isAdmin: true, updatedAt: sql`now()` })
    .where(and(inArray(users.email, emails), isNotNull(users.emailVerifiedAt), eq(users.isAdmin, false)));
}

/** The operator's CLI (`npm run admin`): sets the flag by address, verified or not. */
export async function setAdminByEmails(db: Executor, emails: string[], isAdmin: boolean): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .update(users)
    .set({ isAdmin, updatedAt: sql`now()` })
    .where(inArray(users.email, emails))
    .returning({ email: users.email });
  return rows.map((r) => r.email);
}

export async function listAdmins(db: Executor): Promise<{ email: string; username: string | null }[]> {
  return db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.isAdmin, true));
}

/** Events `userId` hosts that have not ended: cancelled (deleted) with the account. */
export async function upcomingHostedBy(db: Executor, userId: string) {
  return db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.creatorId, userId), sql`${events.endDate} >= now()`));
}

/** Upcoming events with a capacity where this person holds a place (going or offered). */
export async function placesHeldBy(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: rsvps.eventId })
    .from(rsvps)
    .innerJoin(events, eq(events.id, rsvps.eventId))
    .where(
      and(
        eq(rsvps.userId, userId),
        inArray(rsvps.status, ['going', 'offered']),
        sql`${events.capacity} is not null`,
        sql`${events.startDate} > now()`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Who answered going or maybe to these events (members; guests are told by their own e-mail). */
export async function attendeesOf(db: Executor, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({ eventId: rsvps.eventId, userId: rsvps.userId })
    .from(rsvps)
    .where(and(inArray(rsvps.eventId, eventIds), inArray(rsvps.status, ['going', 'maybe'])))
    .then(membersOnly);
}

/** Direct messages sent or received: a conversation goes with either account. */
export async function deleteDirectMessagesOf(db: Executor, userId: string): Promise<void> {
  await db
    .delete(messages)
    .where(
      and(isNotNull(messages.receiverId), or(eq(messages.senderId, userId), eq(messages.receiverId, userId))),
    );
}
