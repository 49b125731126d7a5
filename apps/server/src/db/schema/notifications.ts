import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Message } from '../../platform/i18n.ts';
import { instant, ownedBy } from './columns.ts';
import { eventGuests } from './events.ts';
import { users } from './users.ts';

/**
 * What a person was told, in the app (GET /api/notifications) and as the source of every other
 * channel (e-mail, push). Written only by modules/notifications/notify.ts. `dedupe_key` is unique
 * per person: a retried job, a second instance or a repeated trigger stores nothing new, and so
 * delivers nothing new (docs/decisions/017).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    /** A member; null when it goes to a guest's address instead (`guest_id`). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A guest (an answer without an account, decision 040): told by e-mail only. */
    guestId: uuid('guest_id').references(() => eventGuests.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    text: text('text').notNull(),
    /** `text` as a catalog key and values: e-mail and push write it in the recipient's language. */
    message: jsonb('message').$type<Message>(),
    url: text('url').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    readAt: instant('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
    uniqueIndex('notifications_guest_dedupe_key').on(t.guestId, t.dedupeKey),
    check('notifications_one_recipient', sql`(${t.userId} is null) <> (${t.guestId} is null)`),
    // The list, newest first, keyset on id (UUIDv7: time-ordered).
    index('notifications_user_id_idx').on(t.userId, t.id),
    index('notifications_user_unread_idx').on(t.userId).where(sql`read_at is null`),
  ],
);

/**
 * One row per notification and channel once delivery was claimed: a retried delivery job finds
 * the claim and sends nothing twice.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    notificationId: ownedBy('notification_id', () => notifications.id),
    channel: text('channel').notNull(),
    deliveredAt: instant('delivered_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.channel] })],
);

export type NotificationRow = typeof notifications.$inferSelect;
