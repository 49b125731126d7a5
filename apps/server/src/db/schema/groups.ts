import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { groupOfKind, kindColumn } from './members.ts';
import { users } from './users.ts';

/**
 * A private group of friends with its own chat (channel `group:<id>`): a group of kind
 * `friend_group` (its members are `group_members` rows, decision 034).
 */
export const friendGroups = pgTable(
  'friend_groups',
  {
    id: uuid('id').primaryKey(),
    kind: kindColumn('friend_group'),
    name: text('name').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [...groupOfKind('friend_groups', t, 'friend_group')],
);

/**
 * A smaller circle inside an event, created by its organizer (channel `subgroup:<id>`): a group of
 * kind `event_subgroup`.
 */
export const eventSubgroups = pgTable(
  'event_subgroups',
  {
    id: uuid('id').primaryKey(),
    kind: kindColumn('event_subgroup'),
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
    ...groupOfKind('event_subgroups', t, 'event_subgroup'),
  ],
);
