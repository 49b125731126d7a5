import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb, type Database, type DbHandle } from '../db/client.ts';
import type { Mailer, MailMessage } from '../platform/mail/mailer.ts';
import { adminQuery, databaseUrl } from './database.ts';
import { startSmtpCapture } from './smtp.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type TestAppOptions = {
  env?: Record<string, string>;
  mailer?: Mailer;
  /**
   * An existing database to run on (a second app after the first was closed, as after a crash);
   * it is not dropped when this app closes. Default: a fresh one, dropped with the app.
   */
  database?: { url: string };
  /** A web build to serve: each file's path inside it, with its text (written under `webDist`). */
  web?: Record<string, string>;
};

/** A mailer that keeps every message in memory, for tests that only need to read a link. */
export function memoryMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      sent.push(message);
    },
    async close() {},
  };
  return { mailer, sent };
}

/**
 * A fresh, migrated database cloned from the template, for tests that run their own servers;
 * `{ empty: true }` gives one nobody has migrated.
 */
export async function createTestDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('dbAdminUrl');
  const name = `townsquare_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(
    adminUrl,
    options.empty ? `create database ${name}` : `create database ${name} template ${inject('dbTemplate')}`,
  );
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * A fresh app on a fresh database cloned from the migrated template. `env` overrides the
 * configuration exactly as environment variables would.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = options.database
    ? { url: options.database.url, drop: async () => {} }
    : await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-test-'));
  const webDist = path.join(dataDir, options.web ? 'web' : 'no-web');
  for (const [file, text] of Object.entries(options.web ?? {})) {
    await mkdir(path.dirname(path.join(webDist, file)), { recursive: true });
    await writeFile(path.join(webDist, file), text);
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://townsquare.test',
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    UPLOAD_SIGNING_SECRET: 'test-upload-secret-that-is-long-enough-012345',
    WEB_DIST_DIR: webDist,
    // Production decodes images at nice 19 (decision 036). Tests share two cores with typecheck
    // and the web tests, CPU work a server never has beside it, and at 19 the image process
    // starved: uploads timed out in CI. image-process.test.ts checks the production priority.
    IMAGE_NICE: '0',
    // The public cache (decision 081) off: tests read what they just changed, often by a way that
    // records no domain event. public-cache.test.ts turns it on.
    PUBLIC_CACHE_SECONDS: '0',
    ...options.env,
  });
  const memory = memoryMailer();
  // With SMTP_URL the app sends through its real SMTP transport; otherwise mail stays in memory.
  const mailer = options.mailer ?? (config.smtpUrl ? undefined : memory.mailer);
  const url = database.url;
  // Queue workers poll as often as pg-boss allows (every 0.5 s), so jobs run soon after they are due.
  // Cron schedules are not sent by the wall clock: a real minute coming (the past-status sweep, a
  // series' confirmations at :15) must not add statements or notifications to what a test counts.
  // A test that wants a minute's jobs sends it: `t.jobs.sendDue(at)`.
  const built = await buildApp(
    { ...config, databaseUrl: url },
    { mailer, jobsPollingSeconds: 0.5, cronClock: false },
  );
  // What a request causes reaches its subscribers through the outbox and the queue (decision 065):
  // tests that wait for it (`background.drain`, the name from before) wait until every recorded
  // event is handed on and every due notification job has run.
  const background = { drain: () => notificationJobsDone(built.db) };
  return {
    ...built,
    background,
    config,
    databaseUrl: url,
    dataDir,
    /** Where the web build of `options.web` is (removed with the app). */
    webDist,
    /** Mail captured when no mailer was given. */
    sent: memory.sent,
    async close() {
      await built.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's app: created before its first test and closed after its last (a `beforeAll` and
 * an `afterAll` registered where this is called). Use it in place of the app itself; reading it
 * before the `beforeAll` has run throws. `options` may be a function, read when the app is made
 * (for what an earlier `beforeAll` started).
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!current) throw new Error('the test app is used before its beforeAll has run');
      return Reflect.get(current, key);
    },
  });
}

/**
 * The test file's own database (cloned from the migrated template) and a small pool on it, without
 * an app: made before its first test, closed and dropped after its last.
 */
export function useTestPool(): { readonly url: string; readonly handle: DbHandle } {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = createDb(database.url, { max: 2 });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the test pool is used before its beforeAll has run');
    return value;
  };
  return {
    get url() {
      return made(database).url;
    },
    get handle() {
      return made(handle);
    },
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/**
 * The test file's app sending its mail through a real SMTP capture (`smtp`) with these `env`
 * settings: the capture starts before the app and closes after it.
 */
export function useSmtpTestApp(env: Record<string, string> = {}): { t: TestApp; smtp: SmtpCapture } {
  let smtp: SmtpCapture | undefined;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const started = () => {
    if (!smtp) throw new Error('the SMTP capture is used before its beforeAll has run');
    return smtp;
  };
  return {
    t: useTestApp(() => ({ env: { SMTP_URL: started().url, ...env } })),
    smtp: new Proxy({} as SmtpCapture, { get: (_, key) => Reflect.get(started(), key) }),
  };
}

/**
 * Waits (up to 90 s) until no domain event waits in the outbox and no due job of the subscriber
 * and notification queues is waiting or running. A handed-on event's job is stored before its
 * outbox row goes (platform/outbox.ts), so one of the two is always seen.
 *
 * A subscriber's job that failed and waits for its retry counts too, whenever the retry is due:
 * on a loaded machine a handler can fail once (a pool wait, a deadlock victim) and the work it
 * owes is still to come. (Delivery jobs waiting for a retry do not: tests make mail fail on
 * purpose, and the in-app notification they read is written before delivery.) When the budget
 * runs out the wait says what is still pending, so a test that then fails names its cause.
 *
 * "Due" is `start_after <= clock_timestamp()`, never `now()`: `now()` is when this statement's
 * transaction began, and a job committed after that but before the statement's snapshot is seen
 * with a `start_after` later than `now()`. On a loaded machine that gap held a just-handed-on
 * job (its outbox row already deleted) out of the count, and the wait ended before it ran.
 */
async function notificationJobsDone(db: Database): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const pending = await db.execute<{ n: number }>(
      sql`select (select count(*)::int from domain_events) + (select count(*)::int from pgboss.job
        where ((name in ('notify', 'message-notify', 'event-updated', 'event-cancelled', 'community-event')
            or name like 'notification-deliver%' or name like 'domain-event-%')
          and state in ('created', 'retry', 'active') and start_after <= clock_timestamp())
          or (name like 'domain-event-%' and state = 'retry')) as n`,
    );
    if ((pending.rows[0]?.n ?? 0) === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  const left = await db.execute<{ name: string; state: string; n: number }>(
    sql`select name, state::text as state, count(*)::int as n from pgboss.job
      where state in ('created', 'retry', 'active') group by 1, 2 order by 1, 2`,
  );
  console.warn(
    `background.drain: work still pending after 90 s: ${left.rows.map((r) => `${r.name}/${r.state}×${r.n}`).join(', ')}`,
  );
}
