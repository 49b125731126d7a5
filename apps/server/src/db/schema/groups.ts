import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ownedBy, timestamps } from './columns.ts';
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
    createdBy: ownedBy('created_by', () => users.id),
    ...timestamps(),
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
    eventId: ownedBy('event_id', () => events.id),
    name: text('name').notNull(),
    createdBy: ownedBy('created_by', () => users.id),
    ...timestamps(),
  },
  (t) => [
    index('event_subgroups_event_idx').on(t.eventId),
    ...groupOfKind('event_subgroups', t, 'event_subgroup'),
  ],
);
