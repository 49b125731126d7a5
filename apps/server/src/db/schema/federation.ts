import type { webcrypto } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant, ownedBy } from './columns.ts';
import { communities } from './communities.ts';
import { eventGuests, events } from './events.ts';

/**
 * Federation's tables (decisions 072, 073), written by modules/federation only.
 * `federation_kv` is the ActivityPub library's key-value store on our PostgreSQL (its caches,
 * idempotence marks and replay guards): keys are arrays of strings, values JSON.
 */
export const federationKv = pgTable(
  'federation_kv',
  {
    key: text('key').array().primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: instant('expires_at'),
  },
  (t) => [index('federation_kv_expires_idx').on(t.expiresAt).where(sql`expires_at is not null`)],
);

/** The key pairs of our actors (`community:<id>`, `instance`), made once and kept as JWK. */
export const federationKeys = pgTable(
  'federation_keys',
  {
    actor: text('actor').notNull(),
    algorithm: text('algorithm', { enum: ['RSASSA-PKCS1-v1_5', 'Ed25519'] }).notNull(),
    privateJwk: jsonb('private_jwk').$type<webcrypto.JsonWebKey>().notNull(),
    publicJwk: jsonb('public_jwk').$type<webcrypto.JsonWebKey>().notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'federation_keys_pk', columns: [t.actor, t.algorithm] })],
);

/** Remote actors following a community's Group; `pending` until an organiser approves. */
export const federationFollowers = pgTable(
  'federation_followers',
  {
    communityId: ownedBy('community_id', () => communities.id),
    actorUri: text('actor_uri').notNull(),
    inbox: text('inbox').notNull(),
    sharedInbox: text('shared_inbox'),
    /** The id of their `Follow`, answered by our `Accept`. */
    followId: text('follow_id'),
    state: text('state', { enum: ['accepted', 'pending'] })
      .notNull()
      .default('accepted'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'federation_followers_pk', columns: [t.communityId, t.actorUri] }),
    check('federation_followers_state_check', sql`${t.state} IN ('accepted', 'pending')`),
  ],
);

export type FederationFollowerRow = typeof federationFollowers.$inferSelect;

/**
 * A remote person who answered an event with `Join` (decision 080): the guest without an account
 * whose answer the one RSVP path keeps (`guestId`), and how to reach their server.
 */
export const federationAttendees = pgTable(
  'federation_attendees',
  {
    guestId: uuid('guest_id')
      .primaryKey()
      .references(() => eventGuests.id, { onDelete: 'cascade' }),
    eventId: ownedBy('event_id', () => events.id),
    actorUri: text('actor_uri').notNull(),
    /** `@name@host`, as the guest list shows it. */
    handle: text('handle').notNull(),
    inbox: text('inbox').notNull(),
    sharedInbox: text('shared_inbox'),
    /** The id of their last `Join`, which our `Accept`, `TentativeAccept` or `Reject` names. */
    joinId: text('join_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('federation_attendees_event_actor_key').on(t.eventId, t.actorUri)],
);

export type FederationAttendeeRow = typeof federationAttendees.$inferSelect;
