import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  type PgColumn,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, ownedBy } from './columns.ts';
import { users } from './users.ts';

export const GROUP_KINDS = ['friend_group', 'event_subgroup', 'community'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

/**
 * Every group, whatever its kind (decision 034): a friend group, an event sub-group or a
 * community is a row here with the same id. The kind's own columns stay in its table
 * (`friend_groups`, `event_subgroups`, `communities`), whose (id, kind) references this row;
 * triggers insert and delete it with the kind's row (migration 0024).
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: GROUP_KINDS }).notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('groups_id_kind_key').on(t.id, t.kind),
    check('groups_kind_check', sql`${t.kind} IN ('friend_group', 'event_subgroup', 'community')`),
  ],
);

/** A kind's table's `kind` column: always this kind (it completes the key into `groups`). */
export const kindColumn = <K extends GroupKind>(kind: K) =>
  text('kind', { enum: [kind] as [K] })
    .notNull()
    .default(kind);

/** A kind's table is a group of that kind: its (id, kind) is a `groups` row, gone with it. */
export function groupOfKind(table: string, t: { id: PgColumn; kind: PgColumn }, kind: GroupKind) {
  return [
    foreignKey({
      name: `${table}_group_fk`,
      columns: [t.id, t.kind],
      foreignColumns: [groups.id, groups.kind],
    }).onDelete('cascade'),
    // A constant from GroupKind, never input: inlined as the migration writes it.
    check(`${table}_kind_check`, sql`${t.kind} = ${sql.raw(`'${kind}'`)}`),
  ];
}

/**
 * Who belongs to a group, of any kind: one row per person and group, with a role and a state.
 * Friend groups and sub-groups use `member`/`MEMBER` only; a community also has join requests
 * (`pending`), invitations, bans and organisers. Read and written only by modules/groups.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id').notNull(),
    kind: text('kind', { enum: GROUP_KINDS }).notNull(),
    userId: ownedBy('user_id', () => users.id),
    role: text('role', { enum: ['OWNER', 'ORGANIZER', 'MEMBER'] })
      .notNull()
      .default('MEMBER'),
    state: text('state', { enum: ['member', 'pending', 'invited', 'banned'] })
      .notNull()
      .default('member'),
    /** Answers to the join questions, in their order (APPROVAL communities). */
    answers: text('answers').array().notNull().default(sql`'{}'::text[]`),
    /** New events of a community: `all` notifies this member of each one, `none` of none. */
    eventNotifications: text('event_notifications', { enum: ['all', 'none'] })
      .notNull()
      .default('all'),
    /** A community member lets its organisers see their e-mail address (the export). */
    shareEmail: boolean('share_email').notNull().default(false),
    addedAt: instant('added_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'group_members_pk', columns: [t.groupId, t.userId] }),
    foreignKey({
      name: 'group_members_group_fk',
      columns: [t.groupId, t.kind],
      foreignColumns: [groups.id, groups.kind],
    }).onDelete('cascade'),
    check('group_members_role_check', sql`${t.role} IN ('OWNER', 'ORGANIZER', 'MEMBER')`),
    check('group_members_state_check', sql`${t.state} IN ('member', 'pending', 'invited', 'banned')`),
    index('group_members_user_idx').on(t.userId, t.kind, t.state),
    // The member list pages through one state in join order.
    index('group_members_list_idx').on(t.groupId, t.state, t.addedAt, t.userId),
    // One owner per group: a second OWNER row is refused by the database.
    uniqueIndex('group_members_one_owner').on(t.groupId).where(sql`${t.role} = 'OWNER'`),
  ],
);

export type GroupMemberRow = typeof groupMembers.$inferSelect;
