import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { blocks, type UserRow } from '../../db/schema/index.ts';

/** Suspended now: set, and without an end or with an end still ahead (no job: a time comparison). */
export const isSuspended = (row: Pick<UserRow, 'suspendedAt' | 'suspendedUntil'>, now = new Date()) =>
  row.suspendedAt !== null && (row.suspendedUntil === null || row.suspendedUntil > now);

/**
 * `not exists (a block between <viewer> and <other> in either direction)`, for use inside other
 * queries (search). `other` is a column of the outer query.
 */
export function noBlockBetween(viewerId: string | Placeholder, other: PgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${blocks} bl where (bl.blocker_id = ${viewerId} and bl.blocked_id = ${other})
    or (bl.blocker_id = ${other} and bl.blocked_id = ${viewerId}))`;
}
