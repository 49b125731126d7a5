import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded.ts';
import { serversOnOneDatabase } from '../../test/cluster.ts';
import { eventually } from '../../test/eventually.ts';
import { api, type RunningServer } from '../../test/servers.ts';
import { linkIn } from '../../test/smtp.ts';
import { ACCOUNT_MAIL_QUEUE } from './account-mail.ts';

/**
 * "Nothing a crash must not lose runs in memory": account e-mails are queued jobs. An
 * instance whose SMTP server is down answers every request that sends account mail, is killed
 * with SIGKILL before any of it went out, and a new instance (whose SMTP works) sends all of it,
 * once, with links that work.
 */
const cluster = serversOnOneDatabase();

const instance = (smtpUrl: string): Promise<RunningServer> =>
  cluster.instance({
    SMTP_URL: smtpUrl,
    JWT_SECRET: 'account-mail-secret-that-is-long-enough-01234',
    UPLOAD_SIGNING_SECRET: 'account-mail-upload-secret-long-enough-0123',
  });

type Auth = { accessToken: string; user: { id: string } };

describe('account e-mails', () => {
  it('are sent after a SIGKILL between the request and the send', async () => {
    // Nothing listens on this port: every send of the first instance fails.
    const down = await instance(`smtp://127.0.0.1:${await freePort()}`);
    const tag = randomBytes(4).toString('hex');
    const ana = { email: `ana-${tag}@example.com`, password: 'first long password' };
    const ben = { email: `ben-${tag}@example.com`, password: 'second long password' };
    const newBen = `ben-new-${tag}@example.com`;

    const registered = await api<Auth>(down.url, 'POST', '/api/auth/register', { fullName: 'Ana', ...ana });
    expect(registered.status).toBe(201);
    const benAuth = (await api<Auth>(down.url, 'POST', '/api/auth/register', { fullName: 'Ben', ...ben }))
      .body;
    expect((await api(down.url, 'POST', '/api/auth/forgot-password', { email: ana.email })).status).toBe(200);
    const changed = await api(
      down.url,
      'PUT',
      '/api/users/me/password',
      { currentPassword: ben.password, newPassword: 'a third long password' },
      benAuth.accessToken,
    );
    expect(changed.status).toBe(200);
    const moved = await api(
      down.url,
      'PUT',
      '/api/users/me',
      { email: newBen, currentPassword: 'a third long password' },
      benAuth.accessToken,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // Killed between the requests and the sends: not while a send is under way (a job taken by an
    // instance that dies mid-send waits for its expiry, a minute, then for pg-boss's maintenance).
    await eventually(async () => {
      const active = await cluster.query(`select id from pgboss.job where name = $1 and state = 'active'`, [
        ACCOUNT_MAIL_QUEUE,
      ]);
      expect(active).toEqual([]);
    }, 30_000);
    await down.stop('SIGKILL');
    expect(cluster.smtp.inbox).toHaveLength(0);

    const up = await instance(cluster.smtp.url);
    // Jobs the dead instance failed are retried after their back-off (10 s, 20 s, 40 s, … : on a
    // loaded machine the first instance has failed them more often before it was killed, so the
    // next try may be minutes away; the budget waits for arrivals, it is not a speed bar).
    const expected: [string, RegExp][] = [
      [ana.email, /^Confirm your email address$/],
      [ben.email, /^Confirm your email address$/],
      [ana.email, /^Reset your Townsquare password$/],
      [ben.email, /^Your Townsquare password was changed$/],
      [newBen, /^Confirm your new email address$/],
      [ben.email, /^Your Townsquare email address is changing$/],
    ];
    await eventually(async () => {
      for (const [to, subject] of expected)
        expect(
          cluster.smtp.inbox.some((m) => m.to === to && subject.test(m.subject)),
          `${to} ${subject}`,
        ).toBe(true);
    }, 240_000);
    for (const [to, subject] of expected)
      expect(
        cluster.smtp.inbox.filter((m) => m.to === to && subject.test(m.subject)),
        `${to} ${subject}`,
      ).toHaveLength(1);

    // The links work: the reset link sets a new password, the new address is confirmed.
    const reset = cluster.smtp.inbox.find((m) => m.to === ana.email && /Reset/.test(m.subject))!;
    const resetToken = new URL(linkIn(reset, 'http://townsquare.test/reset-password')).searchParams.get(
      'token',
    );
    expect(
      (
        await api(up.url, 'POST', '/api/auth/reset-password', {
          token: resetToken,
          newPassword: 'ana resets it',
        })
      ).status,
    ).toBe(200);
    const confirm = cluster.smtp.inbox.find((m) => m.to === newBen)!;
    const confirmToken = new URL(linkIn(confirm, 'http://townsquare.test/verify-email')).searchParams.get(
      'token',
    );
    expect((await api(up.url, 'POST', '/api/auth/verify-email', { token: confirmToken })).status).toBe(200);
    const me = await api<{ email: string }>(up.url, 'GET', '/api/users/me', undefined, benAuth.accessToken);
    expect(me.body.email).toBe(newBen);
  });
});
