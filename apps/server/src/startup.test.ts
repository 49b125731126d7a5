import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, type RunningServer, serverEntry, startServer } from './test/servers.ts';

/**
 * The built server, as `npm start` runs it: no DATABASE_URL, so it boots embedded PostgreSQL in
 * DATA_DIR. Needs `npm run build` first (the root `npm test` builds before testing).
 */
const started: RunningServer[] = [];
let dataDir = '';

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop('SIGKILL')));
  // A SIGKILLed server leaves its PostgreSQL behind; stop it so the directory can go.
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (dataDir && existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function timedStart(env: Record<string, string>) {
  const began = Date.now();
  const server = await startServer({ LOG_LEVEL: 'info', ...env });
  started.push(server);
  return { server, ms: Date.now() - began };
}

describe('npm start on the embedded database', () => {
  it('boots, keeps a registration through SIGKILL and a restart, and stops cleanly on SIGTERM', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-start-'));
    const first = await timedStart({ DATA_DIR: dataDir });
    const register = await api(first.server.url, 'POST', '/api/auth/register', {
      fullName: 'Durable Dana',
      email: 'dana@example.com',
      password: 'survives-kill-9',
    });
    expect(register.status).toBe(201);
    // The verification mail goes to the outbox (in the background), and its link is logged.
    for (let i = 0; i < 50 && !first.server.output().includes('/verify-email?token='); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(first.server.output()).toContain('/verify-email?token=');
    expect(readdirSync(path.join(dataDir, 'mail')).some((f) => f.endsWith('-dana@example.com.eml'))).toBe(
      true,
    );
    await first.server.stop('SIGKILL');

    const second = await timedStart({ DATA_DIR: dataDir });
    const login = await api<{ user: { fullName: string } }>(second.server.url, 'POST', '/api/auth/login', {
      identifier: 'dana@example.com',
      password: 'survives-kill-9',
    });
    expect(login.status).toBe(200);
    expect(login.body.user.fullName).toBe('Durable Dana');
    expect((await api(second.server.url, 'GET', '/api/ready')).status).toBe(200);

    expect(await second.server.stop('SIGTERM')).toBe(0);
    expect(second.server.output()).toContain('stopped cleanly');
    process.stdout.write(`start-up: first start ${first.ms} ms, second start ${second.ms} ms\n`);
  }, 180_000);

  it('refuses a bad setting with one line naming the variable', async () => {
    if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
    await expect(startServer({ PORT: 'eighty', DATA_DIR: os.tmpdir() })).rejects.toThrow(
      /server exited early: Invalid configuration: PORT [^\n]*\n?$/,
    );
  });
});
