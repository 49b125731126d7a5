import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant, ownedBy } from './columns.ts';
import { users } from './users.ts';

/**
 * A browser's Web Push subscription. The endpoint is the push service's URL for that
 * browser and is unique: a browser that signs in to another account moves its row there.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), to encrypt payloads for it. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastSuccessAt: instant('last_success_at'),
    /** Failed sends since the last success; at PUSH_DROP_AFTER_FAILURES the row is deleted. */
    failures: integer('failures').notNull().default(0),
    /** After a failure, no send before this time (back-off); null when it is working. */
    retryAfter: instant('retry_after'),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
