import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestPool } from '../test/test-app.ts';

const pool = useTestPool();

describe('the pool', () => {
  it('outlives PostgreSQL ending a connection a transaction holds, and answers again at once', async () => {
    const admin = new pg.Client({ connectionString: pool.url });
    await admin.connect();
    let backend = 0;
    let ended: () => void = () => {};
    const killed = new Promise<void>((resolve) => {
      ended = resolve;
    });
    const transaction = pool.handle.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      backend = rows[0]?.pid ?? 0;
      // Idle inside the transaction (no query running) while PostgreSQL ends the connection: the
      // client emits 'error' with nobody waiting on a query. Unhandled, that ended the process.
      await killed;
      await tx.execute(sql`select 1`);
    });
    while (backend === 0) await new Promise((r) => setTimeout(r, 10));
    await admin.query('select pg_terminate_backend($1)', [backend]);
    await new Promise((r) => setTimeout(r, 200));
    ended();
    await expect(transaction).rejects.toThrow();
    await admin.end();
    const { rows } = await pool.handle.db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows[0]?.one).toBe(1);
  });
});
