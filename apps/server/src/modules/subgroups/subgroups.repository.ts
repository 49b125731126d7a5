import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insertRow, updateRow } from '../../db/rows.ts';
import { eventSubgroups, events } from '../../db/schema/index.ts';
import { visibleTo } from '../access/events.ts';
import { groupIdsOf, memberExists } from '../access/groups.ts';
import { groupKinds } from '../groups/kinds.ts';

export type SubgroupRow = typeof eventSubgroups.$inferSelect;

const isMemberOf = (userId: string) => sql<boolean>`${memberExists(eventSubgroups.id, userId)}`;

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
    .select({ subgroup: eventSubgroups, organizerId: events.creatorId, isMember: isMemberOf(viewerId) })
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
    .where(and(eq(eventSubgroups.eventId, eventId), memberId ? isMemberOf(memberId) : undefined))
    .orderBy(asc(eventSubgroups.createdAt), asc(eventSubgroups.id));
}

/** The sub-groups `userId` belongs to, on events they can see, with the event's title. */
export async function listOfMember(db: Executor, userId: string) {
  return db
    .select({ subgroup: eventSubgroups, eventTitle: events.title })
    .from(eventSubgroups)
    .leftJoin(events, eq(events.id, eventSubgroups.eventId))
    .where(
      and(
        inArray(eventSubgroups.id, groupIdsOf(groupKinds.subgroup, userId)),
        or(sql`${events.id} is null`, visibleTo(userId)),
      ),
    )
    .orderBy(asc(eventSubgroups.createdAt), asc(eventSubgroups.id));
}

export async function insertSubgroup(
  db: Executor,
  values: { eventId: string; name: string; createdBy: string },
): Promise<SubgroupRow> {
  return insertRow(db, eventSubgroups, values);
}

export async function renameSubgroup(db: Executor, id: string, name: string) {
  return updateRow(db, eventSubgroups, id, { name });
}

export async function touchSubgroup(db: Executor, id: string) {
  return updateRow(db, eventSubgroups, id);
}

/** Removes the sub-group; a trigger removes its chat history (migration 0009). */
export async function deleteSubgroup(db: Executor, id: string): Promise<void> {
  await db.delete(eventSubgroups).where(eq(eventSubgroups.id, id));
}
