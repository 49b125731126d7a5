import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { friendGroupMembers, friendGroups, users } from '../../db/schema/index.ts';
import type { Person } from '../chat/chat.repository.ts';

export type FriendGroupRow = typeof friendGroups.$inferSelect;
export type GroupMember = Person & { groupId: string };

export async function insertGroup(db: Executor, values: { name: string; createdBy: string }) {
  const rows = await db
    .insert(friendGroups)
    .values({ id: uuidv7(), ...values })
    .returning();
  return rows[0]!; // INSERT … RETURNING always yields the row
}

/** Adds members; ones already in the group stay as they were. */
export async function addMembers(db: Executor, groupId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(friendGroupMembers)
    .values(userIds.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing();
}

/** True if the user was a member. */
export async function removeMember(db: Executor, groupId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(friendGroupMembers)
    .where(and(eq(friendGroupMembers.groupId, groupId), eq(friendGroupMembers.userId, userId)))
    .returning({ userId: friendGroupMembers.userId });
  return rows.length > 0;
}

export async function isMember(db: Executor, groupId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: friendGroupMembers.userId })
    .from(friendGroupMembers)
    .where(and(eq(friendGroupMembers.groupId, groupId), eq(friendGroupMembers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** The group and whether `userId` belongs to it, in one query. */
export async function findGroupFor(
  db: Executor,
  id: string,
  userId: string,
): Promise<{ group: FriendGroupRow; isMember: boolean } | undefined> {
  const rows = await db
    .select({
      group: friendGroups,
      isMember: sql<boolean>`exists (select 1 from friend_group_members m
        where m.group_id = ${friendGroups.id} and m.user_id = ${userId})`,
    })
    .from(friendGroups)
    .where(eq(friendGroups.id, id))
    .limit(1);
  return rows[0];
}

/** The groups `userId` belongs to, newest first. */
export async function listGroupsOf(db: Executor, userId: string): Promise<FriendGroupRow[]> {
  const rows = await db
    .select({ group: friendGroups })
    .from(friendGroupMembers)
    .innerJoin(friendGroups, eq(friendGroups.id, friendGroupMembers.groupId))
    .where(eq(friendGroupMembers.userId, userId))
    .orderBy(desc(friendGroups.createdAt), desc(friendGroups.id));
  return rows.map((r) => r.group);
}

/** Members of these groups, in the order they joined. */
export async function membersOf(db: Executor, groupIds: string[]): Promise<GroupMember[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({
      groupId: friendGroupMembers.groupId,
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      profileImage: users.profileImage,
    })
    .from(friendGroupMembers)
    .innerJoin(users, eq(users.id, friendGroupMembers.userId))
    .where(inArray(friendGroupMembers.groupId, groupIds))
    .orderBy(asc(friendGroupMembers.addedAt), asc(users.id));
}

export async function countMembers(db: Executor, groupId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(friendGroupMembers)
    .where(eq(friendGroupMembers.groupId, groupId));
  return row?.count ?? 0;
}

export async function touchGroup(db: Executor, id: string): Promise<FriendGroupRow | undefined> {
  const rows = await db
    .update(friendGroups)
    .set({ updatedAt: sql`now()` })
    .where(eq(friendGroups.id, id))
    .returning();
  return rows[0];
}

/** Removes the group; a trigger removes its chat history (migration 0006). */
export async function deleteGroup(db: Executor, id: string): Promise<void> {
  await db.delete(friendGroups).where(eq(friendGroups.id, id));
}
