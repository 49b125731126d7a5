import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant, ownedBy } from './columns.ts';
import { users } from './users.ts';

/**
 * A report of a user, message, event, community or album photo (decision 075). One OPEN report per reporter and subject (a
 * partial unique index); resolving a subject resolves every open report on it at once.
 * `subjectId` has no foreign key: the subject may be a message, an event, a user or a community.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey(),
    reporterId: ownedBy('reporter_id', () => users.id),
    subjectType: text('subject_type', { enum: ['user', 'message', 'event', 'community', 'photo'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    reason: text('reason', { enum: ['spam', 'harassment', 'inappropriate', 'other'] }).notNull(),
    details: text('details').notNull().default(''),
    state: text('state', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    action: text('action', { enum: ['dismiss', 'hide', 'suspend'] }),
    note: text('note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: instant('resolved_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_open_once_key')
      .on(t.reporterId, t.subjectType, t.subjectId)
      .where(sql`state = 'open'`),
    index('reports_state_id_idx').on(t.state, t.id),
    index('reports_subject_idx').on(t.subjectType, t.subjectId),
    index('reports_reporter_idx').on(t.reporterId, t.id),
  ],
);

export type ReportRow = typeof reports.$inferSelect;

/**
 * Every admin and organiser action (report resolutions, suspensions, hides, message deletions,
 * community bans, removals and role changes, verification, admin grants). `actorId` is null for
 * the command line. Rows outlive their actors.
 */
export const auditLog = pgTable('audit_log', {
  id: uuid('id').primaryKey(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  action: text('action').notNull(),
  subjectType: text('subject_type').notNull(),
  subjectId: text('subject_id').notNull(),
  details: jsonb('details').notNull().default({}),
  createdAt: instant('created_at').notNull().defaultNow(),
});

export type AuditRow = typeof auditLog.$inferSelect;
