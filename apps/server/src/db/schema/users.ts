import type { Locale } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns.ts';
import { places } from './places.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Always stored lower-cased (the contract compares identifiers lower-cased). */
    email: text('email').notNull(),
    /** Null until profile setup; lower-case letters, digits and underscores. */
    username: text('username'),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().default(sql`'{Member}'::text[]`),
    phoneNumber: text('phone_number').notNull().default(''),
    bio: text('bio').notNull().default(''),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    profileImage: text('profile_image'),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    emailVerifiedAt: instant('email_verified_at'),
    /** A new address asked for (lower-cased); it replaces `email` once its link is followed. */
    pendingEmail: text('pending_email'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Set by platform admins for clubs and organisations they have checked (landing page promise). */
    isVerifiedCommunity: boolean('is_verified_community').notNull().default(false),
    /** Opted in to being a `Person` actor with a fediverse handle (decision 080); off by default. */
    fediverse: boolean('fediverse').notNull().default(false),
    notifySecurityAlerts: boolean('notify_security_alerts').notNull().default(true),
    /** Opt-in: new accounts get no product-update e-mails until they ask for them. */
    notifyProductUpdates: boolean('notify_product_updates').notNull().default(false),
    /** How a host hears of answers to their events: each at once, or gathered in the digest. */
    notifyRsvpTiming: text('notify_rsvp_timing', { enum: ['instant', 'digest'] })
      .notNull()
      .default('digest'),
    /** The private calendar feed's URL is an HMAC of this; a new nonce resets the link. */
    calendarFeedNonce: text('calendar_feed_nonce').notNull().default(sql`gen_random_uuid()::text`),
    /**
     * Set while a platform admin has suspended the account (docs/decisions/021): suspended when
     * `suspended_at` is set and `suspended_until` is null (indefinite) or still ahead. Expiry is a
     * time comparison, so nothing has to run when it passes.
     */
    suspendedAt: instant('suspended_at'),
    suspendedUntil: instant('suspended_until'),
    suspensionReason: text('suspension_reason'),
    /**
     * Bumped by whatever ends every sign-in at once (password change or reset, "sign out
     * everywhere", suspension, deletion): a session is live only while its `epoch` equals this
     * (docs/decisions/031).
     */
    sessionEpoch: integer('session_epoch').notNull().default(0),
    /** Per kind group, only the choices the person changed; the defaults fill in the rest. */
    notifyEmail: jsonb('notify_email').$type<Record<string, boolean>>().notNull().default({}),
    /** Home city: a gazetteer place, never an exact address. */
    homePlaceId: uuid('home_place_id').references((): AnyPgColumn => places.id, { onDelete: 'set null' }),
    /** Nearby alerts (decision 044): a weekly digest of new events this close to home; null is off. */
    nearbyRadiusKm: integer('nearby_radius_km'),
    /** When the last nearby digest went out: the next lists events created since, a week later. */
    nearbyDigestAt: instant('nearby_digest_at'),
    notifyPush: jsonb('notify_push').$type<Record<string, boolean>>().notNull().default({}),
    /** en, es, de or fr; null: not chosen, the browser's Accept-Language decides. */
    locale: text('locale').$type<Locale>(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(t.username),
    index('users_interests_gin').using('gin', t.interests),
    // The few suspended accounts: `visibleTo` hashes them once per query (decision 021).
    index('users_suspended_idx').on(t.id).where(sql`suspended_at is not null`),
    check('users_locale_check', sql`${t.locale} IN ('en', 'es', 'de', 'fr')`),
    index('users_nearby_alerts')
      .on(t.id)
      .where(sql`nearby_radius_km is not null and home_place_id is not null`),
    check('users_notify_rsvp_timing_check', sql`${t.notifyRsvpTiming} IN ('instant', 'digest')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
