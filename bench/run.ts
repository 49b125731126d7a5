/**
 * `npm run bench`: the performance bars of QUALITY.md, each as a ratio against a baseline measured
 * in the same run on the same machine (these machines are shared and noisy). Never part of
 * `npm test`. Needs `npm run build` first, PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432) and,
 * for the cross-instance figure, Redis (TEST_REDIS_URL, 127.0.0.1:6379 or a redis-server binary).
 *
 *   npm run bench                 # everything
 *   npm run bench -- http chat    # only some parts: bundle, http, lists, data, chat, wire, lighthouse, abuse, notifications, polls, import
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { adminQuery, resolveTestServer } from '../apps/server/src/test/database.ts';
import { resolveTestRedis } from '../apps/server/src/test/redis.ts';
import { api, type RunningServer, startServer } from '../apps/server/src/test/servers.ts';
import { abuse } from './abuse.ts';
import { benchServerEnv, migratedDatabase, registerMember } from './bench-db.ts';
import { benchCommunities } from './communities.ts';
import { fanOut, type Room, rawWsFanOut } from './fan-out.ts';
import { benchHostileImports, benchImport } from './import.ts';
import { lighthouseScores } from './lighthouse.ts';
import { benchLists, cpuProfile, nodeVersion } from './lists.ts';
import { benchNotifications } from './notifications.ts';
import { paced } from './paced.ts';
import { benchPlaces } from './places.ts';
import { benchPolls } from './polls.ts';
import { wireBytes } from './wire.ts';

const parts = new Set(process.argv.slice(2).filter((a) => !a.startsWith('-')));
const wants = (part: string) => parts.size === 0 || parts.has(part);
const RUNS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const fmt = (n: number, digits = 1) => n.toFixed(digits);
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};

let lastGc = { seconds: 0, count: 0 };
/**
 * Reads the server's /metrics (prom-client's defaults: the event-loop delay histogram starts
 * afresh at each read; the GC histogram only grows): the worst event-loop delay since the last
 * read, and the garbage collection done since then.
 */
async function serverLoad(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) =>
    [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'))].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
  const lagMax = value('townsquare_nodejs_eventloop_lag_max_seconds') * 1000;
  const gc = {
    seconds: value('townsquare_nodejs_gc_duration_seconds_sum'),
    count: value('townsquare_nodejs_gc_duration_seconds_count'),
  };
  const since = { ms: (gc.seconds - lastGc.seconds) * 1000, count: gc.count - lastGc.count };
  lastGc = gc;
  return { lagMax, text: `${fmt(lagMax, 0)} ms, GC ${since.count} pauses, ${fmt(since.ms, 0)} ms in all` };
}

/** A raw node:http hello-world in its own process: the HTTP baseline. */
function startRawHttp(): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(path.join(import.meta.dirname, 'raw-servers.mjs'), ['http'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve) =>
    child.once('message', (port) => resolve({ url: `http://127.0.0.1:${port}`, child })),
  );
}

async function load(url: string, headers: Record<string, string> = {}, connections = 50, duration = 5) {
  const result = await autocannon({ url, connections, duration, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function loadMedian(url: string, headers: Record<string, string> = {}, connections = 50) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await load(url, headers, connections));
  return {
    rps: median(runs.map((r) => r.rps)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((s, r) => s + r.errors, 0),
  };
}

type Auth = { accessToken: string; user: { id: string } };

/** The benchmark database, once created: accounts are marked verified there (publishing needs it). */
let benchDatabaseUrl: string | undefined;

async function markVerified(userId: string): Promise<void> {
  if (!benchDatabaseUrl) throw new Error('the benchmark database is not created yet');
  const client = new pg.Client({ connectionString: benchDatabaseUrl });
  await client.connect();
  try {
    await client.query('update users set email_verified_at = now() where id = $1', [userId]);
  } finally {
    await client.end();
  }
}

async function register(base: string, name: string) {
  const member = await registerMember<Auth>(base, name, 'bench.example');
  await markVerified(member.user.id);
  return member;
}

/** 100k users, 100k events (with tags), 1M messages, generated by PostgreSQL itself. */
/** Friends the benchmark's viewer has at scale, each going to FRIEND_RSVPS upcoming events. */
const SCALE_FRIENDS = 200;
const FRIEND_RSVPS = 20;

async function seedScale(url: string, viewerId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const began = Date.now();
  await client.query(`
    insert into users (id, email, username, full_name, password_hash, interests, profile_completed)
    select gen_random_uuid(), 'u' || i || '@scale.example', 'user_' || i, 'Person ' || i, 'x',
           array['Topic ' || (i % 500), 'Hobby ' || (i % 97)], true
    from generate_series(1, 100000) i`);
  await client.query(`
    insert into events (id, creator_id, title, description, location, start_date, end_date, status, visibility, tags)
    select gen_random_uuid(), u.id, 'Event ' || i || case when i % 50 = 1 then ' run club' else '' end,
           'Description of event ' || i, 'Place ' || (i % 300),
           now() + (i % 400 - 100) * interval '1 day', now() + (i % 400 - 100) * interval '1 day' + interval '2 hours',
           case when i % 10 = 0 then 'DRAFT' else 'LIVE' end, case when i % 7 = 0 then 'PRIVATE' else 'PUBLIC' end,
           array['Tag' || (i % 200), 'Group' || (i % 31)]
    from generate_series(1, 100000) i
    join lateral (select id from users where email = 'u' || (1 + i % 100000) || '@scale.example') u on true`);
  await client.query(`
    insert into messages (id, channel, sender_id, content, created_at)
    select gen_random_uuid(), 'general', (select id from users where email = 'u1@scale.example'), 'message ' || i, now() - i * interval '1 second'
    from generate_series(1, 1000000) i`);
  // Answers: three strangers going to every event, and the viewer's 200 friends ("friends
  // going"), each going to 20 upcoming public events spread over the calendar.
  await client.query(`
    insert into rsvps (event_id, user_id, status)
    select e.id, u.id, 'going'
    from (select id, row_number() over (order by id) n from events) e
    cross join generate_series(0, 2) k
    join users u on u.email = 'u' || (1 + (e.n * 7 + k * 31337) % 100000) || '@scale.example'
    on conflict do nothing`);
  await client.query(
    `insert into friendships (user_id, friend_id)
     select v.a, v.b from (select id from users where email like 'u%@scale.example' order by email limit ${SCALE_FRIENDS}) f,
       lateral (values ($1::uuid, f.id), (f.id, $1::uuid)) v(a, b)
     on conflict do nothing`,
    [viewerId],
  );
  await client.query(
    `with upcoming as (select id, row_number() over (order by start_date, id) n from events
                       where status = 'LIVE' and visibility = 'PUBLIC' and end_date >= now())
     insert into rsvps (event_id, user_id, status)
     select e.id, f.friend_id, 'going'
     from (select friend_id, row_number() over (order by friend_id) n from friendships where user_id = $1) f
     cross join generate_series(1, ${FRIEND_RSVPS}) k
     join upcoming e on e.n = 1 + (f.n * 37 + k * 997) % 20000
     on conflict do nothing`,
    [viewerId],
  );
  // What the status job does every minute in a running server.
  await client.query("update events set status = 'PAST' where status = 'LIVE' and end_date < now()");
  await client.query('vacuum analyze');
  await client.end();
  return Date.now() - began;
}

/** An event room for the fan-out test: a fresh organiser, a listener and a LIVE event. */
async function eventRoom(server: RunningServer): Promise<Room> {
  const owner = await register(server.url, 'organiser');
  const created = await api<{ event: { id: string } }>(
    server.url,
    'POST',
    '/api/events',
    {
      title: 'Bench room',
      description: 'fan-out',
      location: 'here',
      startDate: new Date(Date.now() + 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 90_000_000).toISOString(),
      status: 'LIVE',
    },
    owner.accessToken,
  );
  const eventId = created.body.event.id;
  const listener = await register(server.url, 'listener');
  return {
    join: ['join-event-chat', { eventId }],
    delivered: 'new-event-message',
    post: `/api/event-messages/${eventId}`,
    posterToken: owner.accessToken,
    listenerToken: listener.accessToken,
  };
}

/** Gzipped size of the JavaScript the first load of `/` needs, and of every lazy route chunk. */
async function bundleSizes() {
  const dist = path.join(import.meta.dirname, '..', 'apps', 'web', 'dist');
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const gz = async (file: string) => gzipSync(await readFile(path.join(dist, file))).length;
  let initialTotal = 0;
  for (const file of initial) initialTotal += await gz(file);
  report(
    `initial JS of / (entry + modulepreloads, ${initial.length} files): ${fmt(initialTotal / 1024)} kB gzip (bar 120 kB: ${initialTotal / 1024 <= 120 ? 'met' : 'NOT MET'})`,
  );
  const chunks = (await readdir(path.join(dist, 'assets'))).filter(
    (f) => f.endsWith('.js') && !initial.includes(`assets/${f}`),
  );
  // Lazy chunks are named by their hash (vite.config.ts); the manifest says what each one holds.
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; name?: string }
  >;
  const names = new Map(Object.values(manifest).map((c) => [c.file, c.name ?? '?']));
  const sizes = await Promise.all(
    chunks.map(async (f) => ({
      f: `${names.get(`assets/${f}`) ?? '?'} (${f})`,
      size: await gz(`assets/${f}`),
    })),
  );
  sizes.sort((a, b) => b.size - a.size);
  report(
    `lazy chunks: ${sizes.length}, largest ${fmt((sizes[0]?.size ?? 0) / 1024)} kB gzip (bar 150 kB per route chunk)`,
  );
  for (const { f, size } of sizes) report(`  ${f}: ${fmt(size / 1024)} kB`);
}

async function main() {
  if (wants('bundle')) await bundleSizes();
  if (wants('lighthouse')) await lighthouseScores(report);
  if (
    parts.size > 0 &&
    !['http', 'lists', 'data', 'chat', 'wire', 'abuse', 'notifications', 'polls', 'import'].some((p) =>
      parts.has(p),
    )
  )
    return;
  const pgServer = await resolveTestServer();
  const name = `townsquare_bench_${randomBytes(4).toString('hex')}`;
  const url = await migratedDatabase(pgServer.adminUrl, name);
  benchDatabaseUrl = url;
  const extraDatabases: string[] = [];
  const env = {
    ...(await benchServerEnv(url, 'townsquare-bench-')),
    // The benchmark sends faster than a person; the per-user send limit is not what is measured.
    CHAT_SEND_LIMIT: '10000',
    // The fan-out test opens 200 sockets for one listener, each joining one room.
    SOCKETS_PER_USER: '1000',
    SOCKET_EVENTS_PER_USER: '10000',
    // ... and 1,000 room members, all from this machine's address (the abuse part keeps the defaults).
    SOCKET_CONNECTIONS_PER_USER: '10000',
    SOCKET_CONNECTIONS_PER_IP: '10000',
  };
  const servers: RunningServer[] = [];
  try {
    report(
      `# Townsquare benchmarks, ${new Date().toISOString()}, ${os.cpus().length} cores, node ${process.version}`,
    );
    const app = await startServer(env, { execArgv: cpuProfile() });
    servers.push(app);
    const user = await register(app.url, 'bencher');
    const auth = { authorization: `Bearer ${user.accessToken}` };
    // A full run outlasts an access token (15 minutes): the probes sign the first user in again
    // when theirs is 10 minutes old (a 401's quick answer would otherwise pass for a fast route).
    let signedInAt = Date.now();
    const signInAgain = async () => {
      if (Date.now() - signedInAt < 10 * 60_000) return;
      const res = await api<{ accessToken: string }>(app.url, 'POST', '/api/auth/login', {
        identifier: user.email,
        password: user.password,
      });
      if (res.status !== 200) throw new Error(`sign-in again failed: ${JSON.stringify(res.body)}`);
      user.accessToken = res.body.accessToken;
      auth.authorization = `Bearer ${user.accessToken}`;
      signedInAt = Date.now();
    };

    if (wants('http')) {
      const raw = await startRawHttp();
      const base = await loadMedian(raw.url);
      raw.child.kill();
      report(`raw node:http hello-world: ${fmt(base.rps, 0)} req/s, p99 ${base.p99} ms (baseline)`);
      const health = await loadMedian(`${app.url}/api/health`);
      report(
        `GET /api/health (no auth, no DB): ${fmt(health.rps, 0)} req/s = ${fmt(health.rps / base.rps, 2)} × raw, p99 ${health.p99} ms`,
      );
      const verify = await loadMedian(`${app.url}/api/auth/verify`, auth);
      report(
        `GET /api/auth/verify (JWT + session lookup): ${fmt(verify.rps, 0)} req/s = ${fmt(verify.rps / base.rps, 2)} × raw, p99 ${verify.p99} ms; bar for a no-DB authenticated route 0.40 × raw: ${verify.rps / base.rps >= 0.4 ? 'met' : 'NOT MET as measured'} (there is no such route: every authenticated request reads its session, so a revoked token fails at once, decision 014)`,
      );
      for (let i = 0; i < 40; i++) {
        await api(
          app.url,
          'POST',
          '/api/events',
          {
            title: `Bench event ${i}`,
            description: 'd',
            location: 'l',
            status: 'LIVE',
            startDate: new Date(Date.now() + (i + 1) * 86_400_000).toISOString(),
            endDate: new Date(Date.now() + (i + 1) * 86_400_000 + 3_600_000).toISOString(),
          },
          user.accessToken,
        );
      }
      const events = await loadMedian(`${app.url}/api/events?limit=20`, auth);
      report(
        `GET /api/events (page of 20, authenticated): ${fmt(events.rps, 0)} req/s = ${fmt(events.rps / base.rps, 2)} × raw, p99 ${events.p99} ms at -c 50 (printed; the bar for this route is against the hand-written server, in "lists"), errors ${events.errors}`,
      );
    }

    if (wants('wire')) await wireBytes(app.url, user.accessToken, report);
    if (wants('lists')) await benchLists(app, env, { token: user.accessToken, id: user.user.id }, report);

    if (wants('data')) {
      const ms = await seedScale(url, user.user.id);
      report(
        `seeded 100k users, 100k events, 300k RSVPs, 1M messages, the viewer with ${SCALE_FRIENDS} friends going to ${FRIEND_RSVPS} events each, in ${fmt(ms / 1000)} s`,
      );
      // The same list for a viewer without friends, in the same run: what friendsGoing costs.
      const loner = await register(app.url, 'loner');
      const lonerAuth = { authorization: `Bearer ${loner.accessToken}` };
      const probes: [string, string, { authorization: string }?][] = [
        [
          'GET /api/events?status=LIVE&limit=20 (a viewer without friends, for comparison)',
          `${app.url}/api/events?status=LIVE&limit=20`,
          lonerAuth,
        ],
        ['GET /api/events?limit=20 (with friendsGoing)', `${app.url}/api/events?limit=20`],
        [
          'GET /api/events?status=LIVE&limit=20 (with friendsGoing)',
          `${app.url}/api/events?status=LIVE&limit=20`,
        ],
        [
          'GET /api/events?status=LIVE&sort=friends&limit=20',
          `${app.url}/api/events?status=LIVE&sort=friends&limit=20`,
        ],
        ['GET /api/events?status=PAST&limit=20', `${app.url}/api/events?status=PAST&limit=20`],
        ['GET /api/search?q=run', `${app.url}/api/search?q=run`],
        ['GET /api/search?q=topic 42', `${app.url}/api/search?q=${encodeURIComponent('topic 42')}`],
        ['GET /api/group-messages (1M rows)', `${app.url}/api/group-messages`],
        ['GET /api/events/counts', `${app.url}/api/events/counts`],
      ];
      const probe = async (label: string, target: string, as?: { authorization: string }, bar = 20) => {
        await signInAgain();
        as ??= auth;
        // One request at a time: the latency is the server's time plus loopback, without queueing.
        const serial = await loadMedian(target, as, 1);
        const busy = await load(target, as, 10);
        report(
          `${label} at scale: p99 ${serial.p99} ms one at a time (bar ${bar} ms${serial.p99 > bar ? ': NOT MET' : ''}), ${fmt(busy.rps, 0)} req/s and p99 ${busy.p99} ms with 10 connections, errors ${serial.errors + busy.errors}`,
        );
      };
      for (const [label, target, as] of probes) await probe(label, target, as);
      await signInAgain();
      await benchCommunities({
        app,
        databaseUrl: url,
        poster: user,
        listener: await register(app.url, 'listener'),
        eventRoom: () => eventRoom(app),
        probe,
        report,
      });
      // Places for all of it, near lists, the map, city pages and the gazetteer.
      await signInAgain();
      await benchPlaces({
        app,
        databaseUrl: url,
        probe: (label, target, bar) => probe(label, target, auth, bar),
        report,
      });
    }

    if (wants('polls')) {
      // A poll of 10 dates and 2,000 voters, read and answered live.
      const listener = await register(app.url, 'pollwatcher');
      // BENCH_BEFORE_SERVER (another build's dist/server.js, e.g. main's): the same poll through it.
      const beforeEntry = process.env.BENCH_BEFORE_SERVER;
      const before = beforeEntry ? await startServer(env, { entry: path.resolve(beforeEntry) }) : undefined;
      if (before) servers.push(before);
      // A host of its own: the first user's access token has expired by the time a full run gets here.
      const host = await register(app.url, 'pollhost');
      await benchPolls({ app, databaseUrl: url, host, listener, report, before });
      // Stopped when its part ends: an idle second server on the same database (its queue workers
      // and cron timers) would otherwise share the 2 cores with the end-of-run tail below.
      await before?.stop();
    }
    if (wants('import')) {
      // A 5,000-event ICS import on the job queue, another user reading meanwhile.
      const organiser = await register(app.url, 'importer');
      await benchImport({ app, organiser, reader: await register(app.url, 'reader'), report });
      // Decision 061: hostile files (impossible rules, SECONDLY, 10,000 zones, 12,000 VEVENTs) at once.
      await benchHostileImports({
        app,
        organiser: await register(app.url, 'hostile'),
        reader: await register(app.url, 'reader-2'),
        report,
      });
    }
    // Its own database: the queue workers of the server above would otherwise take half of the
    // delivery jobs (every instance on a database runs its queue) and mail them to their outbox.
    const ownDatabase = async (suffix: string) => {
      const own = `${name}_${suffix}`;
      extraDatabases.push(own);
      return migratedDatabase(pgServer.adminUrl, own);
    };
    if (wants('abuse')) await abuse(env, report, ownDatabase);
    if (wants('notifications')) {
      const ownUrl = await ownDatabase('notify');
      await benchNotifications({ ...env, DATABASE_URL: ownUrl }, ownUrl, report);
    }

    if (wants('chat')) {
      const SOCKETS = 200;
      const rawWs = await rawWsFanOut(SOCKETS, 10, 5);
      report(
        `raw ws broadcast to ${SOCKETS} sockets, 10 msg/s: p50 ${rawWs.p50} ms, p99 ${rawWs.p99} ms (baseline)`,
      );
      await fanOut(await eventRoom(app), [app], [app], SOCKETS, 10, 2); // warm-up: JIT, pools, first connections
      const single = await fanOut(await eventRoom(app), [app], [app], SOCKETS, 10, 5);
      report(
        `POST → ${SOCKETS} sockets, one instance: p50 ${single.p50} ms, p99 ${single.p99} ms (${fmt(single.p99 / Math.max(1, rawWs.p99), 2)} × raw ws p99; bar 2.5 and 100 ms), delivered ${single.delivered}/${single.expected}`,
      );
      // The same fan-out from another build (and runtime), when lists' BENCH_BEFORE_SERVER names one.
      if (process.env.BENCH_BEFORE_SERVER) {
        const execPath = process.env.BENCH_BEFORE_NODE;
        const before = await startServer(env, {
          entry: path.resolve(process.env.BENCH_BEFORE_SERVER),
          execPath,
        });
        servers.push(before);
        await fanOut(await eventRoom(before), [before], [before], SOCKETS, 10, 2);
        const old = await fanOut(await eventRoom(before), [before], [before], SOCKETS, 10, 5);
        report(
          `before${execPath ? ` (${nodeVersion(execPath)})` : ''}: POST → ${SOCKETS} sockets, one instance: p50 ${old.p50} ms, p99 ${old.p99} ms (${fmt(old.p99 / Math.max(1, rawWs.p99), 2)} × raw ws p99), delivered ${old.delivered}/${old.expected}`,
        );
        await before.stop();
      }
      try {
        const redis = await resolveTestRedis();
        const shared = {
          ...env,
          REDIS_URL: redis.url,
          REDIS_PREFIX: `bench${randomBytes(3).toString('hex')}:`,
        };
        const a = await startServer(shared);
        const b = await startServer(shared);
        servers.push(a, b);
        const oneOfTwo = await fanOut(await eventRoom(a), [a], [a], SOCKETS, 10, 5);
        const cross = await fanOut(await eventRoom(a), [a], [b], SOCKETS, 10, 5);
        report(
          `same test through Redis, sockets on the posting instance: p50 ${oneOfTwo.p50} ms, p99 ${oneOfTwo.p99} ms`,
        );
        report(
          `across two instances (POST to A, sockets on B): p50 ${cross.p50} ms, p99 ${cross.p99} ms = ${fmt(cross.p99 / Math.max(1, oneOfTwo.p99), 2)} × single-instance p99 (bar 1.5), delivered ${cross.delivered}/${cross.expected}`,
        );
        // Both stop before their Redis does: left running, they would retry it for the rest of
        // the run, beside the end-of-run tail below.
        await Promise.all([a.stop(), b.stop()]);
        await redis.stop();
      } catch (error) {
        report(`cross-instance fan-out NOT measured: ${(error as Error).message}`);
      }
    }

    // The tail at the end of the run, after the saturating parts (the server has seeded,
    // served floods and fan-outs): three runs of the LIVE list at a fixed 100 req/s, evenly paced
    // (bench/paced.ts says why not autocannon's `overallRate`, whose figure is printed after each).
    if (['data', 'abuse', 'polls', 'import', 'chat'].some((p) => wants(p))) {
      await signInAgain();
      for (let run = 1; run <= 3; run++) {
        // The server's own view of the run (its /metrics, read before to start afresh): how long
        // its event loop was held at worst and how long garbage collection took, so a slow run
        // says whether the time went in this process or waiting on something outside it.
        await serverLoad(app.url);
        // And the measuring side's: a stall of this process's event loop delays the answers it
        // times, so it is printed beside them.
        const clientLoop = monitorEventLoopDelay({ resolution: 5 });
        clientLoop.enable();
        const began = new Date();
        const steady = await paced(`${app.url}/api/events?status=LIVE&limit=20`, {
          rate: 100,
          seconds: 10,
          headers: auth,
        });
        clientLoop.disable();
        const server = await serverLoad(app.url);
        // autocannon's `overallRate`, as this line measured before: per-second bursts (bench/paced.ts).
        const bursts = await autocannon({
          url: `${app.url}/api/events?status=LIVE&limit=20`,
          connections: 10,
          overallRate: 100,
          duration: 10,
          headers: auth,
        });
        report(
          `end of the run, GET /api/events?status=LIVE&limit=20 at a fixed 100 req/s (evenly paced), run ${run}/3: p99 ${fmt(steady.p99, 0)} ms (bar 50 ms${steady.p99 > 50 ? ': NOT MET' : ''}), p50 ${fmt(steady.p50)} ms, max ${fmt(steady.max, 0)} ms, ${steady.slow} answers over 50 ms (${steady.slowEarly} in the first second), errors ${steady.errors}; from ${began.toISOString().slice(11, 23)}, server event loop held at most ${server.text}; the measuring process's at most ${fmt(clientLoop.max / 1e6, 0)} ms. Then autocannon's per-second bursts of 10 × 10 (printed, not the bar): p99 ${bursts.latency.p99} ms`,
        );
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    if (process.env.BENCH_KEEP_DB) report(`kept database ${name}`);
    else
      for (const db of [name, ...extraDatabases])
        await adminQuery(pgServer.adminUrl, `drop database if exists ${db} with (force)`);
    await pgServer.stop();
    await rm(env.DATA_DIR, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
