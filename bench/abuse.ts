/**
 * `npm run bench -- abuse`: the three floods of issue 9, each measured as another user's latency
 * during the flood against the same user's latency at idle, on the same server in the same run.
 *
 *   1. 24 parallel uploads of a small-bytes, 49-megapixel JPEG from one account; the victim signs
 *      in again and again (bar: every login within 1 s).
 *   2. 20,000 `join-event-chat` from one socket; the victim reads the event list (bar: p99 ≤ 2×
 *      idle p99).
 *   3. 20 unauthenticated 1.9 MB nested-array bodies to /api/auth/login; the victim reads the
 *      event list (bar: p99 ≤ 2× idle p99).
 *
 * With BENCH_ABUSE_BEFORE=<path to an older build's server.js> the same floods also run against
 * that build first (the "before" of a fix), in the same run. See docs/DEPLOY.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import { io as connect } from 'socket.io-client';
import { api, type RunningServer, startServer } from '../apps/server/src/test/servers.ts';

type Report = (line: string) => void;
type Auth = { accessToken: string; user: { id: string } };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

async function register(base: string, name: string) {
  const email = `${name}-${randomBytes(4).toString('hex')}@abuse.example`;
  const password = 'benchmark password';
  const res = await api<Auth>(base, 'POST', '/api/auth/register', { fullName: name, email, password });
  if (res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  await api(
    base,
    'PUT',
    '/api/users/me',
    { username: `${name}_${randomBytes(3).toString('hex')}`, roles: ['Member'] },
    res.body.accessToken,
  );
  return { ...res.body, email, password };
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

async function floods(server: RunningServer, label: string, report: Report, bigJpeg: Buffer) {
  const base = server.url;
  const victim = await register(base, 'victim');
  const attacker = await register(base, 'attacker');
  const login = () =>
    api(base, 'POST', '/api/auth/login', { identifier: victim.email, password: victim.password });
  const events = () => api(base, 'GET', '/api/events?limit=20', undefined, victim.accessToken);

  // 1. Image uploads.
  const loginIdle = idle(login, 10);
  const loginIdleP99 = percentile(await loginIdle, 99);
  const statuses: number[] = [];
  const uploads = Promise.all(
    Array.from({ length: 24 }, async () => {
      const { body, contentType } = multipart(bigJpeg);
      const res = await fetch(`${base}/api/upload/file`, {
        method: 'POST',
        headers: { authorization: `Bearer ${attacker.accessToken}`, 'content-type': contentType },
        body,
      }).catch(() => undefined);
      statuses.push(res?.status ?? 0);
      await res?.arrayBuffer().catch(() => undefined);
    }),
  );
  const began = Date.now();
  const during = await probeDuring(login, uploads, 180_000);
  await uploads;
  const worst = Math.max(...during);
  const counts = Object.entries(
    statuses.reduce<Record<string, number>>((acc, s) => {
      acc[s] = (acc[s] ?? 0) + 1;
      return acc;
    }, {}),
  )
    .map(([s, n]) => `${n}×${s}`)
    .join(' ');
  report(
    `[${label}] 24 uploads of a ${Math.round(bigJpeg.length / 1024)} KB 49 MP JPEG (${counts}, ${((Date.now() - began) / 1000).toFixed(1)} s): another user's login worst ${worst.toFixed(0)} ms, p99 ${percentile(during, 99).toFixed(0)} ms = ${(percentile(during, 99) / loginIdleP99).toFixed(2)} × idle p99 ${loginIdleP99.toFixed(0)} ms over ${during.length} logins (bar: every login < 1000 ms) ${verdict(worst < 1000)}`,
  );

  // 2. Socket join flood.
  const created = await api<{ event: { id: string } }>(
    base,
    'POST',
    '/api/events',
    {
      title: 'Flooded room',
      description: 'abuse',
      location: 'here',
      status: 'LIVE',
      startDate: new Date(Date.now() + 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 90_000_000).toISOString(),
    },
    attacker.accessToken,
  );
  const eventId = created.body.event.id;
  const eventsIdleP99 = percentile(await idle(events, 60), 99);
  const socket = connect(base, {
    auth: { token: attacker.accessToken },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  let answered = 0;
  const flood = new Promise<void>((resolve) => {
    const total = 20_000;
    socket.once('disconnect', () => resolve());
    for (let i = 0; i < total; i++)
      socket.emit('join-event-chat', { eventId }, () => {
        answered += 1;
        if (answered === total) resolve();
      });
  });
  const floodBegan = Date.now();
  const duringFlood = await probeDuring(events, flood, 60_000);
  const floodSeconds = (Date.now() - floodBegan) / 1000;
  const floodP99 = percentile(duringFlood, 99);
  report(
    `[${label}] 20,000 join-event-chat from one socket (${answered} answered, ${socket.connected ? 'still connected' : 'disconnected'}, ${floodSeconds.toFixed(1)} s): another user's GET /api/events p99 ${floodP99.toFixed(0)} ms = ${(floodP99 / eventsIdleP99).toFixed(2)} × idle p99 ${eventsIdleP99.toFixed(0)} ms over ${duringFlood.length} requests (bar 2) ${verdict(floodP99 <= 2 * eventsIdleP99)}`,
  );
  socket.disconnect();

  // 3. Unauthenticated nested-array bodies.
  const nested = `{"identifier":[${Array.from({ length: 316_000 }, () => '[[0]]').join(',')}],"password":"x"}`;
  const bodyIdleP99 = percentile(await idle(events, 60), 99);
  const bodies = Promise.all(
    Array.from({ length: 20 }, () =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: nested,
      })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined),
    ),
  );
  const duringBodies = await probeDuring(events, bodies, 60_000);
  const bodiesP99 = percentile(duringBodies, 99);
  report(
    `[${label}] 20 unauthenticated ${(nested.length / 1024 / 1024).toFixed(1)} MB nested-array bodies to /api/auth/login: another user's GET /api/events p99 ${bodiesP99.toFixed(0)} ms = ${(bodiesP99 / bodyIdleP99).toFixed(2)} × idle p99 ${bodyIdleP99.toFixed(0)} ms over ${duringBodies.length} requests (bar 2) ${verdict(bodiesP99 <= 2 * bodyIdleP99)}`,
  );
}

/** The three floods against this build (and, with BENCH_ABUSE_BEFORE, an older one first). */
export async function abuse(env: Record<string, string>, report: Report): Promise<void> {
  // What the issue sent: a few hundred kilobytes announcing 7000 × 7000 pixels.
  const bigJpeg = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#ffffff' } })
    .jpeg({ quality: 10 })
    .toBuffer();
  // The per-test overrides of run.ts (chat limits raised for the fan-out) do not apply here.
  const { CHAT_SEND_LIMIT: _c, SOCKETS_PER_USER: _s, SOCKET_EVENTS_PER_USER: _e, ...defaults } = env;
  const builds: [string, string | undefined][] = [
    ...(process.env.BENCH_ABUSE_BEFORE
      ? [['before', process.env.BENCH_ABUSE_BEFORE] as [string, string]]
      : []),
    ['this build', undefined],
  ];
  for (const [label, entry] of builds) {
    const dataDir = `${defaults.DATA_DIR}/${label.replace(/\W/g, '')}`;
    await mkdir(dataDir, { recursive: true });
    const server = await startServer({ ...defaults, DATA_DIR: dataDir }, entry);
    try {
      await floods(server, label, report, bigJpeg);
    } finally {
      await server.stop();
    }
    await sleep(1000);
  }
}
