import { randomBytes } from 'node:crypto';
import { notificationsResponse } from '@townsquare/contracts';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { serversOnOneDatabase } from '../../test/cluster.ts';
import { api, type RunningServer } from '../../test/servers.ts';

/**
 * With REMINDER_LEAD_TIMES=1m an event starting in 2 minutes produces exactly one
 * reminder per attendee, in the app and by e-mail through a real SMTP server, with two instances
 * of the built server on one database, one of them killed with SIGKILL and restarted between the
 * scheduling and the reminder. Slow by nature (about 2 minutes of wall time).
 */
type Auth = { accessToken: string; user: { id: string } };

const cluster = serversOnOneDatabase();

const instance = (): Promise<RunningServer> =>
  cluster.instance({
    REMINDER_LEAD_TIMES: '1m',
    JWT_SECRET: 'reminders-secret-that-is-long-enough-0123456',
    UPLOAD_SIGNING_SECRET: 'reminders-upload-secret-long-enough-012345',
  });

async function register(base: string, name: string): Promise<Auth & { email: string }> {
  const email = `${name}-${randomBytes(4).toString('hex')}@example.com`;
  const res = await api<Auth>(base, 'POST', '/api/auth/register', {
    fullName: name,
    email,
    password: 'long enough pw',
  });
  expect(res.status).toBe(201);
  return { ...res.body, email };
}

async function verify(ids: string[]) {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    await client.query('update users set email_verified_at = now() where id = any($1::uuid[])', [ids]);
  } finally {
    await client.end();
  }
}

describe('event reminders', () => {
  it(
    'exactly one reminder per attendee, in the app and by e-mail, across two instances and a SIGKILL',
    async () => {
      let a = await instance();
      const b = await instance();
      const host = await register(a.url, 'host');
      const guests = [await register(a.url, 'ana'), await register(b.url, 'ben')];
      const maybe = await register(b.url, 'cy');
      await verify([host.user.id, ...guests.map((g) => g.user.id), maybe.user.id]);

      const start = new Date(Date.now() + 2 * 60_000);
      const created = await api<{ event: { id: string } }>(
        a.url,
        'POST',
        '/api/events',
        {
          title: 'Sunrise swim',
          description: 'A short swim at the lake.',
          location: 'North beach',
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 3_600_000).toISOString(),
          visibility: 'PUBLIC',
          status: 'LIVE',
        },
        host.accessToken,
      );
      expect(created.status).toBe(201);
      const eventId = created.body.event.id;
      // Answers through both instances; "maybe" is not reminded.
      for (const [i, g] of guests.entries())
        expect(
          (
            await api(
              i === 0 ? a.url : b.url,
              'POST',
              `/api/events/${eventId}/rsvp`,
              { status: 'going' },
              g.accessToken,
            )
          ).status,
        ).toBe(200);
      expect(
        (await api(b.url, 'POST', `/api/events/${eventId}/rsvp`, { status: 'maybe' }, maybe.accessToken))
          .status,
      ).toBe(200);

      // Kill one instance without a chance to clean up, and start it again.
      await a.stop('SIGKILL');
      a = await instance();

      // The reminder is due one minute before the start.
      const dueAt = start.getTime() - 60_000;
      await new Promise((r) => setTimeout(r, Math.max(0, dueAt - Date.now())));
      for (const g of guests) await cluster.smtp.waitFor(g.email, /Reminder: Sunrise swim/);
      // Time for any duplicate to show up.
      await new Promise((r) => setTimeout(r, 8_000));

      for (const g of guests) {
        const mails = cluster.smtp.inbox.filter((m) => m.to === g.email && /Reminder/.test(m.subject));
        expect(mails, g.email).toHaveLength(1);
        expect(mails[0]?.subject).toContain('starts in 1 minute');
        const list = notificationsResponse.parse(
          (await api(a.url, 'GET', '/api/notifications', undefined, g.accessToken)).body,
        );
        expect(list.notifications.filter((n) => n.kind === 'event_reminder')).toHaveLength(1);
      }
      for (const person of [host, maybe]) {
        expect(
          cluster.smtp.inbox.filter((m) => m.to === person.email && /Reminder/.test(m.subject)),
        ).toHaveLength(0);
        const list = notificationsResponse.parse(
          (await api(b.url, 'GET', '/api/notifications', undefined, person.accessToken)).body,
        );
        expect(list.notifications.filter((n) => n.kind === 'event_reminder')).toHaveLength(0);
      }
    },
    4 * 60_000,
  );
});
