import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, ownedBy, timestamps } from './columns.ts';
import { communities } from './communities.ts';
import { eventGuests, events } from './events.ts';
import { users } from './users.ts';

/** Date polls (migration 0026): the chosen date becomes `event_id`. */
export const polls = pgTable(
  'polls',
  {
    id: uuid('id').primaryKey(),
    hostId: ownedBy('host_id', () => users.id),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    timeZone: text('time_zone').notNull().default('UTC'),
    closesAt: instant('closes_at').notNull(),
    chosenOptionId: uuid('chosen_option_id'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    finalizedAt: instant('finalized_at'),
    /** People without an account may answer (a link poll only; migration 0041, decision 056). */
    allowGuestVotes: boolean('allow_guest_votes').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('polls_community_open_idx').on(t.communityId, t.closesAt).where(sql`${t.finalizedAt} is null`),
    // A published draft finds the poll it was made from (migration 0054, decision 082).
    index('polls_event_idx').on(t.eventId).where(sql`${t.eventId} is not null`),
  ],
);
export type PollRow = typeof polls.$inferSelect;

export const pollOptions = pgTable(
  'poll_options',
  {
    id: uuid('id').primaryKey(),
    pollId: ownedBy('poll_id', () => polls.id),
    position: integer('position').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    place: text('place'),
    /** Kept by the database on every write to poll_votes (migration 0035, decision 047). */
    yesCount: integer('yes_count').notNull().default(0),
    ifNeedBeCount: integer('if_need_be_count').notNull().default(0),
    noCount: integer('no_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('poll_options_poll_position_idx').on(t.pollId, t.position),
    check('poll_options_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
export type PollOptionRow = typeof pollOptions.$inferSelect;

export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: ownedBy('poll_id', () => polls.id),
    optionId: ownedBy('option_id', () => pollOptions.id),
    /** A member's answer; null for a guest's (decision 056). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A guest's answer (an `event_guests` row of the poll), when there is no account. */
    guestId: uuid('guest_id').references(() => eventGuests.id, { onDelete: 'cascade' }),
    /** Whoever answered, member or guest: the key of the one vote path. */
    voterId: uuid('voter_id').notNull().generatedAlwaysAs(sql`coalesce(user_id, guest_id)`),
    choice: text('choice', { enum: ['yes', 'if_need_be', 'no'] }).notNull(),
    votedAt: instant('voted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'poll_votes_pk', columns: [t.pollId, t.voterId, t.optionId] }),
    index('poll_votes_option_idx').on(t.optionId),
    index('poll_votes_guest_idx').on(t.guestId).where(sql`guest_id is not null`),
    check('poll_votes_choice', sql`${t.choice} in ('yes', 'if_need_be', 'no')`),
    check('poll_votes_one_voter', sql`(user_id is null) <> (guest_id is null)`),
  ],
);

/**
 * Who answered a poll, one row each, in the order they first answered (`seq`, migration 0035): the
 * voters list is read a page at a time. Written with the answers (`replaceVotes`).
 */
export const pollVoters = pgTable(
  'poll_voters',
  {
    pollId: ownedBy('poll_id', () => polls.id),
    /** A member's answer; null for a guest's (decision 056). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A guest's answer (an `event_guests` row of the poll), when there is no account. */
    guestId: uuid('guest_id').references(() => eventGuests.id, { onDelete: 'cascade' }),
    /** Whoever answered, member or guest: the key of the one vote path. */
    voterId: uuid('voter_id').notNull().generatedAlwaysAs(sql`coalesce(user_id, guest_id)`),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    /** Their answers as `position * 3 + choice` codes (0 yes, 1 if need be, 2 no), kept by the vote path. */
    answers: smallint('answers').array().notNull().default(sql`'{}'`),
  },
  (t) => [
    primaryKey({ name: 'poll_voters_pk', columns: [t.pollId, t.voterId] }),
    uniqueIndex('poll_voters_poll_seq_idx').on(t.pollId, t.seq),
    index('poll_voters_guest_idx').on(t.guestId).where(sql`guest_id is not null`),
    check('poll_voters_one_voter', sql`(user_id is null) <> (guest_id is null)`),
  ],
);
