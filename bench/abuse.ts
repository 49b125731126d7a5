/**
 * `npm run bench -- abuse`: three floods, each measured as another user's latency
 * during the flood against the same user's latency at idle, on the same server in the same run.
 *
 *   1. 24 parallel uploads of a small-bytes, 49-megapixel JPEG from one account; the victim signs
 *      in again and again (bar: every login within 1 s).
 *   2. 20,000 `join-event-chat` from one socket; the victim reads the event list (bar: p99 ≤ 2×
 *      idle p99).
 *   1b. 24 parallel uploads of the largest accepted picture (24 MP), really decoded; the victim
 *      signs in and reads a stored image meanwhile (bar: each p99 ≤ 2× its idle p99).
 *   2b. 2,000 socket connections from one token, 100 at a time; the victim reads the event list
 *      (bar: p99 ≤ 2× idle p99).
 *   3. 20 unauthenticated 1.9 MB nested-array bodies to /api/auth/login; the victim reads the
 *      event list (bar: p99 ≤ 2× idle p99).
 *   4. 20 stalling push endpoints mentioned again and again; another user's mention
 *      e-mail (bar: within 2× its idle time). bench/abuse-push.ts.
 *   5. Decision 062 (`reads`): 16 signed-out loops reading city pages (`/near/:city` and its JSON),
 *      then 16 loops of place typeahead searches; the victim reads the event list (bar: p99 ≤ 2×
 *      idle p99). Each flood runs twice in the same run, on fresh servers: once with the protection
 *      switched off (PAGE_CACHE_SECONDS=0, PAGE_RATE_LIMIT=0, PLACE_SEARCH_RATE_LIMIT=0, the
 *      settings that exist for this) and once with the defaults: before and after side by side.
 *
 * BENCH_ABUSE=uploads,images,joins,connections,bodies,push,reads runs only the floods named (default: all seven).
 *
 * With BENCH_ABUSE_BEFORE=<path to an older build's server.js> the same floods also run against
 * that build first (the "before" of a fix), in the same run. See docs/DEPLOY.md.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { api, type RunningServer, startServer } from '../apps/server/src/test/servers.ts';
import { startSmtpCapture } from '../apps/server/src/test/smtp.ts';
import { pushFlood } from './abuse-push.ts';
import { registerMember } from './bench-db.ts';

type Report = (line: string) => void;
type Auth = { accessToken: string; user: { id: string } };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

const register = (base: string, name: string) => registerMember<Auth>(base, name, 'abuse.example');

/** A small PNG uploaded by `token`: its public URL. */
async function uploadSmall(base: string, token: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('folder', 'event-image');
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'small.png');
  const res = await fetch(`${base}/api/upload/file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { url?: string };
  if (!body.url) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  return body.url;
}

/**
 * Runs `probe` back to back from the start of a flood until `until` settles and at least `minMs`
 * have passed (a refused flood ends at once; its aftermath counts too), at most `maxMs`.
 */
async function probeDuring(
  probe: () => Promise<unknown>,
  until: Promise<unknown>,
  maxMs: number,
  minMs = 5000,
) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const began = Date.now();
  const deadline = began + maxMs;
  const latencies: number[] = [];
  while ((!done || Date.now() - began < minMs) && Date.now() < deadline) {
    const began = performance.now();
    await probe();
    latencies.push(performance.now() - began);
  }
  return latencies;
}

async function idle(probe: () => Promise<unknown>, count: number) {
  for (let i = 0; i < 3; i++) await probe(); // warm-up
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const began = performance.now();
    await probe();
    latencies.push(performance.now() - began);
  }
  return latencies;
}

/**
 * The idle side of a ratio, measured the way the flood side is (`probeDuring`): the probe back to
 * back for `ms`, so both p99s come from hundreds of samples. (The p99 of 60 probes was their
 * slowest one or two, and a 2 ms idle read made 5 ms under a flood read 3 ×.)
 */
async function idleFor(probe: () => Promise<unknown>, ms: number) {
  await idle(probe, 0);
  return probeDuring(probe, sleep(ms), ms * 2, ms);
}

/**
 * Starts the attacker (bench/abuse-flood.ts) in its own process; `started` resolves when the
 * flood is about to be sent, `done` with its summary when it is over.
 */
function flood(job: Record<string, unknown>) {
  const child = fork(path.join(import.meta.dirname, 'abuse-flood.ts'), [JSON.stringify(job)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let began = 0;
  const started = new Promise<void>((resolve) =>
    child.on('message', (m: { started?: boolean }) => {
      if (m.started) {
        began = Date.now();
        resolve();
      }
    }),
  );
  const done = new Promise<string>((resolve) => {
    child.on('message', (m: { summary?: string }) => {
      if (m.summary) resolve(`${m.summary}, ${((Date.now() - began) / 1000).toFixed(1)} s`);
    });
    child.on('exit', () => resolve('attacker exited'));
  });
  return { started, done };
}

const chosen = new Set(
  (process.env.BENCH_ABUSE ?? 'uploads,images,joins,connections,bodies,push,reads').split(','),
);

async function floods(
  server: RunningServer,
  label: string,
  report: Report,
  jpegFile: string,
  accepted: string,
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>,
) {
  const base = server.url;
  if (chosen.has('push')) await pushFlood(server, label, report, smtp);
  if (!['uploads', 'images', 'joins', 'connections', 'bodies'].some((f) => chosen.has(f))) return;
  const victim = await register(base, 'victim');
  const attacker = await register(base, 'attacker');
  const login = () =>
    api(base, 'POST', '/api/auth/login', { identifier: victim.email, password: victim.password });
  const events = () => api(base, 'GET', '/api/events?limit=20', undefined, victim.accessToken);

  // 1. Image uploads.
  if (chosen.has('uploads')) await uploadFlood();
  async function uploadFlood() {
    const loginIdleP99 = percentile(await idle(login, 10), 99);
    const uploads = flood({ kind: 'uploads', base, token: attacker.accessToken, file: jpegFile, count: 24 });
    await uploads.started;
    const during = await probeDuring(login, uploads.done, 400_000);
    const worst = Math.max(...during);
    report(
      `[${label}] 24 uploads of a 49 MP JPEG from one account (${await uploads.done}): another user's login worst ${worst.toFixed(0)} ms, p99 ${percentile(during, 99).toFixed(0)} ms = ${(percentile(during, 99) / loginIdleP99).toFixed(2)} × idle p99 ${loginIdleP99.toFixed(0)} ms over ${during.length} logins (bar: every login < 1000 ms) ${verdict(worst < 1000)}`,
    );
  }

  // 1b. The largest picture accepted (24 MP), decoded and re-encoded for real: others' sign-in
  // (argon2) and a static file (an image stored earlier) against their idle p99.
  if (chosen.has('images')) await imageFlood();
  async function imageFlood() {
    const stored = await uploadSmall(base, victim.accessToken);
    const staticFile = () => fetch(`${base}${new URL(stored, base).pathname}`).then((r) => r.arrayBuffer());
    // The victim signs in and fetches files at the same time, idle and during the flood alike, so
    // the ratio is the flood's doing and not that of the victim's own sign-ins (argon2).
    await idle(login, 0);
    await idle(staticFile, 0);
    const quiet = sleep(10_000);
    const [loginsIdle, filesIdle] = await Promise.all([
      probeDuring(login, quiet, 60_000, 10_000),
      probeDuring(staticFile, quiet, 60_000, 10_000),
    ]);
    const loginIdle = percentile(loginsIdle, 99);
    const staticIdle = percentile(filesIdle, 99);
    // A fresh account: the first flood used most of the attacker's uploads for 10 minutes.
    const uploader = await register(base, 'uploader');
    const heavy = flood({ kind: 'uploads', base, token: uploader.accessToken, file: accepted, count: 24 });
    await heavy.started;
    const [loginsDuring, filesDuring] = await Promise.all([
      probeDuring(login, heavy.done, 400_000),
      probeDuring(staticFile, heavy.done, 400_000),
    ]);
    const heavySummary = await heavy.done;
    for (const [what, idleP99, duringFlood] of [
      ['login', loginIdle, loginsDuring],
      ['static file', staticIdle, filesDuring],
    ] as const) {
      const p99 = percentile(duringFlood, 99);
      report(
        `[${label}] 24 uploads of a 24 MP JPEG from one account (${heavySummary}): another user's ${what} p99 ${p99.toFixed(0)} ms = ${(p99 / idleP99).toFixed(2)} × idle p99 ${idleP99.toFixed(1)} ms (the same two probes, no flood) over ${duringFlood.length} requests (bar 2) ${verdict(p99 <= 2 * idleP99)}`,
      );
    }
  }

  // 2. Socket join flood.
  if (chosen.has('joins')) await joinFlood();
  async function joinFlood() {
    const created = await api<{ event: { id: string } }>(
      base,
      'POST',
      '/api/events',
      {
        title: 'Flooded room',
        description: 'abuse',
        location: 'here',
        // A draft: its creator may join its chat, and drafting needs no verified address.
        status: 'DRAFT',
        startDate: new Date(Date.now() + 86_400_000).toISOString(),
        endDate: new Date(Date.now() + 90_000_000).toISOString(),
      },
      attacker.accessToken,
    );
    if (created.status !== 201) throw new Error(`event create failed: ${JSON.stringify(created.body)}`);
    const eventsIdleP99 = percentile(await idleFor(events, 5000), 99);
    const joins = flood({
      kind: 'joins',
      base,
      token: attacker.accessToken,
      eventId: created.body.event.id,
      count: 20_000,
    });
    await joins.started;
    const duringFlood = await probeDuring(events, joins.done, 120_000);
    const floodP99 = percentile(duringFlood, 99);
    report(
      `[${label}] 20,000 join-event-chat from one socket (${await joins.done}): another user's GET /api/events p99 ${floodP99.toFixed(0)} ms = ${(floodP99 / eventsIdleP99).toFixed(2)} × idle p99 ${eventsIdleP99.toFixed(0)} ms over ${duringFlood.length} requests (bar 2) ${verdict(floodP99 <= 2 * eventsIdleP99)}`,
    );
  }

  // 2b. 2,000 socket handshakes from one token.
  if (chosen.has('connections')) await connectionFlood();
  async function connectionFlood() {
    const connIdleP99 = percentile(await idleFor(events, 5000), 99);
    const handshakes = flood({ kind: 'connections', base, token: attacker.accessToken, count: 2000 });
    await handshakes.started;
    const duringHandshakes = await probeDuring(events, handshakes.done, 120_000);
    const handshakesP99 = percentile(duringHandshakes, 99);
    report(
      `[${label}] 2,000 socket connections from one token (${await handshakes.done}; 101 connected, 429 refused): another user's GET /api/events p99 ${handshakesP99.toFixed(0)} ms = ${(handshakesP99 / connIdleP99).toFixed(2)} × idle p99 ${connIdleP99.toFixed(0)} ms over ${duringHandshakes.length} requests (bar 2) ${verdict(handshakesP99 <= 2 * connIdleP99)}`,
    );
  }

  // 3. Unauthenticated nested-array bodies.
  if (chosen.has('bodies')) await bodyFlood();
  async function bodyFlood() {
    const bodyIdleP99 = percentile(await idleFor(events, 5000), 99);
    const bodies = flood({ kind: 'bodies', base, count: 20 });
    await bodies.started;
    const duringBodies = await probeDuring(events, bodies.done, 120_000);
    const bodiesP99 = percentile(duringBodies, 99);
    report(
      `[${label}] 20 unauthenticated nested-array bodies to /api/auth/login (${await bodies.done}): another user's GET /api/events p99 ${bodiesP99.toFixed(0)} ms = ${(bodiesP99 / bodyIdleP99).toFixed(2)} × idle p99 ${bodyIdleP99.toFixed(0)} ms over ${duringBodies.length} requests (bar 2) ${verdict(bodiesP99 <= 2 * bodyIdleP99)}`,
    );
  }
}

/**
 * What switches decision 062's protection of signed-out reads off: no page cache, no limit on city
 * pages or the typeahead. These settings exist for this comparison (docs/DEPLOY.md).
 */
const PROTECTION_OFF = { PAGE_CACHE_SECONDS: '0', PAGE_RATE_LIMIT: '0', PLACE_SEARCH_RATE_LIMIT: '0' };

/**
 * 5. Signed-out read floods (decision 062) against `server`: a city with 30 upcoming events, its
 * page and data read by 16 loops for 15 s, then the typeahead searched by 16 loops for 15 s;
 * another user's GET /api/events p99 during each over its idle p99.
 */
async function readFloods(server: RunningServer, label: string, report: Report, databaseUrl: string) {
  const base = server.url;
  const victim = await register(base, 'reader');
  const host = await register(base, 'cityhost');
  // Publishing needs a verified address; the bench has no mailbox to follow the link from.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('update users set email_verified_at = now() where id = $1', [host.user.id]);
  } finally {
    await client.end();
  }
  const berlin = await api<{ place: { id: string } }>(
    base,
    'POST',
    '/api/places',
    { name: 'Berlin', lat: 52.52437, lon: 13.41053 },
    host.accessToken,
  );
  for (let i = 0; i < 30; i++) {
    const start = Date.now() + (i + 1) * 86_400_000;
    const created = await api(
      base,
      'POST',
      '/api/events',
      {
        title: `City event ${i + 1}`,
        description: 'A public event on the city page.',
        location: 'Alexanderplatz',
        placeId: berlin.body.place.id,
        status: 'LIVE',
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 7_200_000).toISOString(),
      },
      host.accessToken,
    );
    if (created.status !== 201) throw new Error(`event create failed: ${JSON.stringify(created.body)}`);
  }
  const events = () => api(base, 'GET', '/api/events?limit=20', undefined, victim.accessToken);
  const targets: [string, string[]][] = [
    ['city pages (/near/berlin-de and its JSON)', ['/near/berlin-de', '/api/near/berlin-de']],
    [
      'place typeahead searches',
      [
        '/api/places/search?q=B',
        '/api/places/search?q=Ber&near=52.53,13.40',
        '/api/places/search?q=Sa&limit=20',
      ],
    ],
  ];
  for (const [what, urls] of targets) {
    const idleP99 = percentile(await idleFor(events, 5000), 99);
    const reads = flood({ kind: 'reads', base, urls, loops: 16, ms: 15_000 });
    await reads.started;
    const during = await probeDuring(events, reads.done, 60_000);
    const p99 = percentile(during, 99);
    report(
      `[${label}] 16 signed-out loops of ${what} (${await reads.done}): another user's GET /api/events p99 ${p99.toFixed(0)} ms = ${(p99 / idleP99).toFixed(2)} × idle p99 ${idleP99.toFixed(0)} ms over ${during.length} requests (bar 2) ${verdict(p99 <= 2 * idleP99)}`,
    );
  }
}

/** The floods against this build (and, with BENCH_ABUSE_BEFORE, an older one first). */
export async function abuse(
  env: Record<string, string>,
  report: Report,
  /** A new migrated database: each build gets its own, so no other instance's queue takes its jobs. */
  ownDatabase: (suffix: string) => Promise<string>,
): Promise<void> {
  // What the issue sent: a few hundred kilobytes announcing 7000 × 7000 pixels.
  const jpegFile = path.join(env.DATA_DIR ?? os.tmpdir(), 'abuse-49mp.jpg');
  await writeFile(
    jpegFile,
    await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#ffffff' } })
      .jpeg({ quality: 10 })
      .toBuffer(),
  );
  // The largest picture accepted: 24 MP (6000 × 4000), noisy enough to cost a real decode.
  const acceptedFile = path.join(env.DATA_DIR ?? os.tmpdir(), 'abuse-24mp.jpg');
  const noise = randomBytes(600 * 400 * 3);
  await writeFile(
    acceptedFile,
    await sharp(noise, { raw: { width: 600, height: 400, channels: 3 } })
      .resize(6000, 4000, { kernel: 'nearest' })
      .jpeg({ quality: 70 })
      .toBuffer(),
  );
  // The per-test overrides of run.ts (chat limits raised for the fan-out) do not apply here.
  const {
    CHAT_SEND_LIMIT: _c,
    SOCKETS_PER_USER: _s,
    SOCKET_EVENTS_PER_USER: _e,
    SOCKET_CONNECTIONS_PER_USER: _cu,
    SOCKET_CONNECTIONS_PER_IP: _ci,
    ...defaults
  } = env;
  const builds: [string, string | undefined][] = [
    ...(process.env.BENCH_ABUSE_BEFORE
      ? [['before', process.env.BENCH_ABUSE_BEFORE] as [string, string]]
      : []),
    ['this build', undefined],
  ];
  // The push flood measures e-mail: every build sends to this SMTP server, and may push to 127.0.0.1.
  const smtp = await startSmtpCapture();
  try {
    for (const [label, entry] of builds) {
      const dataDir = `${defaults.DATA_DIR}/${label.replace(/\W/g, '')}`;
      await mkdir(dataDir, { recursive: true });
      const server = await startServer(
        {
          ...defaults,
          DATABASE_URL: await ownDatabase(`abuse_${label.replace(/\W/g, '')}`),
          DATA_DIR: dataDir,
          SMTP_URL: smtp.url,
          PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
        },
        {
          entry,
          execArgv: process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [],
        },
      );
      try {
        await floods(server, label, report, jpegFile, acceptedFile, smtp);
      } finally {
        await server.stop();
      }
      await sleep(1000);
    }
    // 5. Before and after decision 062 in one run: the same build with its protection off, then on.
    if (chosen.has('reads'))
      for (const [label, protection] of [
        ['protection off', PROTECTION_OFF],
        ['defaults', {}],
      ] as const) {
        const name = label.replace(/\W/g, '');
        const dataDir = `${defaults.DATA_DIR}/reads_${name}`;
        await mkdir(dataDir, { recursive: true });
        const databaseUrl = await ownDatabase(`abuse_reads_${name}`);
        const server = await startServer({
          ...defaults,
          ...protection,
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          SMTP_URL: smtp.url,
        });
        try {
          await readFloods(server, label, report, databaseUrl);
        } finally {
          await server.stop();
        }
        await sleep(1000);
      }
  } finally {
    await smtp.close();
  }
}
