import type { SelfUser } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { createUser, followVerificationLink, type TestUser, unique } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * ADMIN_EMAILS names addresses, and an address proves nothing until its owner follows a link sent
 * to it: the flag follows verified addresses only.
 */
const boss = `${unique('boss')}@example.com`;
const chief = `${unique('chief')}@example.com`;
const t = useTestApp({ env: { ADMIN_EMAILS: `${boss},${chief}` } });

const me = async (user: TestUser): Promise<SelfUser> =>
  (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth })).json() as SelfUser;

/**
 * Starts a second instance on the same database with `adminEmails`, as a restart would. Account
 * e-mails are queued jobs that any instance may send: this one's land in the same outbox.
 */
async function restartWith(adminEmails: string[]): Promise<void> {
  const mailer = { send: async (m: MailMessage) => void t.sent.push(m), close: async () => {} };
  const other = await buildApp({ ...t.config, adminEmails, databaseUrl: t.databaseUrl }, { mailer });
  await other.close();
}

describe('ADMIN_EMAILS', () => {
  it('does not make an unverified registration admin; following the link does', async () => {
    const user = await createUser(t, { email: boss });
    expect(user.user.isAdmin).toBe(false);
    expect((await me(user)).isAdmin).toBe(false);
    await restartWith([boss]);
    expect((await me(user)).isAdmin).toBe(false);

    await followVerificationLink(t, boss);
    expect((await me(user)).isAdmin).toBe(true);
  });

  it('grants the flag at start-up to a verified address only', async () => {
    const verified = await createUser(t);
    await followVerificationLink(t, verified.email);
    const unverified = await createUser(t);
    await restartWith([verified.email, unverified.email]);
    expect((await me(verified)).isAdmin).toBe(true);
    expect((await me(unverified)).isAdmin).toBe(false);
  });

  it('an e-mail change to such an address grants nothing until the new address is verified', async () => {
    const user = await createUser(t);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: user.auth,
      payload: { email: chief, currentPassword: user.password },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().isAdmin).toBe(false);
    await restartWith([boss, chief]);
    expect((await me(user)).isAdmin).toBe(false);

    await followVerificationLink(t, chief);
    expect(await me(user)).toMatchObject({ email: chief, isAdmin: true });
  });
});
