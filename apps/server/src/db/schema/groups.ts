import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { groups } from './members.ts';
import { users } from './users.ts';

/**
 * A private group of friends with its own chat (channel `group:<id>`): a group of kind
 * `friend_group` (its members are `group_members` rows, decision 034).
 */
export const friendGroups = pgTable(
  'friend_groups',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['friend_group'] })
      .notNull()
      .default('friend_group'),
    name: text('name').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'friend_groups_group_fk',
      columns: [t.id, t.kind],
      foreignColumns: [groups.id, groups.kind],
    }).onDelete('cascade'),
    check('friend_groups_kind_check', sql`${t.kind} = 'friend_group'`),
  ],
);

/**
 * A smaller circle inside an event, created by its organizer (channel `subgroup:<id>`): a group of
 * kind `event_subgroup`.
 */
export const eventSubgroups = pgTable(
  'event_subgroups',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['event_subgroup'] })
      .notNull()
      .default('event_subgroup'),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_subgroups_event_idx').on(t.eventId),
    foreignKey({
      name: 'event_subgroups_group_fk',
      columns: [t.id, t.kind],
      foreignColumns: [groups.id, groups.kind],
    }).onDelete('cascade'),
    check('event_subgroups_kind_check', sql`${t.kind} = 'event_subgroup'`),
  ],
);
