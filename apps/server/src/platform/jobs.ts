import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Executor } from '../db/client.ts';
import { type CronSchedule, cronMatches, parseCron } from './cron.ts';

/**
 * The one job queue (docs/decisions/017): pg-boss in its own schema (`pgboss`) of the app's
 * PostgreSQL database, so delayed and periodic work survives restarts and deploys and runs once
 * across every instance. Modules use this small facade, never pg-boss itself:
 *
 * - `send(name, data, { key, startAfter })`: enqueue. A `key` makes the job's id a hash of
 *   (queue, key): sending the same key twice, from any instance, stores one job (the second send
 *   answers null), and `cancel(name, key)` finds it again. `sendMany` enqueues many jobs of one
 *   queue in one statement (a notification fan-out), with the same keys.
 * - `work(name, handler)`: run jobs of a queue on this instance. A handler that throws is retried
 *   with exponential back-off (`retryLimit` times); after that the job is failed for good and
 *   copied to the `dead-letter` queue, counted in /metrics. `workBatch` hands a handler the whole
 *   batch (one query for many jobs) and lets it fail some of them.
 * - `resume(name, key)`: the job `cancel` stopped is queued again (same key, same time).
 * - `schedule(name, cron)`: a cron job (UTC); every instance may declare it, one runs it. Each
 *   instance looks once a minute, on the minute, and sends the due jobs keyed by their minute, so
 *   however many instances send it, one job runs (pg-boss's own scheduler is off: it parsed every
 *   schedule with cron-parser and luxon every 30–60 s, tens of milliseconds of blocked event loop).
 *   A schedule declared after `start` sends the current minute's job at once if it is due, so an
 *   instance restarted inside the very minute a schedule is due still sends it.
 *
 * Handlers must be idempotent: a job whose instance died mid-way runs again after it expires.
 */
export type JobHandler<T> = (data: T, job: { id: string }) => Promise<void>;
export type Job<T> = { id: string; data: T };
/** Runs a batch; answers the jobs that failed (each retried on its own), empty when all went well. */
export type BatchHandler<T> = (jobs: Job<T>[]) => Promise<{ id: string; error: unknown }[]>;

export type SendOptions = {
  /** Deduplication key within the queue: one job per key (see above). */
  key?: string;
  /** Not before this time. */
  startAfter?: Date;
};

export type WorkOptions = {
  /** Jobs fetched and run at once by one worker (default 1). */
  batchSize?: number;
  /** Workers of this queue on this instance (default 1). */
  workers?: number;
};

export type QueueOptions = {
  /** Attempts after the first (default 5), with exponential back-off from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A running job not finished in this time is failed (and retried). Default 5 minutes. */
  expireInSeconds?: number;
};

/** The queue statements that can run inside a caller's transaction (`Jobs.within`). */
export type JobsWithin = {
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  cancel(name: string, key: string): Promise<void>;
  resume(name: string, key: string): Promise<void>;
};

export type Jobs = {
  /**
   * `send`, `cancel` and `resume` as statements of the transaction `tx` (decision 065): they
   * commit or roll back with the change that caused them (a reminder with its event).
   */
  within(tx: Executor): JobsWithin;
  /** Declares a queue's retry policy; queues are otherwise created on first use with the defaults. */
  define(name: string, options: QueueOptions): void;
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  sendMany(name: string, jobs: (SendOptions & { data: object })[]): Promise<void>;
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  workBatch<T>(name: string, handler: BatchHandler<T>, options?: WorkOptions): Promise<void>;
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** Sends the scheduled jobs due in `at`'s minute (the minute timer calls it; so can a test). */
  sendDue(at: Date): Promise<void>;
  /** Cancels the job sent with this key if it has not run yet. */
  cancel(name: string, key: string): Promise<void>;
  /** Queues again the job `cancel` stopped under this key (a cancelled event restored). */
  resume(name: string, key: string): Promise<void>;
  /** Jobs failed for good, per queue (the dead letters), for /metrics. */
  deadLetters(): Promise<{ queue: string; count: number }[]>;
  start(): Promise<void>;
  /** Stops fetching; running jobs get up to `timeoutMs` to finish, the rest are retried later. */
  stop(timeoutMs?: number): Promise<void>;
};

/**
 * A cron job: its handler on this instance and its schedule (UTC; every instance declares it, one
 * runs it). Each module declares its own.
 */
export async function cron(jobs: Jobs, name: string, schedule: string, run: () => Promise<unknown>) {
  await jobs.work(name, async () => {
    await run();
  });
  await jobs.schedule(name, schedule);
}

export const JOBS_SCHEMA = 'pgboss';
/**
 * Job data is stored as jsonb, which refuses the escape JSON gives a lone UTF-16 surrogate
 * ("\ud800" typed into a form answers 500 otherwise): every string is made well-formed first
 * (a lone surrogate becomes U+FFFD), as it would be on its way into a text column.
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return wellFormed(value) as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = storable(item);
    return out as T;
  }
  return value;
}

/** `String.prototype.toWellFormed` (in Node since 20; not in the ES2023 typings this project compiles to). */
const wellFormed = (text: string): string => (text as string & { toWellFormed(): string }).toWellFormed();

/** Jobs per INSERT statement in `sendMany`. */
const SEND_CHUNK = 1_000;
export const DEAD_LETTER_QUEUE = 'dead-letter';

/** The job id for a key: a UUID made from a hash of the queue name and the key. */
export function jobIdFor(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  // Shaped like a version 8 (custom) UUID so PostgreSQL's uuid type takes it.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * pg-boss's statements (`$1`, `$2`, … placeholders) run through a Drizzle executor, so that they
 * join its transaction: each placeholder becomes a bound parameter.
 */
function bossDbOf(tx: Executor) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, i) => {
        // One bound parameter each, arrays too (an interpolated array would become a list).
        chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`);
      });
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
  };
}

type Logger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export function createJobs(options: {
  databaseUrl: string;
  log: Logger;
  /** How often an idle worker looks for due jobs (default 2 s). */
  pollingIntervalSeconds?: number;
  /**
   * Whether schedules are sent by the wall clock (default true). In-process tests turn it off:
   * their counts must not move when a real minute comes; they send a minute with `sendDue`.
   */
  clock?: boolean;
}): Jobs {
  const clock = options.clock ?? true;
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: JOBS_SCHEMA,
    max: 4,
    application_name: 'townsquare-jobs',
    // Completed jobs stay a day (a keyed send within that day is still deduplicated), then go.
    archiveCompletedAfterSeconds: 24 * 3600,
    deleteAfterDays: 7,
    // Schedules are ours (`schedule` below), not pg-boss's timekeeper.
    schedule: false,
  });
  boss.on('error', (err) => options.log.warn({ err }, 'job queue error'));
  const polling = options.pollingIntervalSeconds ?? 2;

  const policies = new Map<string, QueueOptions>();
  const created = new Map<string, Promise<void>>();
  let started = false;
  let stopping = false;
  const schedules = new Map<string, { cron: CronSchedule; data: object }>();
  let minuteTimer: NodeJS.Timeout | undefined;
  /** The last minute (epoch ms) whose due jobs were sent. */
  let lastMinute = 0;

  /** Sends the due jobs of every minute since the last look (at most five, after a stall). */
  function onMinute() {
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    const from = Math.max(lastMinute + 60_000, now - 4 * 60_000);
    lastMinute = now;
    minuteTimer = setTimeout(onMinute, now + 60_000 - Date.now() + 50).unref();
    for (let minute = from; minute <= now; minute += 60_000)
      sendDue(new Date(minute)).catch((err) => options.log.warn({ err }, 'scheduled job not sent'));
  }

  /** Sends the jobs due in `at`'s minute: every schedule's, or only `only`'s. */
  async function sendDue(at: Date, only?: string) {
    const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
    for (const [name, { cron, data }] of schedules)
      if ((!only || name === only) && cronMatches(cron, at))
        await send(name, data, { key: `cron ${minute}` });
  }

  function ensureQueue(name: string): Promise<void> {
    let ready = created.get(name);
    if (!ready && name !== DEAD_LETTER_QUEUE) {
      // The dead-letter queue exists before any queue that names it.
      ready = ensureQueue(DEAD_LETTER_QUEUE).then(() => createOne(name));
      created.set(name, ready);
    } else if (!ready) {
      ready = createOne(name);
      created.set(name, ready);
    }
    return ready;
  }

  /**
   * Declares a queue. pg-boss attaches a partition per queue, and two declarations at once (two
   * instances starting together) can deadlock in PostgreSQL: the loser tries again.
   */
  async function createOne(name: string, attempt = 1): Promise<void> {
    const p = policies.get(name) ?? {};
    try {
      await boss.createQueue(name, {
        name,
        retryLimit: p.retryLimit ?? 5,
        retryDelay: p.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: p.expireInSeconds ?? 300,
        ...(name === DEAD_LETTER_QUEUE ? {} : { deadLetter: DEAD_LETTER_QUEUE }),
      });
    } catch (err) {
      if ((err as { code?: string }).code === '40P01' && attempt < 5) {
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
        return createOne(name, attempt + 1);
      }
      created.delete(name);
      throw err;
    }
  }

  async function send(name: string, data: object, sendOptions: SendOptions = {}) {
    await ensureQueue(name);
    return boss.send(name, storable(data), {
      ...(sendOptions.key ? { id: jobIdFor(name, sendOptions.key) } : {}),
      ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
    });
  }

  async function workBatch<T>(name: string, handler: BatchHandler<T>, workOptions: WorkOptions = {}) {
    await ensureQueue(name);
    const batchSize = workOptions.batchSize ?? 1;
    for (let i = 0; i < (workOptions.workers ?? 1); i++) {
      let workerId = '';
      workerId = await boss.work<T>(name, { batchSize, pollingIntervalSeconds: polling }, async (jobs) => {
        const failed = await handler(jobs.map((job) => ({ id: job.id, data: job.data })));
        for (const { id, error } of failed)
          options.log.warn({ err: error, queue: name, job: id }, 'job failed; it will be retried');
        // A full batch means more may be waiting: fetch again at once instead of after the interval.
        if (jobs.length >= batchSize && workerId) boss.notifyWorker(workerId);
        // All failed: pg-boss fails the batch. Some failed: those are failed here, the rest complete.
        if (failed.length > 0 && failed.length === jobs.length) throw failed[0]?.error;
        for (const { id, error } of failed)
          await boss.fail(name, id, { message: String((error as Error)?.message ?? error) });
      });
    }
  }

  return {
    within(tx) {
      const db = bossDbOf(tx);
      return {
        async send(name, data, sendOptions = {}) {
          await ensureQueue(name);
          return boss.send(name, storable(data), {
            db,
            ...(sendOptions.key ? { id: jobIdFor(name, sendOptions.key) } : {}),
            ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
          });
        },
        async cancel(name, key) {
          await ensureQueue(name);
          await boss.cancel(name, jobIdFor(name, key), { db });
        },
        async resume(name, key) {
          await ensureQueue(name);
          await boss.resume(name, jobIdFor(name, key), { db });
        },
      };
    },

    define(name, queueOptions) {
      policies.set(name, queueOptions);
    },

    send,

    async sendMany(name, items) {
      if (items.length === 0) return;
      await ensureQueue(name);
      // pg-boss inserts with ON CONFLICT DO NOTHING: a key already queued stays one job.
      for (let i = 0; i < items.length; i += SEND_CHUNK)
        await boss.insert(
          items.slice(i, i + SEND_CHUNK).map((item) => ({
            name,
            data: storable(item.data),
            ...(item.key ? { id: jobIdFor(name, item.key) } : {}),
            ...(item.startAfter ? { startAfter: item.startAfter } : {}),
          })),
        );
    },

    work<T>(name: string, handler: JobHandler<T>, workOptions: WorkOptions = {}) {
      // Each job of a batch succeeds or fails on its own.
      return workBatch<T>(
        name,
        async (batch) => {
          const failed: { id: string; error: unknown }[] = [];
          await Promise.all(
            batch.map((job) =>
              handler(job.data, { id: job.id }).catch((error: unknown) => failed.push({ id: job.id, error })),
            ),
          );
          return failed;
        },
        workOptions,
      );
    },

    workBatch,

    async schedule(name, cron, data = {}) {
      schedules.set(name, { cron: parseCron(cron), data });
      await ensureQueue(name);
      // An earlier version kept the schedule in pg-boss: removed, so that an older instance still
      // running during a deploy stops sending it too.
      await boss.unschedule(name);
      // Declared after `start`: the minute timer has already looked at this minute, so this
      // schedule's job for it, if due, is sent now (keyed: once, whichever instance sends it).
      if (clock && started && !stopping) await sendDue(new Date(), name);
    },

    sendDue: (at) => sendDue(at),

    async cancel(name, key) {
      await ensureQueue(name);
      await boss.cancel(name, jobIdFor(name, key));
    },

    async resume(name, key) {
      await ensureQueue(name);
      await boss.resume(name, jobIdFor(name, key));
    },

    async deadLetters() {
      const { rows } = await boss
        .getDb()
        .executeSql(
          `select name as queue, count(*)::int as count from ${JOBS_SCHEMA}.job where state = 'failed' and name <> $1 group by name`,
          [DEAD_LETTER_QUEUE],
        );
      return rows as { queue: string; count: number }[];
    },

    async start() {
      await boss.start();
      started = true;
      lastMinute = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
      if (clock) onMinute();
    },

    async stop(timeoutMs = 8_000) {
      if (!started || stopping) return;
      stopping = true;
      clearTimeout(minuteTimer);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
