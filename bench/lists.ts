/**
 * `npm run bench -- lists`: authenticated event lists against a hand-written Fastify + pg + jose
 * server (bench/hand-written.mjs) that sends PostgreSQL Townsquare's very statements (exported
 * here from the repositories: same names, same text, prepared) and maps the rows to the same JSON,
 * on the same database, in the same run. Three alternating rounds of autocannon -c 50; the median
 * of each is compared. The old, simpler baseline (bench/hand-written-simple.mjs: a simpler query,
 * unprepared) is printed beside it, labelled, but the bar is judged against the same-SQL one.
 * Then authenticated reads at a fixed 100 req/s (evenly paced), where the bar is the p99.
 *
 * With BENCH_BEFORE_SERVER=<path to another build's server.js> (e.g. a copy of main's
 * apps/server/dist) that build is measured in the same rounds too: before and after in one run.
 * BENCH_BEFORE_NODE=<a node binary> runs that build on another Node.js (the runtime it ran on
 * before a move); the baselines stay on this process's Node, so both ratios share one floor.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { liveSessionUser } from '../apps/server/src/modules/auth/auth.repository.ts';
import { listStatement } from '../apps/server/src/modules/events/events.repository.ts';
import { type RunningServer, startServer } from '../apps/server/src/test/servers.ts';
import { paced } from './paced.ts';

type Target = { label: string; url: string; pid: number | undefined };
type Figure = { rps: number; p99: number; errors: number };

const ROUNDS = 3;
const PATHS = ['/api/events?status=LIVE&limit=20', '/api/events'] as const;
/** The version a node binary reports, e.g. `Node.js v20.20.2`. */
export const nodeVersion = (execPath: string) =>
  `Node.js ${execFileSync(execPath, ['-p', 'process.version']).toString().trim()}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function cannon(
  url: string,
  token: string,
  options: Partial<autocannon.Options> = {},
): Promise<Figure> {
  const result = await autocannon({
    url,
    connections: 50,
    // A fixed `amount` of requests replaces the duration.
    ...(options.amount ? {} : { duration: 5 }),
    headers: { authorization: `Bearer ${token}` },
    ...options,
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** CPU milliseconds (user + system) a process has used so far (Linux). */
async function cpuMs(pid: number | undefined): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
}

/**
 * BENCH_CPU_PROF=<dir>: every server of the run (Townsquare's, through run.ts, and the baselines)
 * writes a V8 CPU profile there when it exits, all under the same load.
 */
export const cpuProfile = (): string[] =>
  process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];

/** Townsquare's statements for an authenticated first page: the session check, LIVE, and all. */
const statements = () =>
  JSON.stringify({
    session: liveSessionUser.statement,
    live: listStatement({ status: 'LIVE', mine: false, after: false }).statement,
    all: listStatement({ status: undefined, mine: false, after: false }).statement,
  });

function startHandWritten(
  env: Record<string, string>,
  file = 'hand-written.mjs',
): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(path.join(import.meta.dirname, file), [], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: env.DATABASE_URL ?? '',
      JWT_SECRET: env.JWT_SECRET ?? '',
      STATEMENTS: statements(),
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    execArgv: cpuProfile(),
  });
  return new Promise((resolve) =>
    child.once('message', (port) => resolve({ url: `http://127.0.0.1:${port}`, child })),
  );
}

/**
 * A small town around the caller: 200 people, 400 events (LIVE, DRAFT and ended, one in seven
 * private), up to eight RSVPs each, friendships; the caller created some, answered some, and is
 * friends with a few creators, so every branch of the visibility rule is exercised.
 */
export async function seedTown(url: string, viewerId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`
    insert into users (id, email, username, full_name, password_hash, profile_completed)
    select gen_random_uuid(), 'lister' || i || '@town.example', 'lister_' || i, 'Neighbour ' || i, 'x', true
    from generate_series(1, 200) i`);
  await client.query(
    `insert into friendships (user_id, friend_id)
     select id, $1 from users where email like 'lister%@town.example' and random() < 0.1`,
    [viewerId],
  );
  await client.query(
    `with people as (select id, row_number() over (order by id) n from users where email like 'lister%@town.example')
     insert into events (id, creator_id, title, description, location, start_date, end_date, status, visibility, tags, cost, is_free)
     select gen_random_uuid(), case when i % 25 = 0 then $1::uuid else p.id end,
            'Town event ' || i, 'What happens at event ' || i || ': ' || repeat('details ', 20), 'Hall ' || (i % 30),
            now() + (i - 80) * interval '6 hours', now() + (i - 80) * interval '6 hours' + interval '2 hours',
            case when i % 10 = 0 then 'DRAFT' when i < 80 then 'PAST' else 'LIVE' end,
            case when i % 7 = 0 then 'PRIVATE' else 'PUBLIC' end,
            array['Tag' || (i % 20), 'Group' || (i % 7)], (i % 3) * 5, i % 3 = 0
     from generate_series(1, 400) i join people p on p.n = 1 + i % 200`,
    [viewerId],
  );
  await client.query(`
    insert into rsvps (event_id, user_id, status)
    select e.id, u.id, (array['going', 'going', 'maybe', 'not_going'])[1 + floor(random() * 4)::int]
    from events e cross join lateral (
      select id from users where email like 'lister%@town.example' and id <> e.creator_id
      order by random() limit floor(random() * 9)::int) u
    where e.status <> 'DRAFT'
    on conflict do nothing`);
  await client.query(
    `insert into rsvps (event_id, user_id, status)
     select id, $1, 'going' from events where creator_id <> $1 and status <> 'DRAFT' and random() < 0.1
     on conflict do nothing`,
    [viewerId],
  );
  await client.query('vacuum analyze');
  await client.end();
}

/**
 * Runs the list comparison. `app` is the server under test (already started on `env`), `token`
 * and `viewerId` a signed-in user of it.
 */
export async function benchLists(
  app: RunningServer,
  env: Record<string, string>,
  viewer: { token: string; id: string },
  report: (line: string) => void,
) {
  await seedTown(env.DATABASE_URL ?? '', viewer.id);
  const hand = await startHandWritten(env);
  const simple = await startHandWritten(env, 'hand-written-simple.mjs');
  const extra: RunningServer[] = [];
  const targets: Target[] = [
    { label: 'Townsquare', url: app.url, pid: app.child.pid },
    { label: 'hand-written', url: hand.url, pid: hand.child.pid },
    { label: 'simpler SQL, unprepared (old baseline)', url: simple.url, pid: simple.child.pid },
  ];
  const before = process.env.BENCH_BEFORE_SERVER;
  if (before) {
    const execPath = process.env.BENCH_BEFORE_NODE;
    const server = await startServer(env, { entry: path.resolve(before), execPath });
    extra.push(server);
    const runtime = execPath ? `, ${nodeVersion(execPath)}` : '';
    targets.push({ label: `before${runtime}`, url: server.url, pid: server.child.pid });
  }
  try {
    // The same answer from Townsquare and the same-SQL baseline, or the comparison means nothing.
    for (const p of PATHS) {
      const answers = await Promise.all(
        targets.map(async (t) => {
          const res = await fetch(`${t.url}${p}`, { headers: { authorization: `Bearer ${viewer.token}` } });
          const text = await res.text();
          return {
            label: t.label,
            status: res.status,
            text,
            body: JSON.parse(text) as { events: unknown[] },
          };
        }),
      );
      const [ours, same] = answers;
      const equal = ours && same && isDeepStrictEqual(ours.body, same.body);
      report(
        `lists GET ${p}: ${answers.map((a) => `${a.label} ${a.status}, ${a.body.events.length} events, ${a.text.length} bytes`).join('; ')}; Townsquare and hand-written answer ${equal ? 'the same JSON' : 'DIFFERENT JSON (the comparison is void)'}`,
      );
    }
    for (const t of targets)
      for (const p of PATHS) await cannon(`${t.url}${p}`, viewer.token, { duration: 2 }); // warm-up
    const figures = new Map<string, Figure[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const p of PATHS) {
        // Alternate who goes first, so neither always meets the warmer (or busier) machine.
        const order = round % 2 === 0 ? targets : [...targets].reverse();
        for (const t of order) {
          const key = `${t.label} ${p}`;
          figures.set(key, [...(figures.get(key) ?? []), await cannon(`${t.url}${p}`, viewer.token)]);
        }
      }
    }
    const summary = (label: string, p: string) => {
      const runs = figures.get(`${label} ${p}`) ?? [];
      return {
        rps: median(runs.map((r) => r.rps)),
        p99: median(runs.map((r) => r.p99)),
        errors: runs.reduce((s, r) => s + r.errors, 0),
      };
    };
    for (const p of PATHS) {
      const base = summary('hand-written', p);
      report(`GET ${p} (-c 50, median of ${ROUNDS} alternating rounds):`);
      report(
        `  hand-written Fastify + pg + jose, Townsquare's statements prepared: ${base.rps.toFixed(0)} req/s, p99 ${base.p99} ms (baseline)`,
      );
      for (const t of targets.filter((x) => x.label !== 'hand-written')) {
        const s = summary(t.label, p);
        const ratio = s.rps / base.rps;
        const judged = t.label === 'Townsquare';
        const verdict = judged && ratio < 0.8 ? ' NOT MET' : '';
        report(
          `  ${t.label}: ${s.rps.toFixed(0)} req/s = ${ratio.toFixed(2)} × hand-written${judged ? ' (bar 0.80, goal 1.00)' : ''}${verdict}, p99 ${s.p99} ms, errors ${s.errors}`,
        );
      }
    }
    // Server CPU per request: what the layers cost, independent of how busy the shared machine is.
    report(
      'server CPU per request (1,000 requests, 5 connections; the server process only, not PostgreSQL):',
    );
    for (const p of PATHS) {
      const costs = new Map<string, number>();
      for (const t of targets) {
        const start = await cpuMs(t.pid);
        await cannon(`${t.url}${p}`, viewer.token, { connections: 5, amount: 1000 });
        costs.set(t.label, ((await cpuMs(t.pid)) - start) / 1000);
      }
      const base = costs.get('hand-written') ?? 0;
      report(
        `  GET ${p}: ${targets.map((t) => `${t.label} ${(costs.get(t.label) ?? 0).toFixed(2)} ms`).join(', ')}; hand-written / Townsquare = ${(base / (costs.get('Townsquare') ?? 1)).toFixed(2)}`,
      );
    }
    // A steady, realistic load: what a person waits for, not what saturates the machine.
    for (const t of targets) {
      for (const p of [PATHS[0], '/api/auth/verify']) {
        if (t.label !== 'Townsquare' && !t.label.startsWith('before') && p !== PATHS[0]) continue;
        const steady = await paced(`${t.url}${p}`, {
          rate: 100,
          seconds: 10,
          headers: { authorization: `Bearer ${viewer.token}` },
        });
        const verdict = t.label === 'Townsquare' && steady.p99 > 50 ? ' NOT MET' : '';
        report(
          `  ${t.label} GET ${p} at a fixed 100 req/s (evenly paced, bench/paced.ts): p99 ${steady.p99.toFixed(0)} ms (bar 50 ms)${verdict}, p50 ${steady.p50.toFixed(1)} ms, ${steady.rate.toFixed(0)} req/s sent, errors ${steady.errors}`,
        );
      }
    }
  } finally {
    hand.child.kill();
    simple.child.kill();
    await Promise.all(extra.map((s) => s.stop()));
  }
}
