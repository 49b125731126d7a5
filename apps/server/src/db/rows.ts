import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import type { Executor } from './client.ts';

/** A table whose rows have a uuid `id`. */
type TableWithId = PgTable & { id: PgColumn };

/**
 * One row's writes by id, for the repositories that write a table the plain way: the row gets a new
 * uuidv7 id on insert, and every update stamps `updated_at`.
 */

/** A new row's values: the id is made by `insertRow`. */
export type NewRow<T extends TableWithId> = Omit<T['$inferInsert'], 'id'>;

/** Inserts one row with a new id; answers the row. */
export async function insertRow<T extends TableWithId>(
  db: Executor,
  table: T,
  values: NewRow<T>,
): Promise<T['$inferSelect']> {
  const rows = (await db
    .insert(table)
    .values({ id: uuidv7(), ...values } as T['$inferInsert'])
    .returning()) as T['$inferSelect'][];
  return rows[0]!; // INSERT … RETURNING always yields the row
}

/** Updates the row with this id (its `updated_at` is now); answers it, or undefined when there is none. */
export async function updateRow<T extends TableWithId & { updatedAt: PgColumn }>(
  db: Executor,
  table: T,
  id: string,
  values: PgUpdateSetSource<T> = {},
): Promise<T['$inferSelect'] | undefined> {
  const rows = (await db
    .update(table)
    .set({ ...values, updatedAt: sql`now()` } as PgUpdateSetSource<T>)
    .where(eq(table.id, id))
    .returning()) as T['$inferSelect'][];
  return rows[0];
}

/** Whether any row of the table matches `where`. */
export async function anyRow(db: Executor, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(table).where(where).limit(1);
  return rows.length > 0;
}

/** Deletes the rows that match `where`; answers whether there were any. */
export async function deleteRows(db: Executor, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db.delete(table).where(where).returning({ one: sql`1` });
  return rows.length > 0;
}

/** Inserts the row unless it (or a conflicting one) is there already; answers whether it was new. */
export async function insertIfAbsent<T extends PgTable>(
  db: Executor,
  table: T,
  values: T['$inferInsert'],
): Promise<boolean> {
  const rows = await db.insert(table).values(values).onConflictDoNothing().returning({ one: sql`1` });
  return rows.length > 0;
}

/** The first row of the table that matches `where`, or undefined when none does. */
export async function firstRow<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
): Promise<T['$inferSelect'] | undefined> {
  // A generic table's select is typed loosely; its rows are the table's rows.
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1)) as T['$inferSelect'][];
  return rows[0];
}

/** The row with this id, or undefined when there is none. */
export async function rowById<T extends TableWithId>(
  db: Executor,
  table: T,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  return firstRow(db, table, eq(table.id, id));
}
