import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { api, type RunningServer, startServer } from '../apps/server/src/test/servers.ts';

/**
 * 10,000 reminders due in the same minute go out (in the app and by e-mail through
 * a real SMTP server) within 2 minutes, and the API's p99 meanwhile stays ≤ 2 × its idle p99
 * (authenticated GET /api/events?limit=20 at a fixed rate, idle and during the burst, same run).
 * 100 events × 100 attendees, REMINDER_LEAD_TIMES=1m, one instance.
 */
/** `BENCH_NOTIFICATION_EVENTS` scales it down for a quick look; the bar is for 100. */
const EVENTS = Number(process.env.BENCH_NOTIFICATION_EVENTS ?? 100);
const PER_EVENT = 100;
const TOTAL = EVENTS * PER_EVENT;
const RATE = 50; // requests per second for the latency probe

type Report = (line: string) => void;

/** An SMTP server that only counts what it accepts. */
async function countingSmtp() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function probe(url: string, token: string, seconds: number) {
  const result = await autocannon({
    url,
    connections: 5,
    duration: seconds,
    overallRate: RATE,
    headers: { authorization: `Bearer ${token}` },
  });
  return { p99: result.latency.p99, p50: result.latency.p50, errors: result.errors + result.non2xx };
}

export async function benchNotifications(env: Record<string, string>, databaseUrl: string, report: Report) {
  const smtp = await countingSmtp();
  let server: RunningServer | undefined;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    server = await startServer({ ...env, SMTP_URL: smtp.url, REMINDER_LEAD_TIMES: '1m' });
    const hostEmail = `host-${randomBytes(4).toString('hex')}@example.com`;
    const host = await api<{ accessToken: string; user: { id: string } }>(
      server.url,
      'POST',
      '/api/auth/register',
      {
        fullName: 'Bench host',
        email: hostEmail,
        password: 'long enough pw',
      },
    );
    await db.query('update users set email_verified_at = now() where id = $1', [host.body.user.id]);

    // 10,000 attendees, verified, straight into the database (registration hashes passwords).
    const tag = randomBytes(3).toString('hex');
    await db.query(
      `insert into users (id, email, username, full_name, password_hash, email_verified_at, profile_completed)
       select gen_random_uuid(), 'n' || g || '-' || $1 || '@example.com', 'n' || g || '_' || $1, 'Attendee ' || g, 'x', now(), true
       from generate_series(1, $2) g`,
      [tag, TOTAL],
    );
    const { rows: people } = await db.query<{ id: string }>(
      `select id from users where email like $1 order by email`,
      [`%-${tag}@example.com`],
    );

    // 100 events starting 2½–3 minutes from now: every reminder (1 minute before) is due in one minute.
    const base = Date.now() + 150_000;
    const eventIds: string[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const start = new Date(base + Math.floor((i * 50_000) / EVENTS));
      const res = await api<{ event: { id: string } }>(
        server.url,
        'POST',
        '/api/events',
        {
          title: `Bench meetup ${i}`,
          description: 'd',
          location: 'l',
          status: 'LIVE',
          visibility: 'PUBLIC',
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 3_600_000).toISOString(),
        },
        host.body.accessToken,
      );
      if (res.status !== 201) throw new Error(`event: ${res.status} ${JSON.stringify(res.body)}`);
      eventIds.push(res.body.event.id);
    }
    await db.query(
      `insert into rsvps (event_id, user_id, status)
       select (($1::uuid[])[1 + (n - 1) / $3]), (($2::uuid[])[n]), 'going' from generate_series(1, $4) n`,
      [eventIds, people.map((p) => p.id), PER_EVENT, TOTAL],
    );

    const target = `${server.url}/api/events?limit=20`;
    await probe(target, host.body.accessToken, 3); // warm-up
    const idle = await probe(target, host.body.accessToken, 10);
    report(
      `notifications: API idle, GET /api/events?limit=20 at ${RATE} req/s: p50 ${idle.p50} ms, p99 ${idle.p99} ms (baseline), errors ${idle.errors}`,
    );

    const firstDue = base - 60_000;
    const wait = firstDue - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // Only reminders count: the host's address-confirmation e-mail went out before.
    const earlier = smtp.count();
    const reminderMails = () => smtp.count() - earlier;
    const started = Date.now();
    const deadline = started + 180_000;
    let stored = 0;
    let inAppDoneAt = 0;
    let mailDoneAt = 0;
    const burst = probe(target, host.body.accessToken, 40);
    while (Date.now() < deadline && (inAppDoneAt === 0 || mailDoneAt === 0)) {
      await new Promise((r) => setTimeout(r, 1_000));
      stored = Number(
        (await db.query(`select count(*) from notifications where kind = 'event_reminder'`)).rows[0].count,
      );
      if (!inAppDoneAt && stored >= TOTAL) inAppDoneAt = Date.now();
      if (process.env.BENCH_VERBOSE && Math.round((Date.now() - started) / 1000) % 10 === 0) {
        const states = (
          await db.query<{ state: string; n: number }>(
            `select state, count(*)::int as n from pgboss.job where name like 'notification-deliver%' group by state`,
          )
        ).rows;
        report(
          `  +${Math.round((Date.now() - started) / 1000)} s: in the app ${stored}, e-mails ${reminderMails()}, deliveries ${states.map((x) => `${x.state} ${x.n}`).join(' ')}`,
        );
      }
      if (!mailDoneAt && reminderMails() >= TOTAL) mailDoneAt = Date.now();
    }
    const during = await burst;
    const inApp = inAppDoneAt ? (inAppDoneAt - started) / 1000 : Number.NaN;
    const mail = mailDoneAt ? (mailDoneAt - started) / 1000 : Number.NaN;
    const duplicates = Number(
      (
        await db.query(
          `select count(*) - count(distinct (user_id, subject_id)) as d from notifications where kind = 'event_reminder'`,
        )
      ).rows[0].d,
    );
    const jobs = (
      await db.query<{ state: string; n: number; retries: number }>(
        `select state, count(*)::int as n, sum(retry_count)::int as retries from pgboss.job
         where name like 'notification-deliver%' group by state order by state`,
      )
    ).rows;
    const claimed = (
      await db.query<{ channel: string; n: number }>(
        `select channel, count(*)::int as n from notification_deliveries group by channel order by channel`,
      )
    ).rows;
    const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
    report(
      `notifications: ${TOTAL} reminders due from ${new Date(firstDue).toISOString().slice(11, 19)} over 50 s: in the app ${stored}/${TOTAL} after ${Number.isNaN(inApp) ? '>180' : inApp.toFixed(1)} s, e-mails ${reminderMails()}/${TOTAL} after ${Number.isNaN(mail) ? '>180' : mail.toFixed(1)} s (bar 120 s: ${met(mail <= 120 && inApp <= 120)}), duplicates ${duplicates}`,
    );
    report(
      `notifications: delivery jobs (e-mail and push) by state: ${jobs.map((j) => `${j.state} ${j.n} (retries ${j.retries})`).join(', ')}; claimed ${claimed.map((c) => `${c.channel} ${c.n}`).join(', ') || 'none'}`,
    );
    if (reminderMails() < TOTAL)
      report(`notifications: the server's last log lines:\n${server.output().slice(-4000)}`);
    report(
      `notifications: API during the burst: p50 ${during.p50} ms, p99 ${during.p99} ms = ${(during.p99 / Math.max(1, idle.p99)).toFixed(2)} × idle p99 (bar 2: ${met(during.p99 <= 2 * Math.max(1, idle.p99))}), errors ${during.errors}`,
    );
  } finally {
    await server?.stop();
    await db.end();
    await smtp.close();
  }
}
