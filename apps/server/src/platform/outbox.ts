import { asc, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';
import type { Database, Executor } from '../db/client.ts';
import { domainEvents } from '../db/schema/domain-events.ts';
import type { DomainEvents, DomainEventType } from './domain-events.ts';
import { type Jobs, storable } from './jobs.ts';

/**
 * Domain events through an outbox (decision 065), the one way a change reaches anything else:
 *
 * - `recordEvent(tx, type, payload)`: written with the change, in its transaction; rolled back
 *   with it; there once it commits, whatever happens to the process next.
 * - The dispatcher (every instance runs one) hands each committed event to the queue of every
 *   subscriber of its type, keyed by the event (a second hand-over stores no second job), then
 *   deletes it. It looks when PostgreSQL says a transaction with an event committed (the
 *   `NOTIFY` sent with the row is delivered on commit) and every `pollMs` besides, so events left
 *   by a process that died are handed on by the next one.
 * - A subscriber (one file each, registered with `subscribe`) runs on its own queue: retried with
 *   back-off, so at least once; its work must be idempotent (notify's dedupe keys make it so).
 */
export type Subscriber<K extends DomainEventType = DomainEventType> = {
  /** Unique; names the subscriber's queue (`domain-event-<name>`): letters, digits and hyphens. */
  name: string;
  on: K;
  /**
   * `at`: when the event was recorded (a window of "one a day" counts from it, not from now).
   * A method, so that a subscriber of one type is a `Subscriber` of any (each gets only its own).
   */
  handle(payload: DomainEvents[K], meta: { id: string; at: Date }): Promise<unknown>;
};

/** One queue job: the event handed to one subscriber. */
type DeliveryJob = { id: string; at: string; payload: unknown };

const CHANNEL = 'domain_events';
const BATCH = 200;
export const SUBSCRIBER_QUEUE_PREFIX = 'domain-event-';
const queueOf = (subscriber: string) => `${SUBSCRIBER_QUEUE_PREFIX}${subscriber}`;

/** Records a domain event in the transaction of the change (one statement: the row and its NOTIFY). */
export async function recordEvent<K extends DomainEventType>(
  tx: Executor,
  type: K,
  payload: DomainEvents[K],
): Promise<void> {
  await tx.execute(sql`with recorded as (
      insert into ${domainEvents} (id, type, payload)
      values (${uuidv7()}, ${type}, ${JSON.stringify(storable(payload))}::jsonb) returning id)
    select pg_notify(${CHANNEL}, '') from recorded`);
}

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(deps: {
  db: Database;
  jobs: Jobs;
  databaseUrl: string;
  log: { warn: (obj: object, msg: string) => void };
  /** How often the dispatcher looks besides the commit notices (default 2 s). */
  pollMs?: number;
}) {
  const { db, jobs } = deps;
  const pollMs = deps.pollMs ?? 2_000;
  const subscribers: Subscriber[] = [];
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let listener: pg.Client | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  /** Hands one batch of committed events to their subscribers' queues; answers how many. */
  async function dispatchBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      // Another instance's dispatcher takes other rows (SKIP LOCKED); in id order, oldest first.
      const rows = await tx
        .select()
        .from(domainEvents)
        .orderBy(asc(domainEvents.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      for (const subscriber of subscribers) {
        const mine = rows.filter((r) => r.type === subscriber.on);
        // Keyed by the event: if this process dies before the delete commits, the next hand-over
        // of the same rows stores no second job.
        await jobs.sendMany(
          queueOf(subscriber.name),
          mine.map((r) => ({
            key: r.id,
            data: { id: r.id, at: r.createdAt.toISOString(), payload: r.payload } satisfies DeliveryJob,
          })),
        );
      }
      await tx.delete(domainEvents).where(
        inArray(
          domainEvents.id,
          rows.map((r) => r.id),
        ),
      );
      return rows.length;
    });
  }

  /** Hands on everything committed so far; calls while one runs make it look once more. */
  function dispatch(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        while (!stopped && (await dispatchBatch()) === BATCH);
      } while (again && !stopped);
    })()
      .catch((err: unknown) => deps.log.warn({ err }, 'domain events not dispatched; retried'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  async function listen() {
    if (listener || stopped) return;
    const client = new pg.Client({
      connectionString: deps.databaseUrl,
      application_name: 'townsquare-outbox',
    });
    client.on('error', (err) => {
      deps.log.warn({ err }, 'domain event listener lost; polling until it is back');
      if (listener === client) listener = undefined;
      client.end().catch(() => undefined);
    });
    client.on('notification', () => void dispatch());
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (stopped) await client.end();
      else listener = client;
    } catch (err) {
      deps.log.warn({ err }, 'domain event listener not started; polling');
      await client.end().catch(() => undefined);
    }
  }

  function tick() {
    timer = setTimeout(() => {
      void listen();
      void dispatch().finally(() => {
        if (!stopped) tick();
      });
    }, pollMs);
    timer.unref();
  }

  return {
    /** Registers a subscriber (before `start`): one line per subscriber in its module. */
    subscribe<K extends DomainEventType>(subscriber: Subscriber<K>): void {
      if (started) throw new Error(`subscriber ${subscriber.name} registered after the outbox started`);
      if (subscribers.some((s) => s.name === subscriber.name))
        throw new Error(`two subscribers are named ${subscriber.name}`);
      // Stored with the union's payload type: `dispatchBatch` hands it only events of its `on`.
      subscribers.push(subscriber);
    },

    /** Starts every subscriber's workers and the dispatcher. */
    async start() {
      started = true;
      for (const subscriber of subscribers)
        await jobs.work<DeliveryJob>(queueOf(subscriber.name), async (job) => {
          // The payload was written for this subscriber's `on` (see `dispatchBatch`).
          await subscriber.handle(job.payload as DomainEvents[DomainEventType], {
            id: job.id,
            at: new Date(job.at),
          });
        });
      await listen();
      await dispatch();
      tick();
    },

    dispatch,

    /** Stops looking; an event not handed on yet stays in the table for the next dispatcher. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await listener?.end().catch(() => undefined);
      listener = undefined;
    },
  };
}
