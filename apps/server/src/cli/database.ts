import path from 'node:path';
import type { Config } from '../config.ts';
import { createDb, type DbHandle } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { embeddedDbPassword } from '../platform/secrets.ts';

/**
 * The database a command-line tool works on: DATABASE_URL, or the embedded one in DATA_DIR
 * (started for the duration of the command; stop the server first).
 */
export async function openDatabase(config: Config): Promise<DbHandle> {
  if (config.databaseUrl) return createDb(config.databaseUrl, { max: 2 });
  const quiet = () => {};
  const embedded = await startEmbeddedPostgres(
    path.join(config.dataDir, 'postgres'),
    embeddedDbPassword(config.dataDir),
    {
      info: quiet,
      warn: (m) => process.stderr.write(`${m}\n`),
      debug: quiet,
    },
  );
  const handle = createDb(embedded.url, { max: 2 });
  await runMigrations(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await embedded.stop();
    },
  };
}
