import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { createJobs, jobIdFor } from './jobs.ts';

const t = useTestApp();

const metrics = async () =>
  (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;

describe('the job queue', () => {
  it('a keyed send stores one job however often it is sent', async () => {
    expect(jobIdFor('q', 'k')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobIdFor('q', 'k')).toBe(jobIdFor('q', 'k'));
    const later = new Date(Date.now() + 3_600_000);
    const first = await t.jobs.send('test-keyed', { n: 1 }, { key: 'same', startAfter: later });
    const second = await t.jobs.send('test-keyed', { n: 2 }, { key: 'same', startAfter: later });
    expect(first).toBe(jobIdFor('test-keyed', 'same'));
    expect(second).toBeNull();
  });

  it('stores data holding a lone UTF-16 surrogate (jsonb refuses its escape) as U+FFFD', async () => {
    const later = new Date(Date.now() + 3_600_000);
    const data = { email: '\ud800', nested: [{ text: 'a\udc00b' }], pair: '\ud83d\ude00' };
    const id = await t.jobs.send('test-surrogates', data, { key: 'one', startAfter: later });
    await t.jobs.sendMany('test-surrogates', [{ data, key: 'two', startAfter: later }]);
    const { rows } = await t.db.execute<{ data: unknown }>(
      sql`select data from pgboss.job where name = 'test-surrogates' order by id = ${id} desc`,
    );
    const stored = { email: '\ufffd', nested: [{ text: 'a\ufffdb' }], pair: '\ud83d\ude00' };
    expect(rows.map((r) => r.data)).toEqual([stored, stored]);
  });

  it('retries a failing job with back-off, then counts it as a dead letter in /metrics', async () => {
    t.jobs.define('test-failing', { retryLimit: 1, retryDelaySeconds: 1 });
    let attempts = 0;
    await t.jobs.work('test-failing', async () => {
      attempts += 1;
      throw new Error('always fails');
    });
    await t.jobs.send('test-failing', {});
    const deadline = Date.now() + 20_000;
    while (!(await metrics()).includes('townsquare_jobs_dead_letter{queue="test-failing"} 1')) {
      if (Date.now() > deadline) throw new Error(`no dead letter after ${attempts} attempts`);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(attempts).toBe(2);
  });

  it('sendMany stores many jobs in one go, one per key, also when a key is sent again', async () => {
    const later = new Date(Date.now() + 3_600_000);
    await t.jobs.sendMany(
      'test-many',
      Array.from({ length: 1_500 }, (_, i) => ({ data: { i }, key: `k${i % 1_200}`, startAfter: later })),
    );
    await t.jobs.sendMany('test-many', [{ data: { i: 0 }, key: 'k0', startAfter: later }]);
    const { rows } = await t.db.execute(
      sql`select count(*)::int as n, min(start_after) > now() + interval '50 minutes' as later
          from pgboss.job where name = 'test-many'`,
    );
    expect(rows[0]).toEqual({ n: 1_200, later: true });
  });

  it('a batch handler fails only the jobs it names; the others complete', async () => {
    t.jobs.define('test-batch', { retryLimit: 0 });
    const seen: number[][] = [];
    await t.jobs.workBatch<{ n: number }>(
      'test-batch',
      async (batch) => {
        seen.push(batch.map((j) => j.data.n));
        return batch.filter((j) => j.data.n % 2 === 1).map((j) => ({ id: j.id, error: new Error('odd') }));
      },
      { batchSize: 10 },
    );
    await t.jobs.sendMany(
      'test-batch',
      Array.from({ length: 6 }, (_, n) => ({ data: { n } })),
    );
    const states = async () =>
      (
        await t.db.execute(
          sql`select state, count(*)::int as n from pgboss.job where name = 'test-batch' group by state order by state`,
        )
      ).rows;
    const deadline = Date.now() + 20_000;
    while (
      JSON.stringify(await states()) !==
      JSON.stringify([
        { state: 'completed', n: 3 },
        { state: 'failed', n: 3 },
      ])
    ) {
      if (Date.now() > deadline) throw new Error(`states: ${JSON.stringify(await states())}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(seen.flat().sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('scheduled jobs', () => {
  it('every instance may send a due schedule; one job runs per minute, none when not due', async () => {
    // Neither instance sends by the wall clock (the test app's does not either): at :00, :15, :30
    // or :45 a running instance would also send that real minute (once failed CI this way).
    const other = createJobs({
      databaseUrl: t.databaseUrl,
      log: { warn: () => {}, error: () => {} },
      clock: false,
    });
    await other.start();
    try {
      for (const jobs of [t.jobs, other]) await jobs.schedule('test-cron', '*/15 * * * *', { from: 'cron' });
      const due = new Date('2030-01-01T10:15:20Z');
      await Promise.all([t.jobs.sendDue(due), other.sendDue(due), t.jobs.sendDue(due)]);
      await other.sendDue(new Date('2030-01-01T10:16:00Z'));
      await other.sendDue(new Date('2030-01-01T10:30:00Z'));
      const { rows } = await t.db.execute<{ id: string; data: unknown }>(
        sql`select id, data from pgboss.job where name = 'test-cron' order by created_on`,
      );
      expect(rows.map((r) => r.id).sort()).toEqual(
        [
          jobIdFor('test-cron', 'cron 2030-01-01T10:15:00.000Z'),
          jobIdFor('test-cron', 'cron 2030-01-01T10:30:00.000Z'),
        ].sort(),
      );
      expect(rows.map((r) => r.data)).toEqual([{ from: 'cron' }, { from: 'cron' }]);
      // pg-boss keeps no schedule of its own (its timekeeper is off).
      const kept = await t.db.execute(sql`select name from pgboss.schedule`);
      expect(kept.rows).toEqual([]);
    } finally {
      await other.stop();
    }
  });

  it('a schedule declared on a running instance sends the job of a minute already due', async () => {
    // A restart inside a due minute: the minute timer looked before the schedule was declared.
    // An instance on the wall clock, as in production (the test app's is not).
    const running = createJobs({ databaseUrl: t.databaseUrl, log: { warn: () => {}, error: () => {} } });
    await running.start();
    try {
      const declaredAt = new Date();
      await running.schedule('test-cron-now', '* * * * *', { from: 'restart' });
      const { rows } = await t.db.execute<{ id: string }>(
        sql`select id from pgboss.job where name = 'test-cron-now'`,
      );
      const minute = new Date(Math.floor(declaredAt.getTime() / 60_000) * 60_000).toISOString();
      expect(rows.map((r) => r.id)).toContain(jobIdFor('test-cron-now', `cron ${minute}`));
    } finally {
      await running.stop();
    }
  });

  it('off the wall clock (in-process tests), declaring a schedule in its due minute sends nothing', async () => {
    await t.jobs.schedule('test-cron-off', '* * * * *', { from: 'test app' });
    const { rows } = await t.db.execute(sql`select id from pgboss.job where name = 'test-cron-off'`);
    expect(rows).toEqual([]);
  });

  it('refuses a schedule it cannot read, naming it', async () => {
    await expect(t.jobs.schedule('test-bad-cron', '61 * * * *')).rejects.toThrow(
      'cron "61 * * * *": bad minute "61"',
    );
  });
});
