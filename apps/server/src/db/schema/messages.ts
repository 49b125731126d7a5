import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { users } from './users.ts';

/**
 * Every chat message of every kind, keyed by channel: `dm:<idA>_<idB>` (ids sorted),
 * `event:<id>`, `subgroup:<id>`, `group:<id>` (friend group) or `general`. The channel is also the
 * Socket.IO room, so authorization, history and fan-out share one vocabulary.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    channel: text('channel').notNull(),
    /** Null once the sender's account is deleted: room messages stay and show "deleted user". */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** Direct messages only: the other participant (unread counts, read marking). */
    receiverId: uuid('receiver_id').references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** Chosen by the client; a retried send with the same id in the same channel is stored once. */
    clientMessageId: text('client_message_id'),
    readAt: instant('read_at'),
    /** Hidden by a moderator (a report, an organiser or host): kept for the audit, shown nowhere. */
    hiddenAt: instant('hidden_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_channel_id_idx').on(t.channel, t.id),
    uniqueIndex('messages_sender_channel_client_id_key')
      .on(t.senderId, t.channel, t.clientMessageId)
      .where(sql`client_message_id is not null`),
    index('messages_dm_sender_idx').on(t.senderId, t.id).where(sql`receiver_id is not null`),
    // Everything one person sent: the data export, and the cascade when an account is deleted.
    index('messages_sender_idx').on(t.senderId, t.id),
    index('messages_dm_receiver_idx').on(t.receiverId, t.id).where(sql`receiver_id is not null`),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
