import { and, asc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { type GroupKind, type GroupMemberRow, groupMembers as m, users } from '../../db/schema/index.ts';

/**
 * Who belongs to a group, as the rules of every kind read it (decision 068: the policy floor).
 * Reads only; the one membership writer is `modules/groups` (decision 034).
 */

const belongs = sql`${m.state} = 'member'`;

/**
 * `exists (a member row of group <groupId> for <userId>)`, for use inside other queries (a group's
 * own lookup, the events and communities visibility predicates). `groupId` is a column or value of the outer query.
 */
export function memberExists(groupId: SQL | PgColumn, userId: string | Placeholder): SQL {
  return sql`exists (select 1 from group_members gm where gm.group_id = ${groupId} and gm.user_id = ${userId} and gm.state = 'member')`;
}

/** Ids of the groups of this kind `userId` belongs to. */
export function groupIdsOf(k: { kind: GroupKind }, userId: string): SQL {
  return sql`(select gm.group_id from group_members gm where gm.user_id = ${userId} and gm.kind = ${k.kind} and gm.state = 'member')`;
}

/** Whether `userId` is an owner or organiser of the group (hosting rights, co-hosting). */
export function organizerExists(groupId: SQL | PgColumn | string, userId: string): SQL {
  return sql`exists (select 1 from group_members gm where gm.group_id = ${groupId}
    and gm.user_id = ${userId} and gm.state = 'member' and gm.role in ('OWNER', 'ORGANIZER'))`;
}

/**
 * Ids of the group's members: `notifiedOfEvents` those who want to hear of each new event,
 * `organizers` its owner and organisers (who hear of join requests), `owner` its owner.
 */
export async function memberIds(
  db: Executor,
  groupId: string,
  which: 'notifiedOfEvents' | 'organizers' | 'owner',
): Promise<string[]> {
  const chosen = {
    notifiedOfEvents: eq(m.eventNotifications, 'all'),
    organizers: inArray(m.role, ['OWNER', 'ORGANIZER']),
    owner: eq(m.role, 'OWNER'),
  }[which];
  const rows = await db
    .select({ userId: m.userId })
    .from(m)
    .where(and(eq(m.groupId, groupId), belongs, chosen));
  return rows.map((r) => r.userId);
}

/**
 * Every member of the group for its export, in join order (the organisers' view of who belongs): the e-mail address only of those who
 * agreed to share it (`share_email`), null for everyone else, decided in the query itself.
 */
export async function membersForExport(db: Executor, groupId: string) {
  return db
    .select({
      name: users.fullName,
      username: users.username,
      role: m.role,
      joined: m.addedAt,
      email: sql<string | null>`case when ${m.shareEmail} then ${users.email} end`,
    })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(and(eq(m.groupId, groupId), belongs))
    .orderBy(asc(m.addedAt), asc(m.userId));
}

/** Which of these (lower-case) addresses belong to the group's members, banned people, or neither. */
export async function statesOfAddresses(db: Executor, groupId: string, emails: string[]) {
  if (emails.length === 0)
    return new Map<string, { userId: string; state: GroupMemberRow['state'] | null }>();
  const rows = await db
    .select({ email: users.email, userId: users.id, state: m.state })
    .from(users)
    .leftJoin(m, and(eq(m.groupId, groupId), eq(m.userId, users.id)))
    .where(inArray(users.email, emails));
  return new Map(rows.map((r) => [r.email.toLowerCase(), { userId: r.userId, state: r.state }]));
}
