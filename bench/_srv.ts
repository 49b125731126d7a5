import { randomBytes } from 'node:crypto';
import { createDb } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { adminQuery, databaseUrl, resolveTestServer } from '../apps/server/src/test/database.ts';
import { startServer } from '../apps/server/src/test/servers.ts';

const pgServer = await resolveTestServer();
const name = `fp_dev_${randomBytes(4).toString('hex')}`;
await adminQuery(pgServer.adminUrl, `create database ${name}`);
const url = databaseUrl(pgServer.adminUrl, name);
const h = createDb(url, { max: 2 });
await runMigrations(h);
await h.close();
const env: Record<string, string> = {
  DATABASE_URL: url,
  DATA_DIR: '/tmp/fp-data',
  JWT_SECRET: 'benchmark-secret-that-is-long-enough-012345',
  UPLOAD_SIGNING_SECRET: 'benchmark-upload-secret-long-enough-0123456',
  LOG_LEVEL: 'error',
};
if (process.env.DIST) env.WEB_DIST_DIR = process.env.DIST;
const s = await startServer(env);
console.log(s.url);
