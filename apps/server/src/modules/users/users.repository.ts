import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { firstRow, insertRow, rowById, updateRow } from '../../db/rows.ts';
import { events, messages, type NewUserRow, rsvps, type UserRow, users } from '../../db/schema/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else can never match, so it is answered without asking PostgreSQL. */
export const isUuid = (value: string) => UUID.test(value);

/** A person as lists show them: never an e-mail address. */
export const personColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  profileImage: users.profileImage,
};

/** Rows read once for each distinct id (none read for none), keyed by id. */
export async function byId<T extends { id: string }>(
  ids: string[],
  read: (unique: string[]) => Promise<T[]>,
): Promise<Map<string, T>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map((await read(unique)).map((r) => [r.id, r]));
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  return rowById(db, users, id);
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows[0];
}

/** Login: the identifier (already lower-cased) is an e-mail address or a username. */
export async function findUserByIdentifier(db: Executor, identifier: string): Promise<UserRow | undefined> {
  return firstRow(db, users, or(eq(users.email, identifier), eq(users.username, identifier)));
}

export async function insertUser(db: Executor, values: Omit<NewUserRow, 'id'>): Promise<UserRow> {
  return insertRow(db, users, values);
}

export async function updateUser(
  db: Executor,
  id: string,
  values: PgUpdateSetSource<typeof users>,
): Promise<UserRow | undefined> {
  return updateRow(db, users, id, values);
}

export async function deleteUser(db: Executor, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/**
 * Marks the user's current address as verified. An address named in `adminEmails` (ADMIN_EMAILS)
 * earns the platform-admin flag at this moment, never before: the address is proven now.
 */
export async function markEmailVerified(
  db: Executor,
  id: string,
  adminEmails: string[],
): Promise<UserRow | undefined> {
  return updateUser(db, id, {
    emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
    isAdmin: sql`${users.isAdmin} or ${inArray(users.email, adminEmails)}`,
  });
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

/** PostgreSQL unique_violation on one of the users' unique indexes. */
export function uniqueViolation(error: unknown): 'email' | 'username' | undefined {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const source = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  if (!source) return undefined;
  if (source.constraint === 'users_email_key') return 'email';
  if (source.constraint === 'users_username_key') return 'username';
  return undefined;
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

/** Answers of members (a guest's has no user id: decision 040). */
export const membersOnly = <T extends { userId: string | null }>(rows: T[]) =>
  rows.flatMap((r) => (r.userId ? [{ ...r, userId: r.userId }] : []));

/** Who answered going or maybe to these events (members; guests are told by their own e-mail). */
export async function attendeesOf(db: Executor, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({ eventId: rsvps.eventId, userId: rsvps.userId })
    .from(rsvps)
    .where(and(inArray(rsvps.eventId, eventIds), inArray(rsvps.status, ['going', 'maybe'])))
    .then(membersOnly);
}

/** The address and name to tell these people at. */
export async function contactsOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ userId: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Direct messages sent or received: a conversation goes with either account. */
export async function deleteDirectMessagesOf(db: Executor, userId: string): Promise<void> {
  await db
    .delete(messages)
    .where(
      and(isNotNull(messages.receiverId), or(eq(messages.senderId, userId), eq(messages.receiverId, userId))),
    );
}
