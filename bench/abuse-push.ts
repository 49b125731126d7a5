/**
 * The push flood, part of `npm run bench -- abuse`: 20 push endpoints
 * that stall (answer the status line, then one byte every 50 ms forever) are subscribed by two
 * attacker accounts, and a third attacker account @mentions them over and over, so that every
 * mention is a push into the stall. Meanwhile another user's notification e-mail (an @mention by a
 * friend) is timed from the message's POST to its arrival at the SMTP server, against the same
 * e-mail at idle. Bar: it arrives within 2× its idle time.
 */
import { randomBytes } from 'node:crypto';
import { fakeBrowser, startStallingService } from '../apps/server/src/modules/push/push-test-service.ts';
import { api, type RunningServer } from '../apps/server/src/test/servers.ts';
import type { startSmtpCapture } from '../apps/server/src/test/smtp.ts';

type Report = (line: string) => void;
type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;
type Auth = { accessToken: string; user: { id: string } };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function account(base: string, smtp: Smtp, name: string, verified: boolean) {
  const email = `${name}-${randomBytes(4).toString('hex')}@push.example`;
  const username = `${name}_${randomBytes(3).toString('hex')}`;
  const res = await api<Auth>(base, 'POST', '/api/auth/register', {
    fullName: name,
    email,
    password: 'benchmark password',
    username,
  });
  if (res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  if (verified) {
    const mail = await smtp.waitFor(email, /Confirm/i);
    const token = /[?&]token=([^\s&]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no verification token in: ${mail.text}`);
    const ok = await api(base, 'POST', '/api/auth/verify-email', { token: decodeURIComponent(token) });
    if (ok.status >= 300) throw new Error(`verify failed: ${JSON.stringify(ok.body)}`);
  }
  return { ...res.body, email, username };
}

export async function pushFlood(server: RunningServer, label: string, report: Report, smtp: Smtp) {
  const base = server.url;
  const victim = await account(base, smtp, 'victim', true);
  const friend = await account(base, smtp, 'friend', false);
  // The victim wants mention e-mails (off by default).
  await api(
    base,
    'PUT',
    '/api/users/me',
    { notificationPreferences: { email: { mentions: true } } },
    victim.accessToken,
  );

  let probes = 0;
  /** One mention of the victim by a friend: ms from the POST to the e-mail at the SMTP server. */
  async function mailTime(): Promise<number> {
    const tag = `probe-${label.replace(/\W/g, '')}-${++probes}`;
    const began = performance.now();
    const posted = await api(
      base,
      'POST',
      '/api/group-messages',
      { content: `@${victim.username} ${tag}` },
      friend.accessToken,
    );
    if (posted.status !== 201) throw new Error(`probe post failed: ${JSON.stringify(posted.body)}`);
    for (;;) {
      if (smtp.inbox.some((m) => m.to === victim.email && m.subject.includes(tag)))
        return performance.now() - began;
      // Far beyond any bar: counted as never (the build before the fix held it for minutes).
      if (performance.now() - began > 120_000) return Number.POSITIVE_INFINITY;
      await sleep(20);
    }
  }

  await mailTime(); // warm-up
  const idle: number[] = [];
  for (let i = 0; i < 6; i++) idle.push(await mailTime());

  // The attack: two accounts with ten stalling browsers each, mentioned again and again.
  const stall = await startStallingService('trickle');
  const targets = [await account(base, smtp, 'target', false), await account(base, smtp, 'target', false)];
  for (const target of targets)
    for (let i = 0; i < 10; i++) {
      const res = await api(
        base,
        'POST',
        '/api/push/subscriptions',
        {
          endpoint: stall.endpoint(`${target.user.id}-${i}`),
          expirationTime: null,
          keys: fakeBrowser().keys,
        },
        target.accessToken,
      );
      if (res.status !== 201) throw new Error(`subscribe failed: ${JSON.stringify(res.body)}`);
    }
  const mentioner = await account(base, smtp, 'mentioner', false);
  let flooding = true;
  let mentions = 0;
  const statuses: Record<number, number> = {};
  const attack = (async () => {
    while (flooding) {
      const res = await api(
        base,
        'POST',
        '/api/group-messages',
        { content: `@${targets[0]?.username} @${targets[1]?.username} ping ${++mentions}` },
        mentioner.accessToken,
      );
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      await sleep(100);
    }
  })();
  // Let the stalls take hold of the delivery workers before measuring.
  await sleep(3000);
  const during: number[] = [];
  try {
    for (let i = 0; i < 4; i++) during.push(await mailTime());
  } finally {
    flooding = false;
    await attack;
    await stall.close();
  }
  const idleMedian = median(idle);
  const duringMedian = median(during);
  const fmt = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'over 120 s');
  report(
    `[${label}] 20 stalling push endpoints, mentioned ${mentions} times (${Object.entries(statuses)
      .map(([s, n]) => `${n}×${s}`)
      .join(
        ' ',
      )}; ${stall.requests()} pushes reached them): another user's mention e-mail median ${fmt(duringMedian)} (worst ${fmt(Math.max(...during))}) = ${(duringMedian / idleMedian).toFixed(2)} × idle median ${fmt(idleMedian)} (worst ${fmt(Math.max(...idle))}) (bar 2) ${duringMedian <= 2 * idleMedian ? 'met' : 'NOT MET'}`,
  );
}
