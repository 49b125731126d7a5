import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../db/embedded.ts';

const LOCAL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The PostgreSQL server tests run against: TEST_DATABASE_URL if set (the role needs CREATEDB),
 * else the server on 127.0.0.1:5432 if it answers, else an embedded one in a temporary directory.
 * Returns an admin URL (a database to connect to for CREATE/DROP DATABASE).
 */
export async function resolveTestServer(): Promise<{
  adminUrl: string;
  source: string;
  stop: () => Promise<void>;
}> {
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) {
    if (!(await answers(fromEnv))) {
      throw new Error(
        `TEST_DATABASE_URL (${fromEnv}) does not answer. Start that server or unset the variable.`,
      );
    }
    return { adminUrl: fromEnv, source: 'TEST_DATABASE_URL', stop: async () => {} };
  }
  if (await answers(LOCAL)) return { adminUrl: LOCAL, source: '127.0.0.1:5432', stop: async () => {} };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-test-pg-'));
  const quiet = () => {};
  const embedded = await startEmbeddedPostgres(path.join(dir, 'postgres'), 'test-password', {
    info: quiet,
    warn: quiet,
    debug: quiet,
  });
  return {
    adminUrl: embedded.url.replace(/\/[^/]+$/, '/postgres'),
    source: `embedded PostgreSQL in ${dir}`,
    stop: embedded.stop,
  };
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
