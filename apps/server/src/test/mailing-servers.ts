import { serverPool } from './servers.ts';
import { startSmtpCapture } from './smtp.ts';
import { createTestDatabase } from './test-app.ts';

// Apart from servers.ts, which the benchmarks import (they run outside vitest, test-app.ts does not).
/**
 * A fresh database, an SMTP capture and a `serverPool` on them: for tests that kill and restart
 * built servers and read the mail they send. `close` stops everything and drops the database.
 */
export async function mailingServers(env: Record<string, string>, prefix: string) {
  const database = await createTestDatabase();
  const smtp = await startSmtpCapture();
  const pool = serverPool(
    { DATABASE_URL: database.url, SMTP_URL: smtp.url, PUBLIC_URL: 'http://townsquare.test', ...env },
    prefix,
  );
  return {
    databaseUrl: database.url,
    smtp,
    start: pool.start,
    async close() {
      await pool.stopAll();
      await database.drop();
      await smtp.close();
    },
  };
}
