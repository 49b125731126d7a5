import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './test/eventually.ts';
import { startPrivateRedis, type TestRedis } from './test/redis.ts';
import { api, type RunningServer, startServer } from './test/servers.ts';
import { createTestDatabase } from './test/test-app.ts';

/**
 * What happens when things go wrong under load: a SIGTERM, PostgreSQL dropping every connection,
 * Redis going away and coming back. Each runs the built server as its own process.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
const servers: RunningServer[] = [];

const baseEnv = () => ({
  DATABASE_URL: database.url,
  JWT_SECRET: 'faults-test-secret-that-is-long-enough-0123',
  UPLOAD_SIGNING_SECRET: 'faults-upload-secret-that-is-long-enough-01',
  DATA_DIR: dataDir,
});

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-faults-'));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function signUp(url: string) {
  const email = `f-${randomBytes(4).toString('hex')}@example.com`;
  const res = await api<{ accessToken: string }>(url, 'POST', '/api/auth/register', {
    fullName: 'Fault Tester',
    email,
    password: 'long enough pw',
  });
  expect(res.status).toBe(201);
  return { token: res.body.accessToken, email };
}

/** Fires `count` authenticated GETs at once; resolves with every status (0 = connection error). */
async function burst(url: string, token: string, count: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${url}/api/events?limit=5`, { headers: { authorization: `Bearer ${token}` } })
        .then((r) => r.status)
        .catch(() => 0),
    ),
  );
}

describe('faults', () => {
  it('SIGTERM under 100 concurrent requests: only successes or 503, exit 0 within 10 s', async () => {
    const server = await startServer(baseEnv());
    servers.push(server);
    const { token } = await signUp(server.url);
    const inFlight = burst(server.url, token, 100);
    await new Promise((r) => setTimeout(r, 20));
    const began = Date.now();
    server.child.kill('SIGTERM');
    const statuses = await inFlight;
    const code = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(Date.now() - began).toBeLessThan(10_000);
    // Requests the server never accepted fail to connect (0); none may fail any other way.
    const unexpected = statuses.filter((s) => s !== 200 && s !== 503 && s !== 0);
    expect(unexpected).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
  });

  it('PostgreSQL dropping every connection: 503 or success meanwhile, full recovery after', async () => {
    const server = await startServer(baseEnv());
    servers.push(server);
    const { token } = await signUp(server.url);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const kill = () =>
      admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = 'townsquare'",
      );
    const results: number[] = [];
    for (let round = 0; round < 5; round++) {
      const load = burst(server.url, token, 20);
      await kill();
      results.push(...(await load));
    }
    await admin.end();
    expect(
      results.filter((s) => s !== 200 && s !== 503),
      server.output(),
    ).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    // Recovered: every request succeeds again.
    expect(new Set(await burst(server.url, token, 20))).toEqual(new Set([200]));
    expect((await api(server.url, 'GET', '/api/ready')).status).toBe(200);
  });

  it('Redis going away: fast 503 for what needs it, recovery when it is back', async () => {
    let redis: TestRedis;
    try {
      redis = await startPrivateRedis();
    } catch (error) {
      throw new Error(`this test needs the redis-server binary: ${(error as Error).message}`);
    }
    const server = await startServer({
      ...baseEnv(),
      REDIS_URL: redis.url,
      REDIS_PREFIX: `f${randomBytes(3).toString('hex')}:`,
    });
    servers.push(server);
    const { email } = await signUp(server.url);
    const login = () =>
      api(server.url, 'POST', '/api/auth/login', { identifier: email, password: 'long enough pw' });
    expect((await login()).status).toBe(200);

    redis.kill?.();
    // Once the server has noticed (its client sees the connection close), not after a guess.
    await eventually(async () => expect((await api(server.url, 'GET', '/api/ready')).status).toBe(503));
    const began = Date.now();
    const during = await login();
    expect(during.status).toBe(503);
    expect(Date.now() - began).toBeLessThan(3_000);
    expect((await api(server.url, 'GET', '/api/ready')).status).toBe(503);
    // Reads that do not need Redis keep working.
    expect((await api(server.url, 'GET', '/api/health')).status).toBe(200);

    await redis.restart?.();
    await eventually(async () => expect((await login()).status).toBe(200));
    expect(server.child.exitCode).toBeNull();
    await redis.stop();
  });
});
