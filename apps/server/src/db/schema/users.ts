import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address asked for (lower-cased); it replaces `email` once its link is followed. */
    pendingEmail: text('pending_email'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Set by platform admins for clubs and organisations they have checked (landing page promise). */
    isVerifiedCommunity: boolean('is_verified_community').notNull().default(false),
    notifySecurityAlerts: boolean('notify_security_alerts').notNull().default(true),
    notifyProductUpdates: boolean('notify_product_updates').notNull().default(true),
    /** Per kind group, only the choices the person changed; the defaults fill in the rest. */
    notifyEmail: jsonb('notify_email').$type<Record<string, boolean>>().notNull().default({}),
    notifyPush: jsonb('notify_push').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(t.username),
    index('users_interests_gin').using('gin', t.interests),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
