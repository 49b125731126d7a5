import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { users } from './users.ts';

/** A private group of friends with its own chat (channel `group:<id>`). */
export const friendGroups = pgTable('friend_groups', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const friendGroupMembers = pgTable(
  'friend_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => friendGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('friend_group_members_user_idx').on(t.userId),
  ],
);

/** A smaller circle inside an event, created by its organizer (channel `subgroup:<id>`). */
export const eventSubgroups = pgTable(
  'event_subgroups',
  {
    id: uuid('id').primaryKey(),
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
  (t) => [index('event_subgroups_event_idx').on(t.eventId)],
);

export const subgroupMembers = pgTable(
  'subgroup_members',
  {
    subgroupId: uuid('subgroup_id')
      .notNull()
      .references(() => eventSubgroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subgroupId, t.userId] }), index('subgroup_members_user_idx').on(t.userId)],
);
