import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { eventSubgroups, events, subgroupMembers, users } from '../../db/schema/index.ts';
import type { Person } from '../chat/chat.repository.ts';
import { visibleTo } from '../events/events.repository.ts';

export type SubgroupRow = typeof eventSubgroups.$inferSelect;
export type SubgroupMember = Person & { subgroupId: string };

const memberExists = (userId: string) =>
  sql<boolean>`exists (select 1 from subgroup_members m
    where m.subgroup_id = ${eventSubgroups.id} and m.user_id = ${userId})`;

/**
 * The sub-group if its event is visible to `viewerId`, with the event's organizer and whether the
 * viewer is a member, in one query.
 */
export async function findSubgroupFor(
  db: Executor,
  id: string,
  viewerId: string,
): Promise<{ subgroup: SubgroupRow; organizerId: string; isMember: boolean } | undefined> {
  const rows = await db
    .select({ subgroup: eventSubgroups, organizerId: events.creatorId, isMember: memberExists(viewerId) })
    .from(eventSubgroups)
    .innerJoin(events, eq(events.id, eventSubgroups.eventId))
    .where(and(eq(eventSubgroups.id, id), visibleTo(viewerId)))
    .limit(1);
  return rows[0];
}

/** Sub-groups of an event in creation order; with `memberId`, only those that include them. */
export async function listForEvent(
  db: Executor,
  eventId: string,
  memberId: string | undefined,
): Promise<SubgroupRow[]> {
  return db
    .select()
    .from(eventSubgroups)
    .where(and(eq(eventSubgroups.eventId, eventId), memberId ? memberExists(memberId) : undefined))
    .orderBy(asc(eventSubgroups.createdAt), asc(eventSubgroups.id));
}

/** The sub-groups `userId` belongs to, on events they can see, with the event's title. */
export async function listOfMember(db: Executor, userId: string) {
  return db
    .select({ subgroup: eventSubgroups, eventTitle: events.title })
    .from(subgroupMembers)
    .innerJoin(eventSubgroups, eq(eventSubgroups.id, subgroupMembers.subgroupId))
    .leftJoin(events, eq(events.id, eventSubgroups.eventId))
    .where(and(eq(subgroupMembers.userId, userId), or(sql`${events.id} is null`, visibleTo(userId))))
    .orderBy(asc(eventSubgroups.createdAt), asc(eventSubgroups.id));
}

export async function insertSubgroup(
  db: Executor,
  values: { eventId: string; name: string; createdBy: string },
): Promise<SubgroupRow> {
  const rows = await db
    .insert(eventSubgroups)
    .values({ id: uuidv7(), ...values })
    .returning();
  return rows[0]!; // INSERT … RETURNING always yields the row
}

export async function renameSubgroup(db: Executor, id: string, name: string) {
  const rows = await db
    .update(eventSubgroups)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(eventSubgroups.id, id))
    .returning();
  return rows[0];
}

export async function touchSubgroup(db: Executor, id: string) {
  const rows = await db
    .update(eventSubgroups)
    .set({ updatedAt: sql`now()` })
    .where(eq(eventSubgroups.id, id))
    .returning();
  return rows[0];
}

/** Removes the sub-group; a trigger removes its chat history (migration 0006). */
export async function deleteSubgroup(db: Executor, id: string): Promise<void> {
  await db.delete(eventSubgroups).where(eq(eventSubgroups.id, id));
}

/** Adds members; ones already in the sub-group stay as they were. */
export async function addMembers(db: Executor, subgroupId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(subgroupMembers)
    .values(userIds.map((userId) => ({ subgroupId, userId })))
    .onConflictDoNothing();
}

/** True if the user was a member. */
export async function removeMember(db: Executor, subgroupId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(subgroupMembers)
    .where(and(eq(subgroupMembers.subgroupId, subgroupId), eq(subgroupMembers.userId, userId)))
    .returning({ userId: subgroupMembers.userId });
  return rows.length > 0;
}

/** Members of these sub-groups, in the order they were added. */
export async function membersOf(db: Executor, subgroupIds: string[]): Promise<SubgroupMember[]> {
  if (subgroupIds.length === 0) return [];
  return db
    .select({
      subgroupId: subgroupMembers.subgroupId,
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      profileImage: users.profileImage,
    })
    .from(subgroupMembers)
    .innerJoin(users, eq(users.id, subgroupMembers.userId))
    .where(inArray(subgroupMembers.subgroupId, subgroupIds))
    .orderBy(asc(subgroupMembers.addedAt), asc(users.id));
}
