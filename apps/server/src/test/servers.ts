import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../db/embedded.ts';

/** The production bundle; `npm test` builds it before the server tests run. */
export const serverEntry = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'dist',
  'server.js',
);

const START_BUDGET_MS = 120_000;

/**
 * The V8 flags the server is started with everywhere (`npm start`, the server package's `start`,
 * docs/DEPLOY.md; node-flags.test.ts keeps them the same): the old generation starts at 256 MB,
 * so a full garbage collection comes about once a minute under load instead of every few seconds,
 * each holding the answers in flight for 50–90 ms on two cores (decision 059).
 */
export const SERVER_NODE_FLAGS = ['--initial-old-space-size=256'];

export type RunningServer = {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Runs the built server (or `options.entry`, from `options.cwd`) as its own process and waits
 * until /api/health answers. On `env.PORT` when given (a caller that must know the address
 * before the start, for PUBLIC_URL), else on a free port.
 */
export async function startServer(
  env: Record<string, string>,
  options: {
    entry?: string;
    cwd?: string;
    execArgv?: string[];
    nodeFlags?: string[];
    /** Another Node.js binary to run it on (a benchmark's "before" runtime); else this process's. */
    execPath?: string;
  } = {},
): Promise<RunningServer> {
  const entry = options.entry ?? serverEntry;
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const flags = options.nodeFlags ?? SERVER_NODE_FLAGS;
  const child = spawn(options.execPath ?? process.execPath, [...flags, ...(options.execArgv ?? []), entry], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output = (output + d).slice(-20_000);
  });
  child.stderr?.on('data', (d) => {
    output = (output + d).slice(-20_000);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // A budget, not a speed bar (`npm start`'s time is measured by the bench): on a loaded 2-core
  // machine with slow disks, an embedded PostgreSQL's first start alone took over 30 s in CI.
  const deadline = Date.now() + START_BUDGET_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) {
      // The caller never gets a handle to stop it: it must not live on past the test.
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${START_BUDGET_MS / 1000} s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Built servers on one database (`env`), each with its own data directory; `stopAll` kills every
 * one (SIGKILL) and removes the directories.
 */
export function serverPool(env: Record<string, string>, prefix: string) {
  const dataDirs: string[] = [];
  const servers: RunningServer[] = [];
  return {
    async start(): Promise<RunningServer> {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
      dataDirs.push(dataDir);
      const server = await startServer({ ...env, DATA_DIR: dataDir });
      servers.push(server);
      return server;
    },
    async stopAll() {
      for (const s of servers) await s.stop('SIGKILL');
      for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function api<T = unknown>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}
