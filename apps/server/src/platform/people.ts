import { DELETED_USER_NAME, type PersonSummary } from '@townsquare/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { rowById, updateRow } from '../db/rows.ts';
import { type UserRow, users } from '../db/schema/index.ts';
import { byId, isUuid } from './ids.ts';

/**
 * People as every module shows them (decision 068: the person presenter is kernel, not chat's):
 * the columns a list reads, the batch read by id, and the one presenter.
 */

/** A person as lists show them: never an e-mail address. */
export const personColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  profileImage: users.profileImage,
};

export type Person = { id: string; username: string | null; fullName: string; profileImage: string | null };

export function people(db: Executor, ids: string[]): Promise<Map<string, Person>> {
  return byId(ids, (unique) => db.select(personColumns).from(users).where(inArray(users.id, unique)));
}

/** The account with this id, if any (a non-UUID never is one). */
export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  return rowById(db, users, id);
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows[0];
}

export async function updateUser(
  db: Executor,
  id: string,
  values: PgUpdateSetSource<typeof users>,
): Promise<UserRow | undefined> {
  return updateRow(db, users, id, values);
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

/** The address and name to tell these people at. */
export async function contactsOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ userId: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Answers of members (a guest's has no user id: decision 040). */
export const membersOnly = <T extends { userId: string | null }>(rows: T[]) =>
  rows.flatMap((r) => (r.userId ? [{ ...r, userId: r.userId }] : []));

/**
 * A sender or receiver as every payload shows it; "deleted user" for a row whose person's
 * account was deleted (the id set null), "Unknown User" if the row is missing.
 */
export function presentPerson(id: string | null, person: Person | undefined): PersonSummary {
  if (id === null)
    return {
      _id: 'deleted',
      id: 'deleted',
      username: DELETED_USER_NAME,
      fullName: DELETED_USER_NAME,
      profileImage: null,
    };
  return {
    _id: id,
    id,
    username: person?.username ?? person?.fullName ?? 'Unknown User',
    fullName: person?.fullName ?? 'Unknown User',
    profileImage: person?.profileImage ?? null,
  };
}
