import { and, desc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { anyRow, deleteRows, insertIfAbsent } from '../../db/rows.ts';
import { blocks, users } from '../../db/schema/index.ts';
import { personColumns } from '../../platform/people.ts';

/** Inserts the block; false if it was already there (blocking is idempotent). */
export async function insertBlock(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  return insertIfAbsent(db, blocks, { blockerId, blockedId });
}

export async function deleteBlock(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  return deleteRows(db, blocks, and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

export async function countBlocks(db: Executor, blockerId: string): Promise<number> {
  return db.$count(blocks, eq(blocks.blockerId, blockerId));
}

/** The people `blockerId` blocked, newest first, with their public fields. */
export async function listBlocked(db: Executor, blockerId: string, limit: number) {
  return db
    .select({ ...personColumns, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(limit);
}

/** Ids of the people `blockerId` blocked (one index range of the primary key). */
export async function blockedIds(db: Executor, blockerId: string): Promise<string[]> {
  const rows = await db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, blockerId));
  return rows.map((r) => r.id);
}

/** Whether either of the two has blocked the other. */
export async function blockedEitherWay(db: Executor, a: string, b: string): Promise<boolean> {
  return anyRow(
    db,
    blocks,
    or(
      and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
      and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
    ),
  );
}
