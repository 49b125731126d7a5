import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Message } from '../../platform/i18n.ts';
import { instant, ownedBy } from './columns.ts';
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
    userId: ownedBy('user_id', () => users.id),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    text: text('text').notNull(),
    /** `text` as a catalog key and values (issue 24): e-mail and push write it in the recipient's language. */
    message: jsonb('message').$type<Message>(),
    url: text('url').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    readAt: instant('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
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
