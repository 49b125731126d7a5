import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { communities } from './communities.ts';
import { users } from './users.ts';

/**
 * Federation in (decision 079), written by modules/federation only. One subscription per remote
 * actor: the `Follow` the instance's Application actor sent, and what the remote side answered.
 */
export const federationSubscriptions = pgTable(
  'federation_subscriptions',
  {
    actorUri: text('actor_uri').primaryKey(),
    inbox: text('inbox').notNull(),
    sharedInbox: text('shared_inbox'),
    handle: text('handle'),
    name: text('name'),
    instance: text('instance').notNull(),
    followId: text('follow_id').notNull().unique('federation_subscriptions_follow_id_unique'),
    state: text('state', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('federation_subscriptions_state_check', sql`${t.state} IN ('pending', 'accepted', 'rejected')`),
  ],
);

/** Who here follows a remote actor: a member, a community (by an organiser) or the instance (an admin). */
export const federationFollows = pgTable(
  'federation_follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scope: text('scope', { enum: ['member', 'community', 'instance'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    actorUri: text('actor_uri')
      .notNull()
      .references(() => federationSubscriptions.actorUri, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('federation_follows_actor').on(t.actorUri)],
);

/** Public events of followed remote actors: read-only copies, text only, gone once expired. */
export const remoteEvents = pgTable(
  'remote_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apId: text('ap_id').notNull().unique('remote_events_ap_id_unique'),
    actorUri: text('actor_uri').notNull(),
    instance: text('instance').notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startDate: instant('start_date').notNull(),
    endDate: instant('end_date').notNull(),
    timeZone: text('time_zone'),
    placeName: text('place_name'),
    placeAddress: text('place_address'),
    city: text('city'),
    country: text('country'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    online: boolean('online').notNull().default(false),
    status: text('status', { enum: ['CONFIRMED', 'TENTATIVE', 'CANCELLED'] })
      .notNull()
      .default('CONFIRMED'),
    capacity: integer('capacity'),
    participantCount: integer('participant_count'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('remote_events_start').on(t.startDate, t.id), index('remote_events_actor').on(t.actorUri)],
);

/** Domains an admin blocked at run time (beside FEDERATION_BLOCKED_DOMAINS). */
export const federationDomainBlocks = pgTable('federation_domain_blocks', {
  domain: text('domain').primaryKey(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: instant('created_at').notNull().defaultNow(),
});

export type FederationSubscriptionRow = typeof federationSubscriptions.$inferSelect;
export type FederationFollowRow = typeof federationFollows.$inferSelect;
export type RemoteEventRow = typeof remoteEvents.$inferSelect;
