import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant, ownedBy, timestamps } from './columns.ts';
import { communities } from './communities.ts';
import { events } from './events.ts';
import { places } from './places.ts';
import { users } from './users.ts';

/**
 * Sponsors (migration 0048, decision 074): a business profile per account holding the Sponsor
 * role, the packages a community offers, and the sponsorships between them.
 */
export const sponsorProfiles = pgTable(
  'sponsor_profiles',
  {
    /** The account's id: one business per account. */
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    logoUrl: text('logo_url'),
    website: text('website'),
    category: text('category').notNull(),
    placeId: uuid('place_id').references(() => places.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    /** Set only by platform admins (`PUT /api/admin/sponsors/:id/verified`). */
    verified: boolean('verified').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('sponsor_profiles_verified_place').on(t.placeId).where(sql`${t.verified}`)],
);
export type SponsorProfileRow = typeof sponsorProfiles.$inferSelect;

export const sponsorPackages = pgTable(
  'sponsor_packages',
  {
    id: uuid('id').primaryKey(),
    communityId: ownedBy('community_id', () => communities.id),
    name: text('name').notNull(),
    benefits: text('benefits').array().notNull(),
    contribution: text('contribution', { enum: ['money', 'in_kind'] }).notNull(),
    amountMinor: integer('amount_minor'),
    currency: text('currency'),
    period: text('period', { enum: ['month', 'quarter', 'year', 'once'] }),
    slots: integer('slots'),
    /** A package taken off the offer keeps its sponsorships. */
    archivedAt: instant('archived_at'),
    ...timestamps(),
  },
  (t) => [
    index('sponsor_packages_community').on(t.communityId).where(sql`${t.archivedAt} is null`),
    check(
      'sponsor_packages_contribution',
      sql`(${t.contribution} = 'money' and ${t.amountMinor} > 0 and ${t.currency} is not null and ${t.period} is not null)
        or (${t.contribution} = 'in_kind' and ${t.amountMinor} is null and ${t.currency} is null and ${t.period} is null)`,
    ),
  ],
);
export type SponsorPackageRow = typeof sponsorPackages.$inferSelect;

export const sponsorships = pgTable(
  'sponsorships',
  {
    id: uuid('id').primaryKey(),
    communityId: ownedBy('community_id', () => communities.id),
    sponsorId: ownedBy('sponsor_id', () => sponsorProfiles.userId),
    packageId: ownedBy('package_id', () => sponsorPackages.id),
    proposedBy: text('proposed_by', { enum: ['sponsor', 'community'] }).notNull(),
    proposerId: uuid('proposer_id').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', {
      enum: ['proposed', 'accepted', 'active', 'ended', 'declined', 'withdrawn'],
    }).notNull(),
    amountMinor: integer('amount_minor'),
    currency: text('currency'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    message: text('message').notNull().default(''),
    answeredAt: instant('answered_at'),
    receivedAt: instant('received_at'),
    endedAt: instant('ended_at'),
    ...timestamps(),
  },
  (t) => [
    index('sponsorships_community_state').on(t.communityId, t.state),
    index('sponsorships_sponsor').on(t.sponsorId, t.createdAt),
    // One pending agreement of a package per business (an active one may have its renewal pending).
    uniqueIndex('sponsorships_open_unique')
      .on(t.packageId, t.sponsorId)
      .where(sql`${t.state} in ('proposed', 'accepted')`),
    check(
      'sponsorships_state',
      sql`${t.state} in ('proposed', 'accepted', 'active', 'ended', 'declined', 'withdrawn')`,
    ),
    check('sponsorships_dates', sql`${t.endsOn} > ${t.startsOn}`),
  ],
);
export type SponsorshipRow = typeof sponsorships.$inferSelect;

/**
 * Hosting (migration 0055, decision 083): a business offers its place as one event's venue; an
 * event host accepts (the event's place becomes `place_id`) or declines; the business withdraws.
 */
export const eventHostings = pgTable(
  'event_hostings',
  {
    id: uuid('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    sponsorId: ownedBy('sponsor_id', () => sponsorProfiles.userId),
    /** The business's place when it offered (the venue the event moves to). */
    placeId: uuid('place_id').references(() => places.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['proposed', 'accepted', 'declined', 'withdrawn'] }).notNull(),
    message: text('message').notNull().default(''),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: instant('answered_at'),
    ...timestamps(),
  },
  (t) => [
    index('event_hostings_sponsor').on(t.sponsorId, t.createdAt),
    uniqueIndex('event_hostings_open_unique').on(t.eventId, t.sponsorId).where(sql`${t.state} = 'proposed'`),
    uniqueIndex('event_hostings_accepted_unique').on(t.eventId).where(sql`${t.state} = 'accepted'`),
    check('event_hostings_state', sql`${t.state} in ('proposed', 'accepted', 'declined', 'withdrawn')`),
  ],
);
export type EventHostingRow = typeof eventHostings.$inferSelect;
