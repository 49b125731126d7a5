import { sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { communities } from './communities.ts';
import { users } from './users.ts';

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    cost: numeric('cost', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    isFree: boolean('is_free').notNull().default(true),
    /** Stored status; a LIVE event whose end has passed is reported PAST by every read. */
    status: text('status', { enum: ['DRAFT', 'LIVE', 'PAST'] })
      .notNull()
      .default('DRAFT'),
    visibility: text('visibility', { enum: ['PUBLIC', 'PRIVATE'] })
      .notNull()
      .default('PUBLIC'),
    recurrence: text('recurrence', { enum: ['NONE', 'DAILY', 'WEEKLY', 'MONTHLY', 'CUSTOM'] })
      .notNull()
      .default('NONE'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    imageUrl: text('image_url'),
    /** Hosted by this community (organisers and owners only); a PRIVATE community's events are for its members. */
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'set null' }),
    /** Hidden by a moderator: kept for the audit, shown nowhere (`visibleTo`). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Lists read these in order and stop after a page: all events, upcoming (LIVE), ended (PAST).
    index('events_start_all_idx').on(t.startDate, t.id),
    index('events_live_start_idx').on(t.startDate, t.id).where(sql`status = 'LIVE'`),
    index('events_past_start_idx').on(t.startDate, t.id).where(sql`status = 'PAST'`),
    index('events_creator_start_idx').on(t.creatorId, t.startDate, t.id),
    index('events_status_end_idx').on(t.status, t.endDate),
    index('events_tags_gin').using('gin', t.tags),
    index('events_community_start_idx')
      .on(t.communityId, t.startDate, t.id)
      .where(sql`community_id is not null`),
  ],
);

export const rsvps = pgTable(
  'rsvps',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['going', 'maybe', 'not_going'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('rsvps_user_idx').on(t.userId, t.eventId)],
);

export type EventRow = typeof events.$inferSelect;
export type RsvpRow = typeof rsvps.$inferSelect;
