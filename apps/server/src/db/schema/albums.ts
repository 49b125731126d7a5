import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, ownedBy, timestamps } from './columns.ts';
import { events } from './events.ts';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

/**
 * An event's album settings (decision 075): a row once a host chose who sees it, or once its first
 * photo arrived. No row: the album is seen by whoever sees the event, and is empty.
 */
export const eventAlbums = pgTable(
  'event_albums',
  {
    eventId: ownedBy('event_id', () => events.id).primaryKey(),
    /** `event`: whoever sees the event (visibleTo); `attendees`: its hosts and the people going. */
    audience: text('audience', { enum: ['event', 'attendees'] })
      .notNull()
      .default('event'),
    /** When the album got its first photo: the one `album.first_photos` domain event. */
    firstPhotoAt: instant('first_photo_at'),
    ...timestamps(),
  },
  () => [check('event_albums_audience', sql`audience in ('event', 'attendees')`)],
);

/**
 * A photo of an event's album: an upload (the one upload path and image pipeline, metadata
 * stripped) added by a host or someone who was going. The upload is in one album at most.
 */
export const eventPhotos = pgTable(
  'event_photos',
  {
    id: uuid('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    addedBy: ownedBy('added_by', () => users.id),
    uploadKey: text('upload_key')
      .notNull()
      .references(() => uploads.key, { onDelete: 'cascade' }),
    caption: text('caption').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_photos_upload_key').on(t.uploadKey),
    // The album's pages, oldest first (keyset on the UUIDv7 id).
    index('event_photos_event_idx').on(t.eventId, t.id),
    // The limits: one person's photos of an event, and of the last day.
    index('event_photos_adder_idx').on(t.addedBy, t.createdAt),
  ],
);

/** A write-up of an event by a Creator who was there or a host (decision 075): one per author and event. */
export const recaps = pgTable(
  'recaps',
  {
    id: uuid('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    authorId: ownedBy('author_id', () => users.id),
    title: text('title').notNull(),
    /** Plain text (contracts `plainText`), never HTML. */
    body: text('body').notNull(),
    coverPhotoId: uuid('cover_photo_id').references(() => eventPhotos.id, { onDelete: 'set null' }),
    /** Set while an organiser of the event's community features it on the community page. */
    featuredAt: instant('featured_at'),
    featuredBy: uuid('featured_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('recaps_event_author_key').on(t.eventId, t.authorId),
    index('recaps_event_idx').on(t.eventId, t.id),
    index('recaps_featured_idx').on(t.featuredAt).where(sql`featured_at is not null`),
  ],
);

/** The photos a recap shows, in its order. */
export const recapPhotos = pgTable(
  'recap_photos',
  {
    recapId: ownedBy('recap_id', () => recaps.id),
    photoId: ownedBy('photo_id', () => eventPhotos.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.recapId, t.photoId] }), index('recap_photos_photo_idx').on(t.photoId)],
);

export type EventPhotoRow = typeof eventPhotos.$inferSelect;
export type RecapRow = typeof recaps.$inferSelect;

/** Who is in a photo (decision 075): only people who were there; the person tagged may remove it. */
export const photoTags = pgTable(
  'photo_tags',
  {
    photoId: ownedBy('photo_id', () => eventPhotos.id),
    userId: ownedBy('user_id', () => users.id),
    taggedBy: uuid('tagged_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.userId] }), index('photo_tags_user_idx').on(t.userId)],
);

/** A person's album choices: photos they are tagged in shown only to the event's attendees. */
export const albumPreferences = pgTable('album_preferences', {
  userId: ownedBy('user_id', () => users.id).primaryKey(),
  hideTaggedFromOutsiders: boolean('hide_tagged_from_outsiders').notNull().default(false),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
