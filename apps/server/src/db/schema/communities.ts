import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { places } from './places.ts';
import { users } from './users.ts';

/**
 * A club as a place: an about card anyone can read, members with roles and states, events and a
 * chat (channel `community:<id>`). Membership rows live in `community_members`, read and written
 * through the shared membership repository (docs/decisions/015).
 */
export const communities = pgTable(
  'communities',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    location: text('location').notNull().default(''),
    /** Where it meets (issue 22), next to the free-text `location`. */
    placeId: uuid('place_id').references(() => places.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    visibility: text('visibility', { enum: ['PUBLIC', 'PRIVATE'] })
      .notNull()
      .default('PUBLIC'),
    joinPolicy: text('join_policy', { enum: ['OPEN', 'APPROVAL', 'INVITE'] })
      .notNull()
      .default('OPEN'),
    joinQuestions: text('join_questions').array().notNull().default(sql`'{}'::text[]`),
    verified: boolean('verified').notNull().default(false),
    /** Members in state `member`; kept by the service in the same transaction as the change. */
    memberCount: integer('member_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('communities_slug_idx').on(t.slug),
    // Discovery reads the biggest first, keyset on (member_count, id), by scanning this index
    // backward: `order by … desc` means NULLS FIRST, which a `desc nulls last` index cannot serve.
    // Search (name, place, address) uses communities_search_trgm, hand-written in the migration.
    index('communities_discover_idx').on(t.memberCount, t.id),
    index('communities_tags_gin').using('gin', t.tags),
  ],
);

export const communityMembers = pgTable(
  'community_members',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['OWNER', 'ORGANIZER', 'MEMBER'] })
      .notNull()
      .default('MEMBER'),
    state: text('state', { enum: ['member', 'pending', 'invited', 'banned'] }).notNull(),
    /** Answers to the join questions, in their order (APPROVAL communities). */
    answers: text('answers').array().notNull().default(sql`'{}'::text[]`),
    /** New events of the community: `all` notifies this member of each one, `none` of none. */
    eventNotifications: text('event_notifications', { enum: ['all', 'none'] })
      .notNull()
      .default('all'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index('community_members_user_idx').on(t.userId, t.state),
    // The member list pages through one state in join order.
    index('community_members_list_idx').on(t.communityId, t.state, t.addedAt, t.userId),
  ],
);

export type CommunityRow = typeof communities.$inferSelect;
export type CommunityMemberRow = typeof communityMembers.$inferSelect;
