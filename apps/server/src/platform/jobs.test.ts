import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { jobIdFor } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

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
});
