import type { Locale } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  eventCapacity,
  eventListing,
  eventPrice,
  eventQuestions,
  eventText,
  eventWhere,
  instant,
  ownedBy,
  timestamps,
} from './columns.ts';
import { communities } from './communities.ts';
import { places } from './places.ts';
import { polls } from './polls.ts';
import { eventSeries } from './series.ts';
import { users } from './users.ts';

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey(),
    creatorId: ownedBy('creator_id', () => users.id),
    ...eventText(),
    startDate: instant('start_date').notNull(),
    endDate: instant('end_date').notNull(),
    /**
     * Whole days in `timeZone` (decision 078): `startDate` is the first day's 00:00 and `endDate`
     * the last day's 24:00 there; calendars get VALUE=DATE, pages the dates without times.
     */
    allDay: boolean('all_day').notNull().default(false),
    /**
     * The start it had before it last moved while published (schema.org `previousStartDate`);
     * null for an event that never moved since people could see it.
     */
    previousStartDate: instant('previous_start_date'),
    ...eventPrice(),
    /** Stored status; a LIVE event whose end has passed is reported PAST by every read. */
    status: text('status', { enum: ['DRAFT', 'LIVE', 'PAST'] })
      .notNull()
      .default('DRAFT'),
    recurrence: text('recurrence', { enum: ['NONE', 'DAILY', 'WEEKLY', 'MONTHLY', 'CUSTOM'] })
      .notNull()
      .default('NONE'),
    ...eventListing(),
    /** Hosted by this community (organisers and owners only); a PRIVATE community's events are for its members. */
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'set null' }),
    /** IANA zone the event's local time is shown in (and its calendar entries written in). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Where it happens; `location` stays the free text the original client reads. */
    ...eventWhere(() => places.id),
    /**
     * iCalendar SEQUENCE: a trigger (migration, hand-written part) adds one on every update that
     * changes a field calendars show, so subscribed calendars replace their copy.
     */
    sequence: integer('sequence').notNull().default(0),
    /** Set when the event is called off; it stays readable and feeds carry STATUS:CANCELLED. */
    cancelledAt: instant('cancelled_at'),
    /** The series this event is an occurrence of (decision 023), and which occurrence. */
    seriesId: uuid('series_id').references(() => eventSeries.id, { onDelete: 'set null' }),
    seriesIndex: integer('series_index'),
    ...eventCapacity(),
    /** People without an account may answer (a public event only; decision 040). */
    allowGuestRsvp: boolean('allow_guest_rsvp').notNull().default(false),
    ...eventQuestions(),
    /** Hidden by a moderator: kept for the audit, shown nowhere (`visibleTo`). */
    hiddenAt: instant('hidden_at'),
    /** The UID of the iCalendar VEVENT it was imported from: re-imports update it. */
    importUid: text('import_uid'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('events_series_index_key').on(t.seriesId, t.seriesIndex).where(sql`series_id is not null`),
    // Lists read these in order and stop after a page: all events, upcoming (LIVE), ended (PAST).
    index('events_start_all_idx').on(t.startDate, t.id),
    index('events_live_start_idx').on(t.startDate, t.id).where(sql`status = 'LIVE'`),
    index('events_past_start_idx').on(t.startDate, t.id).where(sql`status = 'PAST'`),
    index('events_creator_start_idx').on(t.creatorId, t.startDate, t.id),
    index('events_status_end_idx').on(t.status, t.endDate),
    index('events_tags_gin').using('gin', t.tags),
    uniqueIndex('events_import_uid_idx').on(t.communityId, t.importUid).where(sql`import_uid is not null`),
    index('events_community_start_idx')
      .on(t.communityId, t.startDate, t.id)
      .where(sql`community_id is not null`),
    // Nearby digests read the events created since the last one (migration 0033).
    index('events_place_created').on(t.createdAt).where(sql`place_id is not null and status = 'LIVE'`),
    // Near lists, the map and city pages: a place's live events in start order (migration 0037).
    index('events_place_live').on(t.placeId, t.startDate, t.id).where(sql`status = 'LIVE'`),
  ],
);

export const rsvps = pgTable(
  'rsvps',
  {
    eventId: ownedBy('event_id', () => events.id),
    /** The member answering; null for a guest without an account (decision 040). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The guest answering (event_guests), when there is no account. */
    guestId: uuid('guest_id').references(() => eventGuests.id, { onDelete: 'cascade' }),
    /**
     * Whoever answers, member or guest: the key of the one RSVP write path, so counts, the
     * waitlist, offers, check-in and the CSV read guests and members alike.
     */
    attendeeId: uuid('attendee_id').notNull().generatedAlwaysAs(sql`coalesce(user_id, guest_id)`),
    /** `waitlisted` and `offered` exist on events with a capacity (decision 022). */
    status: text('status', { enum: ['going', 'maybe', 'not_going', 'waitlisted', 'offered'] }).notNull(),
    /** Guests coming along, by name ('' for an unnamed guest). */
    guests: text('guests').array().notNull().default(sql`'{}'::text[]`),
    /** Answers to the event's questions, by question id. */
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    /** Place in the queue: taken from a sequence while the event row is locked, so arrival order. */
    queuedAt: bigint('queued_at', { mode: 'number' }),
    /** Until when an offered place is held. */
    offerExpiresAt: instant('offer_expires_at'),
    checkedInAt: instant('checked_in_at'),
    /**
     * The guest identity this answer was given under, once it became a member's (decision 077):
     * the ticket and door code the guest was mailed name it, and keep opening the door.
     */
    formerGuestId: uuid('former_guest_id'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.attendeeId] }),
    uniqueIndex('rsvps_event_user_key').on(t.eventId, t.userId).where(sql`user_id is not null`),
    uniqueIndex('rsvps_guest_key').on(t.guestId).where(sql`guest_id is not null`),
    check('rsvps_one_attendee', sql`(user_id is null) <> (guest_id is null)`),
    index('rsvps_user_idx').on(t.userId, t.eventId),
    // "Friends going" counts a viewer's friends' going answers from the index alone (decision 029).
    index('rsvps_going_user_idx').on(t.userId, t.eventId).where(sql`status = 'going'`),
    // The offer sweep reads only the places on offer, soonest expiry first.
    index('rsvps_offer_expiry_idx').on(t.offerExpiresAt).where(sql`status = 'offered'`),
    index('rsvps_former_guest_idx').on(t.eventId, t.formerGuestId).where(sql`former_guest_id is not null`),
  ],
);

/**
 * Someone without an account answering a public event (decision 040), or a date poll that allows
 * it (decision 056): one per address and event or poll (exactly one of the two).
 * `pending` is the answer asked for until its confirmation link is followed; then it is written
 * through the one RSVP write path (an `rsvps` row with `guest_id`). Tokens are stored hashed and
 * stop working when the event ends (`expires_at`).
 */
export const eventGuests = pgTable(
  'event_guests',
  {
    id: uuid('id').primaryKey(),
    /** The event answered; null for a poll's guest. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    /** The date poll answered (migration 0041); null for an event's guest. */
    pollId: uuid('poll_id').references((): AnyPgColumn => polls.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The language they answered in: their e-mails are written in it. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    pending: jsonb('pending').$type<GuestAnswer>(),
    /** A poll guest's answers waiting for their confirmation link (option id → choice). */
    pendingVotes: jsonb('pending_votes').$type<Record<string, 'yes' | 'if_need_be' | 'no'>>(),
    confirmTokenHash: text('confirm_token_hash'),
    manageTokenHash: text('manage_token_hash'),
    confirmedAt: instant('confirmed_at'),
    expiresAt: instant('expires_at').notNull(),
    /** What the manage link is derived from (with the server's secret); the link is stored hashed. */
    manageTokenId: uuid('manage_token_id'),
    ...timestamps(),
  },
  (t) => [
    check('event_guests_locale_check', sql`${t.locale} IN ('en', 'es', 'de', 'fr')`),
    uniqueIndex('event_guests_event_email_key').on(t.eventId, t.email),
    uniqueIndex('event_guests_poll_email_key').on(t.pollId, t.email),
    // Both null: a guest of an event deleted with its community, kept until told (decision 065).
    check('event_guests_one_subject', sql`event_id is null or poll_id is null`),
    uniqueIndex('event_guests_confirm_token_key')
      .on(t.confirmTokenHash)
      .where(sql`confirm_token_hash is not null`),
    uniqueIndex('event_guests_manage_token_key')
      .on(t.manageTokenHash)
      .where(sql`manage_token_hash is not null`),
    index('event_guests_email_idx').on(t.email),
  ],
);

/** What an address refused: every guest e-mail (decision 040) or community invitations (decision 063). */
export const SUPPRESSION_KINDS = ['never_email', 'never_invite'] as const;
export type SuppressionKind = (typeof SUPPRESSION_KINDS)[number];

/** Addresses that asked never to be e-mailed again (guest e-mails) or never invited again (decision 063). */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    email: text('email').notNull(),
    kind: text('kind').$type<SuppressionKind>().notNull().default('never_email'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'email_suppressions_email_kind_pk', columns: [t.email, t.kind] })],
);

export type GuestAnswer = {
  status: 'going' | 'maybe' | 'not_going';
  guests: string[];
  answers: Record<string, string>;
};
export type EventGuestRow = typeof eventGuests.$inferSelect;

/** People who host an event with its creator: edit it, see answers, check people in, moderate its chat. */
export const eventCohosts = pgTable(
  'event_cohosts',
  {
    eventId: ownedBy('event_id', () => events.id),
    userId: ownedBy('user_id', () => users.id),
    addedAt: instant('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_cohosts_user_idx').on(t.userId)],
);

export type EventQuestion = { id: string; text: string; required: boolean };
export type EventRow = typeof events.$inferSelect;
export type RsvpRow = typeof rsvps.$inferSelect;
