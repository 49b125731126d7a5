import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { rowById } from '../../db/rows.ts';
import {
  auditLog,
  communities,
  events,
  messages,
  type ReportRow,
  reports,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import type { AuditInput } from '../../platform/audit.ts';
import { byId } from '../../platform/ids.ts';
import { memberIds } from '../access/groups.ts';

type SubjectType = ReportRow['subjectType'];

/** Stores a report; undefined when the reporter already has an OPEN one on the subject. */
export async function insertReport(
  db: Executor,
  values: Pick<ReportRow, 'reporterId' | 'subjectType' | 'subjectId' | 'reason' | 'details'>,
): Promise<ReportRow | undefined> {
  const rows = await db
    .insert(reports)
    .values({ id: uuidv7(), ...values })
    .onConflictDoNothing({
      target: [reports.reporterId, reports.subjectType, reports.subjectId],
      where: sql`state = 'open'`,
    })
    .returning();
  return rows[0];
}

export async function reportsBy(db: Executor, reporterId: string, limit: number) {
  return db
    .select()
    .from(reports)
    .where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.id))
    .limit(limit);
}

export async function findReport(db: Executor, id: string) {
  return rowById(db, reports, id);
}

/** Open reports oldest first (a queue); resolved ones newest first. Keyset on (state, id). */
export async function listReports(
  db: Executor,
  state: 'open' | 'resolved',
  cursor: string | undefined,
  limit: number,
) {
  const open = state === 'open';
  return db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.state, state),
        cursor ? (open ? gt(reports.id, cursor) : lt(reports.id, cursor)) : undefined,
      ),
    )
    .orderBy(open ? asc(reports.id) : desc(reports.id))
    .limit(limit);
}

export async function countOpen(db: Executor): Promise<number> {
  return db.$count(reports, eq(reports.state, 'open'));
}

/** Reports per subject among `subjectIds`, open ones only or all of them. */
export async function countsBySubject(db: Executor, subjectIds: string[], openOnly: boolean) {
  if (subjectIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ type: reports.subjectType, id: reports.subjectId, n: count() })
    .from(reports)
    .where(
      and(
        inArray(reports.subjectId, [...new Set(subjectIds)]),
        openOnly ? eq(reports.state, 'open') : undefined,
      ),
    )
    .groupBy(reports.subjectType, reports.subjectId);
  return new Map(rows.map((r) => [`${r.type}:${r.id}`, r.n]));
}

/** Resolves every OPEN report on the subject at once; returns them (the reporters to tell). */
export async function resolveSubject(
  db: Executor,
  subject: { type: SubjectType; id: string },
  resolution: { action: 'dismiss' | 'hide' | 'suspend'; note: string | null; resolvedBy: string },
) {
  return db
    .update(reports)
    .set({ state: 'resolved', ...resolution, resolvedAt: sql`now()` })
    .where(
      and(
        eq(reports.subjectType, subject.type),
        eq(reports.subjectId, subject.id),
        eq(reports.state, 'open'),
      ),
    )
    .returning();
}

export type PersonRow = Pick<
  UserRow,
  'id' | 'username' | 'fullName' | 'isAdmin' | 'suspendedAt' | 'suspendedUntil'
>;

export function peopleByIds(db: Executor, ids: string[]): Promise<Map<string, PersonRow>> {
  const { id, username, fullName, isAdmin, suspendedAt, suspendedUntil } = users;
  const columns = { id, username, fullName, isAdmin, suspendedAt, suspendedUntil };
  return byId(ids, (unique) => db.select(columns).from(users).where(inArray(users.id, unique)));
}

/** A message by id, hidden or not (moderators and the report check decide what to do with it). */

/** Up to `n` messages before and after `id` in its channel, hidden ones included, oldest first. */
export async function neighbours(db: Executor, channel: string, id: string, n: number) {
  const [before, after] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(and(eq(messages.channel, channel), lt(messages.id, id)))
      .orderBy(desc(messages.id))
      .limit(n),
    db
      .select()
      .from(messages)
      .where(and(eq(messages.channel, channel), gt(messages.id, id)))
      .orderBy(asc(messages.id))
      .limit(n),
  ]);
  return { before: before.reverse(), after };
}

export async function findAnyEvent(db: Executor, id: string) {
  return rowById(db, events, id);
}

export async function findCommunity(db: Executor, id: string) {
  return rowById(db, communities, id);
}

export async function communityOwner(db: Executor, communityId: string): Promise<string | undefined> {
  return (await memberIds(db, communityId, 'owner'))[0];
}

export async function findUser(db: Executor, id: string) {
  return rowById(db, users, id);
}

/** Hides a message; false when it was already hidden (or is gone). */
export async function hideMessage(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ hiddenAt: sql`now()` })
    .where(and(eq(messages.id, id), isNull(messages.hiddenAt)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

export async function hideEvent(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(events)
    .set({ hiddenAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(events.id, id), isNull(events.hiddenAt)))
    .returning({ id: events.id });
  return rows.length > 0;
}

export async function setSuspension(
  db: Executor,
  userId: string,
  suspension: { until: Date | null; reason: string } | null,
) {
  const rows = await db
    .update(users)
    .set(
      suspension
        ? { suspendedAt: sql`now()`, suspendedUntil: suspension.until, suspensionReason: suspension.reason }
        : { suspendedAt: null, suspendedUntil: null, suspensionReason: null },
    )
    .where(eq(users.id, userId))
    .returning();
  return rows[0];
}

/** Appends one line to the audit log. */
export async function recordAudit(db: Executor, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({ id: uuidv7(), ...entry, details: entry.details ?? {} });
}

/** Newest first, keyset on id (UUIDv7, so time order). */
export async function listAudit(db: Executor, cursor: string | undefined, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(cursor ? lt(auditLog.id, cursor) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** The author's own deletion: the row goes. */
export async function deleteMessage(db: Executor, id: string): Promise<void> {
  await db.delete(messages).where(eq(messages.id, id));
}
