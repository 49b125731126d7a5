import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insertRow, updateRow } from '../../db/rows.ts';
import { friendGroups } from '../../db/schema/index.ts';
import { groupIdsOf, memberExists } from '../access/groups.ts';
import { groupKinds } from '../groups/kinds.ts';

export type FriendGroupRow = typeof friendGroups.$inferSelect;

export async function insertGroup(db: Executor, values: { name: string; createdBy: string }) {
  return insertRow(db, friendGroups, values);
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
      isMember: sql<boolean>`${memberExists(friendGroups.id, userId)}`,
    })
    .from(friendGroups)
    .where(eq(friendGroups.id, id))
    .limit(1);
  return rows[0];
}

/** The groups `userId` belongs to, newest first. */
export async function listGroupsOf(db: Executor, userId: string): Promise<FriendGroupRow[]> {
  return db
    .select()
    .from(friendGroups)
    .where(inArray(friendGroups.id, groupIdsOf(groupKinds.friendGroup, userId)))
    .orderBy(desc(friendGroups.createdAt), desc(friendGroups.id));
}

export async function touchGroup(db: Executor, id: string): Promise<FriendGroupRow | undefined> {
  return updateRow(db, friendGroups, id);
}

/** Removes the group; a trigger removes its chat history (migration 0009). */
export async function deleteGroup(db: Executor, id: string): Promise<void> {
  await db.delete(friendGroups).where(eq(friendGroups.id, id));
}

/**
 * Deletes those of the groups nobody belongs to any more (after a block removed people from them;
 * decision 067: the removal itself is the membership writer's).
 */
export async function deleteEmptyGroups(db: Executor, groupIds: string[]): Promise<void> {
  if (groupIds.length > 0)
    await db.execute(
      sql`delete from friend_groups g where g.id in (${sql.join(
        groupIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and not exists (select 1 from group_members m where m.group_id = g.id)`,
    );
}
