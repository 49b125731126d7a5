import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, once per deploy. */
const config = loadConfig();
if (!config.databaseUrl) {
  process.stderr.write('DATABASE_URL is not set. The embedded database migrates itself on `npm start`.\n');
  process.exit(1);
}
const handle = createDb(config.databaseUrl, { max: 2 });
try {
  await runMigrations(handle);
  process.stdout.write('migrations applied\n');
} catch (error) {
  process.stderr.write(`migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
