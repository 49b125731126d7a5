import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { anyRow, deleteRows, insertIfAbsent } from '../../db/rows.ts';
import { friendRequests, friendships, users } from '../../db/schema/index.ts';
import { personColumns } from '../../platform/people.ts';

const friendColumns = {
  ...personColumns,
  bio: users.bio,
  interests: users.interests,
};

/** Advisory-lock namespace for friend pairs (the two-key form, apart from single-key locks). */
const PAIR_LOCK = 7270;

/**
 * Serialises every change between two people (request, accept, decline, cancel, unfriend) until
 * the transaction ends, so crossing requests or an accept racing a decline see each other.
 */
export async function lockPair(tx: Executor, a: string, b: string): Promise<void> {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  await tx.execute(sql`select pg_advisory_xact_lock(${PAIR_LOCK}, hashtext(${key}))`);
}

export async function areFriends(db: Executor, a: string, b: string): Promise<boolean> {
  return anyRow(db, friendships, and(eq(friendships.userId, a), eq(friendships.friendId, b)));
}

export async function friendIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(eq(friendships.userId, userId));
  return rows.map((r) => r.id);
}

/** Which of `candidates` are friends of `userId`. */
export async function friendsAmong(db: Executor, userId: string, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), inArray(friendships.friendId, candidates)));
  return new Set(rows.map((r) => r.id));
}

export async function listFriends(db: Executor, userId: string) {
  return db
    .select(friendColumns)
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(eq(friendships.userId, userId))
    .orderBy(asc(users.username), asc(users.fullName));
}

/** The requests the user received or sent, oldest first, with the other person's fields. */
function listRequests(db: Executor, userId: string, direction: 'received' | 'sent') {
  const [mine, theirs] =
    direction === 'sent'
      ? [friendRequests.requesterId, friendRequests.receiverId]
      : [friendRequests.receiverId, friendRequests.requesterId];
  return db
    .select(friendColumns)
    .from(friendRequests)
    .innerJoin(users, eq(users.id, theirs))
    .where(eq(mine, userId))
    .orderBy(asc(friendRequests.createdAt));
}

export const listReceived = (db: Executor, userId: string) => listRequests(db, userId, 'received');

export const listSent = (db: Executor, userId: string) => listRequests(db, userId, 'sent');

const requestFrom = (requesterId: string, receiverId: string) =>
  and(eq(friendRequests.requesterId, requesterId), eq(friendRequests.receiverId, receiverId));

export async function requestExists(db: Executor, requesterId: string, receiverId: string): Promise<boolean> {
  return anyRow(db, friendRequests, requestFrom(requesterId, receiverId));
}

/** Inserts a request; false if it already existed (a concurrent double click). */
export async function insertRequest(db: Executor, requesterId: string, receiverId: string): Promise<boolean> {
  return insertIfAbsent(db, friendRequests, { requesterId, receiverId });
}

export async function deleteRequest(db: Executor, requesterId: string, receiverId: string): Promise<boolean> {
  return deleteRows(db, friendRequests, requestFrom(requesterId, receiverId));
}

/** Both directions of the friendship, and no pending request left either way. */
export async function befriend(db: Executor, a: string, b: string): Promise<void> {
  await db
    .delete(friendRequests)
    .where(
      or(
        and(eq(friendRequests.requesterId, a), eq(friendRequests.receiverId, b)),
        and(eq(friendRequests.requesterId, b), eq(friendRequests.receiverId, a)),
      ),
    );
  await db
    .insert(friendships)
    .values([
      { userId: a, friendId: b },
      { userId: b, friendId: a },
    ])
    .onConflictDoNothing();
}

export async function unfriend(db: Executor, a: string, b: string): Promise<boolean> {
  const rows = await db
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, a), eq(friendships.friendId, b)),
        and(eq(friendships.userId, b), eq(friendships.friendId, a)),
      ),
    )
    .returning({ u: friendships.userId });
  return rows.length > 0;
}
