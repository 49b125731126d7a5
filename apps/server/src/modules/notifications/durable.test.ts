import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serversOnOneDatabase } from '../../test/cluster.ts';
import { eventually } from '../../test/eventually.ts';
import { createUser, unique } from '../../test/factories.ts';
import { api } from '../../test/servers.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * The notifications a request causes are queued (durable, keyed) before it is answered,
 * never left to in-memory background work, so a process that dies right after answering loses
 * nothing.
 */

describe('notifications survive the process that answered the request', () => {
  const t = useTestApp();

  it('in-memory background work never runs (as after a crash): the mention is still notified and e-mailed', async () => {
    // The process "died" after answering: whatever was left to in-memory background work is gone.
    const sender = await createUser(t);
    const named = await createUser(t, { username: unique('named_'), verified: true });
    const prefs = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: named.auth,
      payload: { notificationPreferences: { email: { mentions: true } } },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/group-messages',
      headers: sender.auth,
      payload: { content: `hello @${named.user.username}` },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await eventually(async () => {
      const mails = t.sent.filter(
        (m) => m.to === named.email.toLowerCase() && m.text.includes('mentioned you'),
      );
      expect(mails).toHaveLength(1);
    });
  });
});

describe('SIGKILL right after the answer', () => {
  const servers = serversOnOneDatabase();
  const instance = () =>
    servers.instance({
      JWT_SECRET: 'durable-secret-that-is-long-enough-0123456789',
      UPLOAD_SIGNING_SECRET: 'durable-upload-secret-long-enough-0123456',
    });

  it('the mention e-mail is sent after a restart when the process was killed right after answering', async () => {
    const a = await instance();
    type Auth = { accessToken: string; user: { id: string } };
    const register = async (name: string) => {
      const email = `${name}-${randomBytes(4).toString('hex')}@example.com`;
      const username = `${name}_${randomBytes(3).toString('hex')}`;
      const res = await api<Auth>(a.url, 'POST', '/api/auth/register', {
        fullName: name,
        email,
        password: 'long enough pw',
        username,
      });
      expect(res.status).toBe(201);
      return { ...res.body, email, username };
    };
    const sender = await register('sender');
    const named = await register('named');
    await servers.query('update users set email_verified_at = now() where id = $1', [named.user.id]);
    const prefs = await api(
      a.url,
      'PUT',
      '/api/users/me',
      { notificationPreferences: { email: { mentions: true } } },
      named.accessToken,
    );
    expect(prefs.status).toBe(200);

    const posted = await api(
      a.url,
      'POST',
      '/api/group-messages',
      { content: `are you coming @${named.username}?` },
      sender.accessToken,
    );
    expect(posted.status).toBe(201);
    await a.stop('SIGKILL');

    await instance();
    await eventually(async () => {
      const mails = servers.smtp.inbox.filter(
        (m) => m.to === named.email.toLowerCase() && m.text.includes('mentioned you'),
      );
      expect(mails).toHaveLength(1);
    }, 90_000);
  });
});
