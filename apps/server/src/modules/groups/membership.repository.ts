import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { anyRow, deleteRows, firstRow } from '../../db/rows.ts';
import { eventCohosts, events, type GroupMemberRow, groupMembers, users } from '../../db/schema/index.ts';
import { type Person, personColumns } from '../../platform/people.ts';
import type { CohostKindConfig, GroupKindConfig, KindRules } from './kinds.ts';
import { groupKinds } from './kinds.ts';

/**
 * The one membership mechanism (docs/decisions/034 and 067). Friend groups, event sub-groups and
 * communities are each a group (a `groups` row) with members (`group_members` rows); an event's
 * co-hosts are `event_cohosts` rows. Every SQL statement that writes who belongs, or with which
 * role, is in this file, and only `membership.service.ts` (the one writer) calls the writing ones;
 * other modules read through the fragments and readers below. Only state `member` belongs; the
 * other states (pending, invited, banned) are used by communities.
 */
export type { GroupKindConfig } from './kinds.ts';
export { groupKinds } from './kinds.ts';

export type GroupMember = Person & { groupId: string };
export type Membership = GroupMemberRow;

const m = groupMembers;
const belongs = sql`${m.state} = 'member'`;
const uuidArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** Adds members (state `member`); rows already there stay as they were. */
export async function addMembers(
  db: Executor,
  k: GroupKindConfig,
  groupId: string,
  userIds: string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`insert into group_members (group_id, kind, user_id)
    select ${groupId}::uuid, ${k.kind}, u from unnest(${uuidArray(userIds)}) as u
    on conflict do nothing`);
}

/** Deletes the user's row, whatever its state. True if there was one. */
export async function removeMember(db: Executor, groupId: string, userId: string): Promise<boolean> {
  return deleteRows(db, m, and(eq(m.groupId, groupId), eq(m.userId, userId)));
}

export async function isMember(db: Executor, groupId: string, userId: string): Promise<boolean> {
  return anyRow(db, m, and(eq(m.groupId, groupId), eq(m.userId, userId), belongs));
}

/** Members of these groups, in the order they joined, as people (never an e-mail address). */
export async function membersOf(db: Executor, groupIds: string[]): Promise<GroupMember[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: m.groupId, ...personColumns })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(and(inArray(m.groupId, groupIds), belongs))
    .orderBy(asc(m.addedAt), asc(users.id));
}

export async function countMembers(db: Executor, groupId: string): Promise<number> {
  return db.$count(m, and(eq(m.groupId, groupId), belongs));
}

/** The user's row in the group, whatever its state. */
export async function findMembership(db: Executor, groupId: string, userId: string) {
  return firstRow(db, m, and(eq(m.groupId, groupId), eq(m.userId, userId)));
}

/** A co-host row as the writer decides on it: a member with the organiser role. */
export type CohostRow = {
  groupId: string;
  userId: string;
  role: 'ORGANIZER';
  state: 'member';
  addedAt: Date;
};

/**
 * Locks the group's row in its kind's own table for the rest of the transaction, so that changes
 * of one group's members run one at a time and each decides against the rows as they are
 * (decision 034). `no key update` leaves foreign-key checks and readers alone.
 */
export async function lockGroup(db: Executor, k: KindRules, groupId: string): Promise<void> {
  await db.execute(sql`select 1 from ${sql.identifier(k.lockTable)} where id = ${groupId} for no key update`);
}

/** The person's co-host row of the event, if any. */
export async function findCohost(
  db: Executor,
  eventId: string,
  userId: string,
): Promise<CohostRow | undefined> {
  const rows = await db
    .select({ groupId: eventCohosts.eventId, userId: eventCohosts.userId, addedAt: eventCohosts.addedAt })
    .from(eventCohosts)
    .where(and(eq(eventCohosts.eventId, eventId), eq(eventCohosts.userId, userId)))
    .limit(1);
  const row = rows[0];
  return row && { ...row, role: 'ORGANIZER', state: 'member' };
}

/** Makes the person a co-host of the event (a row already there stays). */
export async function putCohost(db: Executor, _k: CohostKindConfig, eventId: string, userId: string) {
  await db.insert(eventCohosts).values({ eventId, userId }).onConflictDoNothing();
}

/** Deletes the person's row (a member row or a co-host row). True if there was one. */
export async function deleteRow(
  db: Executor,
  k: KindRules,
  groupId: string,
  userId: string,
): Promise<boolean> {
  if (k.store === 'event_cohosts')
    return deleteRows(
      db,
      eventCohosts,
      and(eq(eventCohosts.eventId, groupId), eq(eventCohosts.userId, userId)),
    );
  return removeMember(db, groupId, userId);
}

/**
 * A block ends co-hosting both ways: each stops co-hosting the events the other created. Answers
 * the rows removed.
 */
export async function endCohostingBetween(
  db: Executor,
  a: string,
  b: string,
): Promise<{ groupId: string; userId: string }[]> {
  const removed = await db.execute<{ event_id: string; user_id: string }>(sql`delete from ${eventCohosts} c
    using ${events} e
    where e.id = c.event_id
      and ((e.creator_id = ${a} and c.user_id = ${b}) or (e.creator_id = ${b} and c.user_id = ${a}))
    returning c.event_id, c.user_id`);
  return removed.rows.map((r) => ({ groupId: r.event_id, userId: r.user_id }));
}

/** Creates or replaces a user's row (join, request, invite, ban, approve, role change). */
export async function putMembership(
  db: Executor,
  k: GroupKindConfig,
  values: {
    groupId: string;
    userId: string;
    role: GroupMemberRow['role'];
    state: GroupMemberRow['state'];
    answers?: string[];
    /** A new member's place in join order starts now (an approved request, an accepted invite). */
    restart?: boolean;
  },
): Promise<GroupMemberRow> {
  const { restart, ...row } = values;
  const set: PgUpdateSetSource<typeof groupMembers> = {
    role: row.role,
    state: row.state,
    updatedAt: sql`now()`,
  };
  if (row.answers) set.answers = row.answers;
  if (restart) set.addedAt = sql`now()`;
  const rows = await db
    .insert(m)
    .values({ ...row, kind: k.kind })
    .onConflictDoUpdate({ target: [m.groupId, m.userId], set })
    .returning();
  return rows[0]!; // INSERT … RETURNING always yields the row
}

/**
 * One page of a group's rows in one state, in join order; keyset on (added_at, user_id). The
 * cursor is the last user shown: their row's exact timestamp is read in the query (microseconds
 * survive).
 */
export async function memberPage(
  db: Executor,
  groupId: string,
  state: GroupMemberRow['state'],
  afterUserId: string | undefined,
  limit: number,
  roles?: GroupMemberRow['role'][],
) {
  return db
    .select({
      member: m,
      username: users.username,
      fullName: users.fullName,
      profileImage: users.profileImage,
    })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(
      and(
        eq(m.groupId, groupId),
        eq(m.state, state),
        roles ? inArray(m.role, roles) : undefined,
        afterUserId
          ? sql`(${m.addedAt}, ${m.userId}) > ((select p.added_at from group_members p
              where p.group_id = ${groupId} and p.user_id = ${afterUserId}), ${afterUserId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(m.addedAt), asc(m.userId))
    .limit(limit);
}

/** Ids of everyone with a row (any state): whose sockets leave the room when the group goes. */
export async function everyoneIn(db: Executor, groupId: string): Promise<string[]> {
  const rows = await db.select({ userId: m.userId }).from(m).where(eq(m.groupId, groupId));
  return rows.map((r) => r.userId);
}

/** Ids of the groups of this kind `userId` owns. */
export async function ownedBy(db: Executor, k: GroupKindConfig, userId: string): Promise<string[]> {
  const rows = await db
    .select({ groupId: m.groupId })
    .from(m)
    .where(and(eq(m.userId, userId), eq(m.kind, k.kind), eq(m.role, 'OWNER'), belongs));
  return rows.map((r) => r.groupId);
}

/**
 * Who takes over when the owner's account goes: the longest-standing organiser, else the
 * longest-standing member (join order is `added_at`, restarted when a request is approved).
 */
export async function successorOf(db: Executor, groupId: string, ownerId: string) {
  const rows = await db
    .select({ userId: m.userId })
    .from(m)
    .where(and(eq(m.groupId, groupId), belongs, sql`${m.userId} <> ${ownerId}`))
    .orderBy(sql`(${m.role} = 'ORGANIZER') desc`, asc(m.addedAt), asc(m.userId))
    .limit(1);
  return rows[0]?.userId;
}

/** Deletes every row of `userId` in groups of this kind; the groups they were a member of. */
export async function dropAllMemberships(
  db: Executor,
  k: GroupKindConfig,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .delete(m)
    .where(and(eq(m.userId, userId), eq(m.kind, k.kind)))
    .returning({ groupId: m.groupId, state: m.state });
  return rows.filter((r) => r.state === 'member').map((r) => r.groupId);
}

/** A member's choice for new events of the group (`all` or `none`). */
export async function setEventNotifications(
  db: Executor,
  groupId: string,
  userId: string,
  choice: GroupMemberRow['eventNotifications'],
): Promise<void> {
  await db
    .update(m)
    .set({ eventNotifications: choice })
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId)));
}

/** A member lets the group's organisers see their e-mail address (community export). */
export async function setShareEmail(db: Executor, groupId: string, userId: string, share: boolean) {
  const rows = await db
    .update(m)
    .set({ shareEmail: share })
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId), belongs))
    .returning({ shareEmail: m.shareEmail });
  return rows[0]?.shareEmail;
}

/**
 * Removes each of the two from the groups of this kind the other created (a block). Answers the
 * memberships removed; `createdBy` is the kind's creator column.
 */
export async function removeEachOther(
  db: Executor,
  k: GroupKindConfig,
  createdBy: (groupId: SQL) => SQL,
  a: string,
  b: string,
): Promise<{ groupId: string; userId: string }[]> {
  const creator = createdBy(sql`gm.group_id`);
  const removed = await db.execute<{ group_id: string; user_id: string }>(sql`
    delete from group_members gm
    where gm.kind = ${k.kind} and gm.user_id in (${a}, ${b})
      and ((gm.user_id = ${b} and ${creator} = ${a}) or (gm.user_id = ${a} and ${creator} = ${b}))
    returning gm.group_id, gm.user_id`);
  return removed.rows.map((r) => ({ groupId: r.group_id, userId: r.user_id }));
}
