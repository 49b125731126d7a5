import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

/**
 * The outbox of domain events (decision 065): written in the transaction of the change, handed to
 * each subscriber's queue after the commit by platform/outbox.ts, then deleted.
 */
export const domainEvents = pgTable('domain_events', {
  id: uuid('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});
