/**
 * The attacker of `bench/abuse.ts`, in its own process so that building and sending the flood
 * never delays the victim's measurements. Reads one JSON job from argv, floods, reports back over
 * IPC `{ summary }` and exits.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Socket } from 'socket.io-client';
import { connectedSocket, socketClient } from './bench-socket.ts';

type Job =
  | { kind: 'uploads'; base: string; token: string; file: string; count: number }
  | { kind: 'joins'; base: string; token: string; eventId: string; count: number }
  | { kind: 'bodies'; base: string; count: number }
  | { kind: 'connections'; base: string; token: string; count: number }
  /** Signed-out GETs of `urls` (round robin) from `loops` loops back to back for `ms` (decision 062). */
  | { kind: 'reads'; base: string; urls: string[]; loops: number; ms: number };

function multipart(file: Buffer) {
  const boundary = `----abuse${randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nevent-image\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const tally = (statuses: number[]) =>
  Object.entries(
    statuses.reduce<Record<string, number>>((acc, s) => {
      acc[s] = (acc[s] ?? 0) + 1;
      return acc;
    }, {}),
  )
    .map(([s, n]) => `${n}×${s}`)
    .join(' ');

async function uploads(job: Extract<Job, { kind: 'uploads' }>) {
  const file = await readFile(job.file);
  const requests = Array.from({ length: job.count }, () => multipart(file));
  process.send?.({ started: true });
  const statuses = await Promise.all(
    requests.map(async ({ body, contentType }) => {
      const res = await fetch(`${job.base}/api/upload/file`, {
        method: 'POST',
        headers: { authorization: `Bearer ${job.token}`, 'content-type': contentType },
        body,
      }).catch(() => undefined);
      await res?.arrayBuffer().catch(() => undefined);
      return res?.status ?? 0;
    }),
  );
  return tally(statuses);
}

async function joins(job: Extract<Job, { kind: 'joins' }>) {
  const socket = await connectedSocket(job.base, job.token);
  process.send?.({ started: true });
  let answered = 0;
  await new Promise<void>((resolve) => {
    socket.once('disconnect', () => resolve());
    for (let i = 0; i < job.count; i++)
      socket.emit('join-event-chat', { eventId: job.eventId }, () => {
        answered += 1;
        if (answered === job.count) resolve();
      });
  });
  const summary = `${answered} answered, ${socket.connected ? 'still connected' : 'disconnected by the server'}`;
  socket.disconnect();
  return summary;
}

/** `count` socket handshakes with one token, 100 at a time, as fast as the server answers. */
async function connections(job: Extract<Job, { kind: 'connections' }>) {
  process.send?.({ started: true });
  const outcomes: string[] = [];
  const open: Socket[] = [];
  let next = 0;
  const one = async () => {
    while (next < job.count) {
      next += 1;
      const socket = socketClient(job.base, job.token);
      open.push(socket);
      outcomes.push(
        await new Promise<string>((resolve) => {
          socket.once('connect', () => resolve('connected'));
          socket.once('connect_error', (err) => resolve(/Too many/.test(err.message) ? 'refused' : 'failed'));
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: 100 }, one));
  for (const socket of open) socket.disconnect();
  return tally(outcomes.map((o) => (o === 'connected' ? 101 : o === 'refused' ? 429 : 0)));
}

async function bodies(job: Extract<Job, { kind: 'bodies' }>) {
  const nested = `{"identifier":[${Array.from({ length: 316_000 }, () => '[[0]]').join(',')}],"password":"x"}`;
  process.send?.({ started: true });
  const statuses = await Promise.all(
    Array.from({ length: job.count }, () =>
      fetch(`${job.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: nested,
      })
        .then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        })
        .catch(() => 0),
    ),
  );
  return `${(nested.length / 1024 / 1024).toFixed(1)} MB each, ${tally(statuses)}`;
}

async function reads(job: Extract<Job, { kind: 'reads' }>) {
  process.send?.({ started: true });
  const statuses: number[] = [];
  const until = Date.now() + job.ms;
  let next = 0;
  const loop = async () => {
    while (Date.now() < until) {
      const url = job.urls[next++ % job.urls.length] ?? '/';
      const status = await fetch(`${job.base}${url}`)
        .then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        })
        .catch(() => 0);
      statuses.push(status);
    }
  };
  await Promise.all(Array.from({ length: job.loops }, loop));
  return `${statuses.length} requests (${(statuses.length / (job.ms / 1000)).toFixed(0)}/s), ${tally(statuses)}`;
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const run =
  job.kind === 'uploads'
    ? uploads(job)
    : job.kind === 'joins'
      ? joins(job)
      : job.kind === 'connections'
        ? connections(job)
        : job.kind === 'reads'
          ? reads(job)
          : bodies(job);
run.then(
  (summary) => process.send?.({ summary }, () => process.exit(0)),
  (error: unknown) => process.send?.({ summary: `flood failed: ${String(error)}` }, () => process.exit(1)),
);
