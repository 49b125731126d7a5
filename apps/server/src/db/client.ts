import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A repository function takes this first, so the caller decides whether it runs in a transaction. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type DbHandle = { db: Database; pool: pg.Pool; close: () => Promise<void> };

export function createDb(url: string, options: { max?: number } = {}): DbHandle {
  const max = options.max ?? 10;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A connection, once opened, stays open (`min`): a new PostgreSQL backend starts with cold
    // catalog and plan caches and without our prepared statements, so after a quiet minute the
    // first burst of requests paid 50–100 ms each for the connections the pool had closed.
    // (So no idle timeout: pg-pool only closes idle clients above `min`.)
    min: max,
    connectionTimeoutMillis: 5_000,
    application_name: 'townsquare',
  });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool drops it and the next query gets a fresh one.
  pool.on('error', () => {});
  // A connection PostgreSQL ends while it is checked out (a transaction open across a restart or
  // pg_terminate_backend) makes its client emit 'error', and pg-pool listens only while a client
  // is idle or inside pool.query: the process died of an unhandled 'error' event. The transaction's
  // own query still fails (503 to its request) and the pool drops the client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  let closed = false;
  return {
    db,
    pool,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
