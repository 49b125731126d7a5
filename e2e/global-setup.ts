import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { ADMIN_EMAIL } from './support/env.ts';

/**
 * Boots the production server for the suite:
 *   1. a fresh PostgreSQL database (CREATE DATABASE townsquare_e2e_<random>) on the server named by
 *      TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
 *   2. migrations with `node apps/server/dist/cli/migrate.js`;
 *   3. an SMTP server on a random port that writes every mail as JSON into a folder the tests read;
 *   4. `node apps/server/dist/server.js` on a random free port, waited for on GET /api/health, with
 *      CORS_ORIGINS naming a second free port (E2E_CLIENT_ORIGIN) a spec serves a page from.
 * It returns the teardown, which stops everything and drops the database.
 *
 * It builds nothing: the root `npm test` runs `npm run build` first (apps/web/dist, apps/server/dist).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const MIGRATE_ENTRY = path.join(ROOT, 'apps/server/dist/cli/migrate.js');
const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `e2e needs PostgreSQL: could not connect to ${adminUrl} (${(error as Error).message}). ` +
        'Start PostgreSQL locally or set TEST_DATABASE_URL to a server where the user may CREATE DATABASE.',
    );
  }
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function startMailCatcher(mailDir: string): Promise<{ server: SMTPServer; port: number }> {
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          seq += 1;
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
            a.value.map((v) => v.address?.toLowerCase() ?? ''),
          );
          const record = { to, subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '' };
          // Written aside, then renamed: a reader polling the folder never sees half a file.
          const file = path.join(mailDir, `${Date.now()}-${seq}.json`);
          await writeFile(`${file}.partial`, JSON.stringify(record));
          await rename(`${file}.partial`, file);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode} before it was healthy:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer GET /api/health within 60 s:\n${output()}`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const [file, what] of [
    [SERVER_ENTRY, 'apps/server/dist/server.js'],
    [MIGRATE_ENTRY, 'apps/server/dist/cli/migrate.js'],
    [WEB_INDEX, 'apps/web/dist/index.html'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${what} is missing: run \`npm run build\` before the e2e tests.`);
  }

  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `townsquare_e2e_${randomBytes(6).toString('hex')}`;
  const databaseUrl = withDatabase(adminUrl, database);
  const workDir = await mkdtemp(path.join(tmpdir(), 'townsquare-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  const dataDir = path.join(workDir, 'data');
  await mkdir(mailDir, { recursive: true });
  await mkdir(dataDir, { recursive: true });

  const cleanups: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => console.error('e2e teardown:', error));
    }
  };

  try {
    await adminQuery(adminUrl, `CREATE DATABASE ${database}`);
    cleanups.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    cleanups.push(() => rm(workDir, { recursive: true, force: true }));

    const migrate = spawnSync(process.execPath, [MIGRATE_ENTRY], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    if (migrate.status !== 0) throw new Error(`Migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);

    const smtp = await startMailCatcher(mailDir);
    cleanups.push(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // A second origin for cross-origin.spec.ts, which serves a page there itself: the original
    // client deployed on its own host, with CORS_ORIGINS naming it.
    const clientOrigin = `http://127.0.0.1:${await freePort()}`;
    let output = '';
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        ADMIN_EMAILS: ADMIN_EMAIL,
        // Test data is created through the API with a distinct X-Forwarded-For per account, as if
        // behind a proxy, so the per-IP registration limit (10 an hour) does not cap the suite.
        TRUST_PROXY: '127.0.0.1',
        CORS_ORIGINS: clientOrigin,
        // Production runs image work at nice 19 (decision 036); here two browsers share the two
        // cores with the server all the time, which starved an upload past its test's budget.
        IMAGE_NICE: '0',
        // Every browser of the suite opens its sockets from 127.0.0.1 (no proxy header there).
        SOCKET_CONNECTIONS_PER_IP: '10000',
        // ... and reads city pages and searches places from there too (decision 062's limits are
        // per client address); pages are read right after the events they list were made.
        PAGE_RATE_LIMIT: '10000',
        PLACE_SEARCH_RATE_LIMIT: '10000',
        PAGE_CACHE_SECONDS: '0',
        // The public cache too (decision 081): specs read pages right after changes, some made
        // by ways no domain event records. public-cache.test.ts covers the cache itself.
        PUBLIC_CACHE_SECONDS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    );
    await waitForHealth(baseUrl, child, () => output);

    // Workers are started after this function returns and inherit these.
    process.env.E2E_BASE_URL = baseUrl;
    process.env.E2E_CLIENT_ORIGIN = clientOrigin;
    process.env.E2E_MAIL_DIR = mailDir;
    process.env.E2E_ADMIN_EMAIL = ADMIN_EMAIL;
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
