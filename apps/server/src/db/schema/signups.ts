import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { users } from './users.ts';

/** Sign-up sheets (migration 0027, issue 25): items of an event and the claims on them. */
export const signupItems = pgTable(
  'signup_items',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    note: text('note').notNull().default(''),
    kind: text('kind', { enum: ['quantity', 'slot'] }).notNull(),
    quantity: integer('quantity').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('signup_items_event_idx').on(t.eventId, t.createdAt),
    check('signup_items_kind', sql`${t.kind} in ('quantity', 'slot')`),
    check('signup_items_quantity', sql`${t.quantity} > 0`),
  ],
);
export type SignupItemRow = typeof signupItems.$inferSelect;

export const signupClaims = pgTable(
  'signup_claims',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => signupItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'signup_claims_pk', columns: [t.itemId, t.userId] }),
    index('signup_claims_event_user_idx').on(t.eventId, t.userId),
    check('signup_claims_quantity', sql`${t.quantity} > 0`),
  ],
);
