import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { createUser, lastTokenTo, nextIp, signIn } from '../../test/factories.ts';
import { closeSockets, listen, openSocket } from '../../test/sockets.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * A sign-in (or refresh) in flight must not outlive a suspension, a password
 * change or reset, "sign out everywhere" or the end of its session. The races are driven, not
 * hoped for: the next password check can be held after argon2 has answered (the gap between
 * reading the user and inserting the session), and a test transaction can hold a session row.
 */
const gate = vi.hoisted(() => ({
  hold: undefined as { reached: () => void; release: Promise<void> } | undefined,
}));

vi.mock('./password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./password.ts')>();
  return {
    ...real,
    async verifyPassword(...args: Parameters<typeof real.verifyPassword>) {
      const ok = await real.verifyPassword(...args);
      const hold = gate.hold;
      if (hold) {
        gate.hold = undefined;
        hold.reached();
        await hold.release;
      }
      return ok;
    },
  };
});

/** Holds the next password check after it has been computed, until `release()`. */
function holdNextPasswordCheck() {
  let reached!: () => void;
  let release!: () => void;
  const reachedP = new Promise<void>((r) => {
    reached = r;
  });
  gate.hold = { reached, release: new Promise<void>((r) => (release = r)) };
  return { reached: reachedP, release };
}

const t = useTestApp();
afterAll(closeSockets);

const login = (user: { email: string }, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextIp(),
    payload: { identifier: user.email, password },
  });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
const me = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` } });

async function liveSessions(userId: string): Promise<number> {
  const rows = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from sessions where user_id = ${userId} and revoked_at is null`,
  );
  return rows.rows[0]!.n;
}

/** A sign-in held between its password check and its session; `landing` runs in that gap. */
async function signInAcross(user: { email: string }, password: string, landing: () => Promise<void>) {
  const held = holdNextPasswordCheck();
  const pending = login(user, password);
  await held.reached;
  await landing();
  held.release();
  return pending;
}

/** Whatever a sign-in answered, nothing it returned may work. */
async function expectNothingUsable(res: Awaited<ReturnType<typeof login>>) {
  if (res.statusCode !== 200) return;
  const body = res.json() as { accessToken: string; refreshToken: string };
  expect((await me(body.accessToken)).statusCode).toBe(401);
  expect((await refresh(body.refreshToken)).statusCode).not.toBe(200);
}

describe('a sign-in in flight', () => {
  it('is refused when a suspension lands between its password check and its session', async () => {
    const [user, admin] = [await createUser(t), await createUser(t)];
    await t.db.execute(sql`update users set is_admin = true where id = ${admin.user.id}`);
    const res = await signInAcross(user, user.password, async () => {
      const suspended = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${user.user.id}/suspend`,
        headers: admin.auth,
        payload: { days: 7, reason: 'Spam' },
      });
      expect(suspended.statusCode, suspended.body).toBe(200);
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toMatch(/^This account is suspended until /);
    await expectNothingUsable(res);
    expect(await liveSessions(user.user.id)).toBe(0);
  });

  it('is refused when the password changes between its password check and its session', async () => {
    const user = await createUser(t);
    const res = await signInAcross(user, user.password, async () => {
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/users/me/password',
        headers: user.auth,
        payload: { currentPassword: user.password, newPassword: 'a brand new passphrase' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid credentials');
    await expectNothingUsable(res);
    // Only the session that changed the password is left.
    expect(await liveSessions(user.user.id)).toBe(1);
    expect((await me(user.accessToken)).statusCode).toBe(200);
  });

  it('is refused when a password reset lands between its password check and its session', async () => {
    const user = await createUser(t);
    const res = await signInAcross(user, user.password, async () => {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      const token = await lastTokenTo(t, user.email, 'Reset your Townsquare password');
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'taken back by the owner' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
    });
    expect(res.statusCode).toBe(401);
    await expectNothingUsable(res);
    expect(await liveSessions(user.user.id)).toBe(0);
  });

  it('is ended by "sign out everywhere" that lands between its password check and its session', async () => {
    const user = await createUser(t);
    const res = await signInAcross(user, user.password, async () => {
      const ended = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: user.auth });
      expect(ended.statusCode, ended.body).toBe(200);
    });
    await expectNothingUsable(res);
    expect(await liveSessions(user.user.id)).toBe(1);
    expect((await me(user.accessToken)).statusCode).toBe(200);
  });
});

describe('a suspended account', () => {
  it('cannot use an access token or refresh token of a session the suspension did not reach', async () => {
    const user = await createUser(t);
    const second = await signIn(t, user);
    // A suspension written without its revocation (another instance, or one racing a sign-in).
    await t.db.execute(sql`update users set suspended_at = now() where id = ${user.user.id}`);
    expect((await me(second.accessToken)).statusCode).toBe(401);
    const refused = await refresh(second.refreshToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account is suspended.');
    const socket = openSocket(await listen(t), second.accessToken);
    await expect(socket).rejects.toThrow();
  });
});

describe('a refresh in flight', () => {
  it('issues nothing for a session ended while the refresh waits on it', async () => {
    const user = await createUser(t);
    const second = await signIn(t, user);
    const sid = (
      JSON.parse(Buffer.from(second.accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }
    ).sid;
    const client = await t.db.$client.connect();
    try {
      // The session ends in a transaction that has not committed yet when the refresh arrives.
      await client.query('begin');
      await client.query(`update sessions set revoked_at = now(), revoked_reason = 'test' where id = $1`, [
        sid,
      ]);
      const pending = refresh(second.refreshToken);
      await eventually(async () => {
        const waiting = await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect(waiting.rows[0]!.n).toBeGreaterThan(0);
      });
      await client.query('commit');
      const res = await pending;
      expect(res.statusCode).toBe(401);
    } finally {
      client.release();
    }
  });
});
