import { and, asc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { communityMembers, friendGroupMembers, subgroupMembers, users } from '../../db/schema/index.ts';
import type { Person } from '../chat/chat.repository.ts';

/**
 * The one membership mechanism (docs/decisions/015). Friend groups, event sub-groups and
 * communities are each "a group with members and a chat"; every read and write of who belongs
 * goes through these functions, over the kind's member table. A kind with join requests,
 * invitations and bans (communities) keeps a state per row; there, only `member` belongs.
 */
export type MemberTable = {
  table: PgTable;
  group: PgColumn;
  user: PgColumn;
  addedAt: PgColumn;
  state?: PgColumn;
};

export const memberTables = {
  friendGroup: {
    table: friendGroupMembers,
    group: friendGroupMembers.groupId,
    user: friendGroupMembers.userId,
    addedAt: friendGroupMembers.addedAt,
  },
  subgroup: {
    table: subgroupMembers,
    group: subgroupMembers.subgroupId,
    user: subgroupMembers.userId,
    addedAt: subgroupMembers.addedAt,
  },
  community: {
    table: communityMembers,
    group: communityMembers.communityId,
    user: communityMembers.userId,
    addedAt: communityMembers.addedAt,
    state: communityMembers.state,
  },
} satisfies Record<string, MemberTable>;

export type GroupMember = Person & { groupId: string };

const belongs = (t: MemberTable): SQL | undefined => (t.state ? sql`${t.state} = 'member'` : undefined);
const column = (c: PgColumn) => sql.identifier(c.name);
const uuidArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/**
 * `exists (a member row of group <groupId> for <userId>)`, for use inside other queries (a group's
 * own lookup, the events visibility predicate). `groupId` is a column or value of the outer query.
 */
export function memberExists(t: MemberTable, groupId: SQL | PgColumn, userId: string | Placeholder): SQL {
  const state = t.state ? sql` and m.${column(t.state)} = 'member'` : sql``;
  return sql`exists (select 1 from ${t.table} m where m.${column(t.group)} = ${groupId} and m.${column(t.user)} = ${userId}${state})`;
}

/** Adds members (state `member` where the kind has states); rows already there stay as they were. */
export async function addMembers(
  db: Executor,
  t: MemberTable,
  groupId: string,
  userIds: string[],
): Promise<void> {
  if (userIds.length === 0) return;
  const state = t.state ? sql`, ${column(t.state)}` : sql``;
  const stateValue = t.state ? sql`, 'member'` : sql``;
  await db.execute(sql`insert into ${t.table} (${column(t.group)}, ${column(t.user)}${state})
    select ${groupId}::uuid, u${stateValue} from unnest(${uuidArray(userIds)}) as u
    on conflict do nothing`);
}

/** Deletes the user's row, whatever its state. True if there was one. */
export async function removeMember(
  db: Executor,
  t: MemberTable,
  groupId: string,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .delete(t.table)
    .where(and(eq(t.group, groupId), eq(t.user, userId)))
    .returning({ userId: t.user });
  return rows.length > 0;
}

export async function isMember(
  db: Executor,
  t: MemberTable,
  groupId: string,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .select({ userId: t.user })
    .from(t.table)
    .where(and(eq(t.group, groupId), eq(t.user, userId), belongs(t)))
    .limit(1);
  return rows.length > 0;
}

/** Members of these groups, in the order they joined, as people (never an e-mail address). */
export async function membersOf(db: Executor, t: MemberTable, groupIds: string[]): Promise<GroupMember[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({
      groupId: sql<string>`${t.group}`,
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      profileImage: users.profileImage,
    })
    .from(t.table)
    .innerJoin(users, eq(users.id, t.user))
    .where(and(inArray(t.group, groupIds), belongs(t)))
    .orderBy(asc(t.addedAt), asc(users.id));
  return rows;
}

export async function countMembers(db: Executor, t: MemberTable, groupId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(t.table)
    .where(and(eq(t.group, groupId), belongs(t)));
  return row?.count ?? 0;
}

/** Ids of the groups of this kind `userId` belongs to. */
export function groupIdsOf(t: MemberTable, userId: string): SQL {
  const state = t.state ? sql` and ${t.state} = 'member'` : sql``;
  return sql`(select ${t.group} from ${t.table} where ${t.user} = ${userId}${state})`;
}
