import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { eventTemplate, eventWhere, instant, ownedBy, timestamps } from './columns.ts';
import { communities } from './communities.ts';
import { places } from './places.ts';
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
    creatorId: ownedBy('creator_id', () => users.id),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'set null' }),
    freq: text('freq', { enum: ['weekly', 'monthly'] }).notNull(),
    interval: integer('interval').notNull().default(1),
    /** No occurrence starts after this instant; null = open-ended. */
    until: instant('until'),
    timeZone: text('time_zone').notNull(),
    /** Local start of occurrence 0, `YYYY-MM-DDTHH:mm` in `time_zone`. */
    startLocal: text('start_local').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Copied onto each occurrence; the questions keep their ids on every occurrence. */
    ...eventTemplate(),
    /** Where its occurrences happen, copied onto each of them too. */
    ...eventWhere(() => places.id),
    /** Occurrences 0 … generated-1 have been created (some may since have been deleted). */
    generated: integer('generated').notNull().default(0),
    /**
     * The host's choice (decision 057): each date is published by the confirmation job
     * when it enters the window, instead of the host being asked. Off by default.
     */
    autoPublish: boolean('auto_publish').notNull().default(false),
    /** The UID of the recurring iCalendar VEVENT it was imported from. */
    importUid: text('import_uid'),
    ...timestamps(),
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
    seriesId: ownedBy('series_id', () => eventSeries.id),
    userId: ownedBy('user_id', () => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId] }), index('series_standing_user_idx').on(t.userId)],
);

export type SeriesRow = typeof eventSeries.$inferSelect;
