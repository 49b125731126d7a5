import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.ts';

/**
 * The built server, as `npm start` runs it: no DATABASE_URL, so it boots embedded PostgreSQL in
 * DATA_DIR. Needs `npm run build` first (the root `npm test` builds before testing).
 */
const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'server.js');
const children: ChildProcess[] = [];
let dataDir = '';

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(base: string, server: ReturnType<typeof start>): Promise<number> {
  const began = Date.now();
  while (Date.now() - began < 60_000) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return Date.now() - began;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy: ${server.output()}`);
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
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

describe('npm start on the embedded database', () => {
  it('boots, keeps a registration through SIGKILL and a restart, and stops cleanly on SIGTERM', async () => {
    if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-start-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };

    const first = start(env);
    const firstMs = await waitForHealth(base, first);
    const register = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Durable Dana',
        email: 'dana@example.com',
        password: 'survives-kill-9',
      }),
    });
    expect(register.status).toBe(201);
    // The verification mail goes to the outbox (in the background), and its link is logged.
    for (let i = 0; i < 50 && !first.output().includes('/verify-email?token='); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(first.output()).toContain('/verify-email?token=');
    expect(readdirSync(path.join(dataDir, 'mail')).some((f) => f.endsWith('-dana@example.com.eml'))).toBe(
      true,
    );
    first.child.kill('SIGKILL');
    await first.exited;

    const second = start(env);
    const secondMs = await waitForHealth(base, second);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'dana@example.com', password: 'survives-kill-9' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { fullName: string } }).user.fullName).toBe('Durable Dana');
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('stopped cleanly');
    process.stdout.write(`start-up: first start ${firstMs} ms, second start ${secondMs} ms\n`);
  }, 180_000);

  it('refuses a bad setting with one line naming the variable', async () => {
    if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
    const server = start({ PORT: 'eighty', DATA_DIR: os.tmpdir() });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });
});
