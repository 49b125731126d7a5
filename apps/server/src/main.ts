import path from 'node:path';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createDb } from './db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { migrationsApplied, runMigrations } from './db/migrate.ts';
import { DEMO_PASSWORD, seedDemo } from './db/seed.ts';
import { createLogger } from './platform/logger.ts';
import { embeddedDbPassword } from './platform/secrets.ts';

/**
 * The server process, loaded by server.ts once the runtime is known to be supported:
 * configuration, database (embedded unless DATABASE_URL is set), the app, listen, and a graceful
 * shutdown on SIGTERM/SIGINT.
 */
async function main(): Promise<void> {
  const startedAt = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  log.info(`Node.js ${process.version} (${process.platform}-${process.arch})`);
  for (const warning of config.warnings) log.warn(warning);

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(
      path.join(config.dataDir, 'postgres'),
      embeddedDbPassword(config.dataDir),
      {
        info: (m) => log.info(m),
        warn: (m) => log.warn(m),
        debug: (m) => log.debug(m),
      },
    );
    databaseUrl = embedded.url;
  }
  // Migrate on start (the advisory lock makes concurrent starts wait their turn), unless the
  // operator migrates an external database in the deploy: then a pending one stops the start.
  // An up-to-date database costs one query, not the lock.
  const migrator = createDb(databaseUrl, { max: 2 });
  try {
    if (!(await migrationsApplied(migrator.db))) {
      if (embedded || config.migrateOnStart) await runMigrations(migrator);
      else {
        process.stderr.write(
          'The database at DATABASE_URL has pending migrations: run `npm run db:migrate` (or unset MIGRATE_ON_START=false to migrate on start)\n',
        );
        process.exit(1);
      }
    }
  } finally {
    await migrator.close();
  }

  const { app, close, db } = await buildApp({ ...config, databaseUrl }, { logger: log });
  if (config.seedDemo) {
    const created = await seedDemo(db);
    if (created.length) log.info(`demo accounts created: ${created.join(', ')} (password: ${DEMO_PASSWORD})`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await close();
      await embedded?.stop();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    log.error({ err }, `could not listen on ${config.host}:${config.port}`);
    await close();
    await embedded?.stop();
    process.exit(1);
  }
  log.info(
    `Townsquare is serving at ${config.publicUrl} (ready in ${Math.round(performance.now() - startedAt)} ms${embedded ? ', embedded PostgreSQL' : ''})`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`Townsquare failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
