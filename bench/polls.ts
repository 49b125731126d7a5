import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { api, type RunningServer } from '../apps/server/src/test/servers.ts';
import { percentile, rawWsFanOut } from './fan-out.ts';

/**
 * `npm run bench -- polls`: a date poll with 10 dates and 2,000 voters. `GET
 * /api/polls/:id` one request at a time (bar p99 ≤ 20 ms), then a vote and its live tally
 * (`poll-updated`) to 1,000 sockets in the poll's room, against a raw `ws` broadcast to as many
 * sockets in the same run (bar p99 ≤ 2.5 × raw ws p99).
 */

const OPTIONS = 10;
const VOTERS = 2000;
const SOCKETS = 1000;
const RATE = 10;
const SECONDS = 5;
const CHOICES = ['yes', 'if_need_be', 'no'] as const;

type Auth = { accessToken: string; user: { id: string } };

/** Vote number `n` as an answer to the ten dates (its base-3 digits), so a delivery names its vote. */
function answerOf(n: number): (typeof CHOICES)[number][] {
  return Array.from({ length: OPTIONS }, (_, i) => CHOICES[Math.floor(n / 3 ** i) % 3]!);
}
function voteOf(choices: (string | null)[]): number {
  return choices.reduce((sum, c, i) => sum + CHOICES.indexOf(c as (typeof CHOICES)[number]) * 3 ** i, 0);
}

async function seedVoters(databaseUrl: string, pollId: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const began = Date.now();
  try {
    await client.query(`
      insert into users (id, email, username, full_name, password_hash, profile_completed)
      select gen_random_uuid(), 'voter' || i || '@polls.example', 'voter_' || i, 'Voter ' || i, 'x', true
      from generate_series(1, ${VOTERS}) i
      on conflict do nothing`);
    await client.query(
      `insert into poll_votes (poll_id, option_id, user_id, choice, voted_at)
       select $1, o.id, u.id, (array['yes', 'if_need_be', 'no'])[1 + (u.n + o.position) % 3],
              now() - (u.n || ' seconds')::interval
       from (select id, row_number() over (order by email) n from users where email like 'voter%@polls.example') u
       cross join poll_options o where o.poll_id = $1`,
      [pollId],
    );
    // The voters list in the order they answered (as the vote path writes it, decision 047).
    await client.query(
      `insert into poll_voters (poll_id, user_id, answers)
       select $1, v.user_id,
              array_agg(o.position * 3 + case v.choice when 'yes' then 0 when 'if_need_be' then 1 else 2 end
                        order by o.position)
       from poll_votes v join poll_options o on o.id = v.option_id
       where v.poll_id = $1 group by v.user_id order by min(v.voted_at), v.user_id`,
      [pollId],
    );
    await client.query('vacuum analyze poll_votes, poll_options, poll_voters, polls');
    return Date.now() - began;
  } finally {
    await client.end();
  }
}

export async function benchPolls(o: {
  app: RunningServer;
  databaseUrl: string;
  host: Auth;
  listener: Auth;
  report: (line: string) => void;
  /** Another build (BENCH_BEFORE_SERVER) on the same database: measured after this one, in the same run. */
  before?: RunningServer;
}) {
  const { app, report } = o;
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const created = await api<{ poll: { id: string; options: { id: string }[] } }>(
    app.url,
    'POST',
    '/api/polls',
    {
      title: 'Bench poll',
      closesAt: day(30),
      options: Array.from({ length: OPTIONS }, (_, i) => ({ startsAt: day(40 + i), endsAt: day(40.1 + i) })),
    },
    o.host.accessToken,
  );
  if (created.status !== 201) throw new Error(`poll not created: ${JSON.stringify(created.body)}`);
  const { id, options } = created.body.poll;
  const ms = await seedVoters(o.databaseUrl, id);
  report(
    `seeded a poll with ${OPTIONS} dates and ${VOTERS} voters (${OPTIONS * VOTERS} answers) in ${(ms / 1000).toFixed(1)} s`,
  );

  // GET one at a time, as the client sends it (compression accepted).
  const url = `${app.url}/api/polls/${id}`;
  const headers = { authorization: `Bearer ${o.listener.accessToken}`, 'accept-encoding': 'br, gzip' };
  let bytes = 0;
  /** 300 requests one after another (after 20 to warm up): p50 and p99 in ms. */
  const sequential = async (target: string) => {
    const times: number[] = [];
    for (let i = 0; i < 320; i++) {
      const began = performance.now();
      const res = await fetch(target, { headers });
      bytes = (await res.arrayBuffer()).byteLength; // fetch inflates: this is the JSON's size
      if (res.status !== 200) throw new Error(`GET ${target}: ${res.status}`);
      if (i >= 20) times.push(performance.now() - began);
    }
    return { p50: percentile(times, 50), p99: percentile(times, 99) };
  };
  // The machine's floor in the same minute: a route that reads nothing.
  const floor = await sequential(`${app.url}/api/health`);
  report(
    `GET /api/health (floor), one at a time: p50 ${floor.p50.toFixed(1)} ms, p99 ${floor.p99.toFixed(1)} ms`,
  );
  const get = await sequential(url);
  report(
    `GET /api/polls/:id (${OPTIONS} dates, ${VOTERS} voters, ${(bytes / 1024).toFixed(0)} KiB of JSON, sent compressed), one at a time: p50 ${get.p50.toFixed(1)} ms, p99 ${get.p99.toFixed(1)} ms (bar 20 ms: ${get.p99 <= 20 ? 'met' : 'NOT MET'})`,
  );
  if (o.before) {
    const then = await sequential(`${o.before.url}/api/polls/${id}`);
    report(
      `  before (BENCH_BEFORE_SERVER), same poll, same minute: ${(bytes / 1024).toFixed(0)} KiB, p50 ${then.p50.toFixed(1)} ms, p99 ${then.p99.toFixed(1)} ms`,
    );
  }

  // The live tally: 1,000 sockets in the poll's room; the host votes 10 times a second.
  const rawWs = await rawWsFanOut(SOCKETS, RATE, SECONDS);
  report(
    `raw ws broadcast to ${SOCKETS} sockets, ${RATE} msg/s: p50 ${rawWs.p50} ms, p99 ${rawWs.p99} ms (baseline)`,
  );
  /** The live tally through one server: p50, p99 and deliveries of the measured round. */
  const live = async (base: string) => {
    const clients: Socket[] = [];
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    for (let i = 0; i < SOCKETS; i++) {
      const socket = connect(base, {
        auth: { token: o.listener.accessToken },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const ack = (await socket.emitWithAck('join-poll', { pollId: id })) as { ok: boolean; error?: string };
      if (!ack.ok) throw new Error(`join-poll refused: ${ack.error}`);
      socket.on(
        'poll-updated',
        (update: { voter?: { user: { id: string }; choices: (string | null)[] } }) => {
          if (update.voter?.user.id !== o.host.user.id) return;
          const at = sentAt.get(voteOf(update.voter.choices));
          if (at !== undefined) latencies.push(Date.now() - at);
        },
      );
      clients.push(socket);
    }
    const vote = async (n: number) => {
      sentAt.set(n, Date.now());
      const votes = Object.fromEntries(answerOf(n).map((choice, i) => [options[i]!.id, choice]));
      await api(base, 'PUT', `/api/polls/${id}/votes`, { votes }, o.host.accessToken);
    };
    const round = async (first: number, count: number) => {
      const pending: Promise<void>[] = [];
      for (let n = first; n < first + count; n++) {
        pending.push(vote(n));
        await new Promise((r) => setTimeout(r, 1000 / RATE));
      }
      await Promise.all(pending);
      await new Promise((r) => setTimeout(r, 2000));
    };
    await round(1, RATE * 2); // warm-up
    latencies.length = 0;
    await round(1000, RATE * SECONDS);
    for (const c of clients) c.disconnect();
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), delivered: latencies.length };
  };
  const expected = RATE * SECONDS * SOCKETS;
  const now = await live(app.url);
  const ratio = now.p99 / Math.max(1, rawWs.p99);
  report(
    `PUT votes → poll-updated to ${SOCKETS} sockets, ${RATE} votes/s: p50 ${now.p50} ms, p99 ${now.p99} ms = ${ratio.toFixed(2)} × raw ws p99 (bar 2.5: ${ratio <= 2.5 ? 'met' : 'NOT MET'}), delivered ${now.delivered}/${expected}`,
  );
  if (o.before) {
    const then = await live(o.before.url);
    report(
      `  before (BENCH_BEFORE_SERVER): p50 ${then.p50} ms, p99 ${then.p99} ms = ${(then.p99 / Math.max(1, rawWs.p99)).toFixed(2)} × raw ws p99, delivered ${then.delivered}/${expected}`,
    );
  }
}
