import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, startServer } from './servers.ts';
import { startSmtpCapture } from './smtp.ts';
import { createTestDatabase } from './test-app.ts';

/**
 * Instances of the built server on one fresh database, with one SMTP capture, for tests that kill
 * and restart instances. Called at the top of a test file: the database and the capture are made
 * before its tests; every instance is killed and everything removed after them.
 */
export function serversOnOneDatabase() {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>> | undefined;
  const dataDirs: string[] = [];
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await database?.drop();
    await smtp?.close();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  return {
    get databaseUrl() {
      return database!.url;
    },
    get smtp() {
      return smtp!;
    },
    /** Runs one statement on the instances' database, on a connection of its own. */
    async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
      const client = new pg.Client({ connectionString: database!.url });
      await client.connect();
      try {
        return (await client.query<R>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    /** Starts an instance (PUBLIC_URL http://townsquare.test, mail to the capture unless `env` says otherwise). */
    async instance(env: Record<string, string>): Promise<RunningServer> {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-servers-'));
      dataDirs.push(dataDir);
      const server = await startServer({
        DATABASE_URL: database!.url,
        DATA_DIR: dataDir,
        SMTP_URL: smtp!.url,
        PUBLIC_URL: 'http://townsquare.test',
        ...env,
      });
      servers.push(server);
      return server;
    },
  };
}
