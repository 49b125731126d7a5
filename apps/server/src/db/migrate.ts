import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fillGazetteer } from '../modules/places/gazetteer.loader.ts';
import type { Database, DbHandle } from './client.ts';

/** Arbitrary constant: the advisory lock that keeps two processes from migrating at once. */
const MIGRATION_LOCK = 727_001;

/**
 * The committed SQL migrations. In the source tree they sit next to this file; the production
 * bundle copies them to dist/migrations beside the bundled entry point.
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, '..', 'migrations')]) {
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`SQL migrations not found next to ${here}`);
}

/**
 * Applies pending migrations. A session-level advisory lock, held on its own connection, keeps two
 * processes (two instances started at once, a deploy step racing a start) from migrating together;
 * drizzle runs the migrations themselves in its own transaction (so the pool needs two connections).
 */
export async function runMigrations(handle: DbHandle): Promise<void> {
  const lock = await handle.pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(handle.db, { migrationsFolder: migrationsFolder() });
    // Data no SQL migration can load (an npm package's file), filled once under the same lock.
    await fillGazetteer(handle.db);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
}

/** True when every committed migration is recorded as applied (readiness check). */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  const table = await db.execute<{ found: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!table.rows[0]?.found) return false;
  const result = await db.execute<{ count: string }>(
    sql`select count(*)::text as count from drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.count ?? 0) >= journal.entries.length;
}
