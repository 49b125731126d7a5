import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, ownedBy, timestamps } from './columns.ts';
import { groupOfKind, kindColumn } from './members.ts';
import { places } from './places.ts';
import { users } from './users.ts';

/**
 * A club as a place: an about card anyone can read, members with roles and states, events and a
 * chat (channel `community:<id>`): a group of kind `community`, whose members are `group_members`
 * rows with roles and states (decision 034).
 */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const communities = pgTable(
  'communities',
  {
    id: uuid('id').primaryKey(),
    kind: kindColumn('community'),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    location: text('location').notNull().default(''),
    /** Where it meets, next to the free-text `location`. */
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
    /** Organisers' "looking for sponsors" switch and its note (migration 0048, decision 074). */
    lookingForSponsors: boolean('looking_for_sponsors').notNull().default(false),
    sponsorNote: text('sponsor_note').notNull().default(''),
    /** The currency of its events' costs (ISO 4217, migration 0054); null: the instance's. */
    currency: text('currency'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('communities_slug_idx').on(t.slug),
    // Discovery reads the biggest first, keyset on (member_count, id), by scanning this index
    // backward: `order by … desc` means NULLS FIRST, which a `desc nulls last` index cannot serve.
    // Search (name, place, address) uses communities_search_trgm, hand-written in the migration.
    index('communities_discover_idx').on(t.memberCount, t.id),
    index('communities_tags_gin').using('gin', t.tags),
    index('communities_looking_for_sponsors').on(t.placeId).where(sql`${t.lookingForSponsors}`),
    check('communities_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    ...groupOfKind('communities', t, 'community'),
  ],
);

/** What organisers announced to the community: shown on its page, newest first. */
export const communityAnnouncements = pgTable(
  'community_announcements',
  {
    id: uuid('id').primaryKey(),
    communityId: ownedBy('community_id', () => communities.id),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('community_announcements_community_idx').on(t.communityId, t.createdAt.desc())],
);

export type CommunityRow = typeof communities.$inferSelect;

/**
 * An iCalendar import into a community: a URL (kept and re-read daily when
 * `subscribed`) or an uploaded file (its text kept until the job has read it), with its progress.
 */
export const communityImports = pgTable(
  'community_imports',
  {
    id: uuid('id').primaryKey(),
    communityId: ownedBy('community_id', () => communities.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    url: text('url'),
    fileName: text('file_name'),
    content: text('content'),
    subscribed: boolean('subscribed').notNull().default(false),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    total: integer('total').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errors: jsonb('errors').$type<ImportError[]>().notNull().default([]),
    finishedAt: instant('finished_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('community_imports_community_idx').on(t.communityId, t.createdAt.desc()),
    index('community_imports_subscribed_idx').on(t.subscribed).where(sql`subscribed`),
    check('community_imports_state_check', sql`${t.state} IN ('queued', 'running', 'done', 'failed')`),
  ],
);

/** One address invited from a member CSV; the token (hashed) joins whoever clicks it. */
export const communityInvitations = pgTable(
  'community_invitations',
  {
    id: uuid('id').primaryKey(),
    communityId: ownedBy('community_id', () => communities.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: instant('accepted_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_invitations_email_idx').on(t.communityId, t.email),
    uniqueIndex('community_invitations_token_idx').on(t.tokenHash),
    // The ceilings of decision 063: a community's and an organiser's day, an address's week.
    index('community_invitations_community_created_idx').on(t.communityId, t.createdAt),
    index('community_invitations_address_created_idx').on(t.email, t.createdAt),
    index('community_invitations_inviter_created_idx').on(t.invitedBy, t.createdAt),
  ],
);

/** A community export made as a job (large communities): the zip, kept until downloaded or a day. */
export const communityExports = pgTable(
  'community_exports',
  {
    id: uuid('id').primaryKey(),
    communityId: ownedBy('community_id', () => communities.id),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    file: bytea('file'),
    finishedAt: instant('finished_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [check('community_exports_state_check', sql`${t.state} IN ('queued', 'running', 'done', 'failed')`)],
);

/** One line of an import's report; `title` names the event it is about (decision 070). */
export type ImportError = { line: number | null; uid: string | null; title?: string; message: string };
export type CommunityImportRow = typeof communityImports.$inferSelect;
