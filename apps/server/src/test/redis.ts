import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../db/embedded.ts';

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export type TestRedis = {
  url: string;
  stop: () => Promise<void>;
  restart?: () => Promise<void>;
  kill?: () => void;
};

/** A private redis-server on a free port (needs the redis-server binary, as on the CI machines). */
export async function startPrivateRedis(): Promise<TestRedis> {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    throw new Error(
      'redis-server is not installed: install Redis (apt-get install redis-server) or set TEST_REDIS_URL',
    );
  }
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 50 && !(await answers(url)); i++) await new Promise((r) => setTimeout(r, 100));
    if (!(await answers(url))) throw new Error(`redis-server did not start on ${port}`);
  };
  await start();
  return {
    url,
    kill: () => child?.kill('SIGKILL'),
    restart: start,
    stop: async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child?.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/**
 * The Redis the scale-out tests use: TEST_REDIS_URL, else 127.0.0.1:6379 if it answers, else a
 * private redis-server. Tests namespace their keys, so a shared server is safe.
 */
export async function resolveTestRedis(): Promise<TestRedis> {
  const fromEnv = process.env.TEST_REDIS_URL;
  if (fromEnv) {
    if (!(await answers(fromEnv))) throw new Error(`TEST_REDIS_URL (${fromEnv}) does not answer`);
    return { url: fromEnv, stop: async () => {} };
  }
  if (await answers('redis://127.0.0.1:6379')) return { url: 'redis://127.0.0.1:6379', stop: async () => {} };
  return startPrivateRedis();
}
