import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { communities } from './communities.ts';
import type { EventQuestion } from './events.ts';
import { users } from './users.ts';

/**
 * A weekly or monthly series (decision 023). It is a template: its occurrences are real rows of
 * `events` (each with its own page, RSVPs and chat), created ahead by `extendSeries` as drafts
 * until a host confirms them. Times are wall-clock times in `time_zone`, so 19:00 stays 19:00
 * across a daylight-saving change.
 */
export const eventSeries = pgTable(
  'event_series',
  {
    id: uuid('id').primaryKey(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'set null' }),
    freq: text('freq', { enum: ['weekly', 'monthly'] }).notNull(),
    interval: integer('interval').notNull().default(1),
    /** No occurrence starts after this instant; null = open-ended. */
    until: timestamp('until', { withTimezone: true }),
    timeZone: text('time_zone').notNull(),
    /** Local start of occurrence 0, `YYYY-MM-DDTHH:mm` in `time_zone`. */
    startLocal: text('start_local').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    cost: numeric('cost', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    isFree: boolean('is_free').notNull().default(true),
    visibility: text('visibility', { enum: ['PUBLIC', 'PRIVATE'] })
      .notNull()
      .default('PUBLIC'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    imageUrl: text('image_url'),
    /** Capacity rules copied onto each occurrence (the same columns and defaults as `events`). */
    capacity: integer('capacity'),
    offerHours: integer('offer_hours').notNull().default(12),
    maxGuests: integer('max_guests').notNull().default(0),
    allowTransfers: boolean('allow_transfers').notNull().default(false),
    /** Asked at RSVP on every occurrence, with the same question ids. */
    questions: jsonb('questions').$type<EventQuestion[]>().notNull().default([]),
    /** Occurrences 0 … generated-1 have been created (some may since have been deleted). */
    generated: integer('generated').notNull().default(0),
    /** The UID of the recurring iCalendar VEVENT it was imported from (issue 26). */
    importUid: text('import_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_series_creator_idx').on(t.creatorId),
    uniqueIndex('event_series_import_uid_idx')
      .on(t.communityId, t.importUid)
      .where(sql`import_uid is not null`),
  ],
);

/** "Going to the whole series": each confirmed occurrence counts the person as going. */
export const seriesStanding = pgTable(
  'series_standing',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => eventSeries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId] }), index('series_standing_user_idx').on(t.userId)],
);

export type SeriesRow = typeof eventSeries.$inferSelect;
