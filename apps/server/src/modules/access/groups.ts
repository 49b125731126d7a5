import { and, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { type GroupKind, groupMembers as m } from '../../db/schema/index.ts';

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
