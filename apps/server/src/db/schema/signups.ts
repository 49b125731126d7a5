import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { instant, ownedBy } from './columns.ts';
import { events } from './events.ts';
import { users } from './users.ts';

/** Sign-up sheets (migration 0027): items of an event and the claims on them. */
export const signupItems = pgTable(
  'signup_items',
  {
    id: uuid('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    name: text('name').notNull(),
    note: text('note').notNull().default(''),
    kind: text('kind', { enum: ['quantity', 'slot'] }).notNull(),
    quantity: integer('quantity').notNull(),
    startsAt: instant('starts_at'),
    endsAt: instant('ends_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
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
    itemId: ownedBy('item_id', () => signupItems.id),
    userId: ownedBy('user_id', () => users.id),
    eventId: ownedBy('event_id', () => events.id),
    quantity: integer('quantity').notNull(),
    claimedAt: instant('claimed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'signup_claims_pk', columns: [t.itemId, t.userId] }),
    index('signup_claims_event_user_idx').on(t.eventId, t.userId),
    check('signup_claims_quantity', sql`${t.quantity} > 0`),
  ],
);
