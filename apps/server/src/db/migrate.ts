import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

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

/** Applies pending migrations, holding a PostgreSQL advisory lock for the duration. */
export async function runMigrations(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migrate(tx as unknown as Database, { migrationsFolder: migrationsFolder() });
  });
}

/** True when every committed migration is recorded as applied (readiness check). */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  const result = await db.execute<{ count: string }>(
    sql`select count(*)::text as count from drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.count ?? 0) >= journal.entries.length;
}
