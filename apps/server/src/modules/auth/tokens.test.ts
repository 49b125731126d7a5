import { createHash } from 'node:crypto';
import { errorBody, MSG, messageResponse } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUser, lastTokenTo, mailsTo, nextIp, signIn, unique } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });

const verify = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } });

const expectError = (res: { statusCode: number; json(): unknown }, status: number, message: string) => {
  expect(res.statusCode).toBe(status);
  expect(errorBody.parse(res.json()).message).toBe(message);
};

/** The secret createTestApp configures. */
const SECRET = new TextEncoder().encode('test-jwt-secret-that-is-long-enough-0123456789');
const now = () => Math.floor(Date.now() / 1000);

/** Claims of a real, live session, so that only the property under test is wrong. */
async function liveClaims() {
  const user = await createUser(t);
  const claims = decodeJwt(user.accessToken);
  return {
    user,
    claims: { sid: claims.sid, email: claims.email, roles: claims.roles, typ: 'access' },
    sub: claims.sub!,
  };
}

function forge(
  payload: Record<string, unknown>,
  sub: string,
  options: { alg?: string; key?: Uint8Array; iat?: number; exp?: number } = {},
) {
  const iat = options.iat ?? now();
  return new SignJWT(payload)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(options.exp ?? iat + 600)
    .sign(options.key ?? SECRET);
}

describe('access tokens (QUALITY security 7)', () => {
  it('a token forged here the way the server signs is accepted: the checks below test one thing each', async () => {
    const { user, claims, sub } = await liveClaims();
    const res = await verify(await forge(claims, sub));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.user.id);
  });

  it('refuses alg: none', async () => {
    const { claims, sub } = await liveClaims();
    const unsigned = new UnsecuredJWT(claims).setSubject(sub).setIssuedAt().setExpirationTime('10m').encode();
    expectError(await verify(unsigned), 401, MSG.invalidToken);
    // The same with a signature part left in place, and with the header claiming HS256 but no signature.
    expectError(await verify(`${unsigned}c2ln`), 401, MSG.invalidToken);
    const [, body] = unsigned.split('.');
    const hs256Header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    expectError(await verify(`${hs256Header}.${body}.`), 401, MSG.invalidToken);
  });

  it('refuses HS512 and HS384 even with the right secret', async () => {
    const { claims, sub } = await liveClaims();
    for (const alg of ['HS384', 'HS512']) {
      expectError(await verify(await forge(claims, sub, { alg })), 401, MSG.invalidToken);
    }
  });

  it('refuses a token signed with another secret', async () => {
    const { claims, sub } = await liveClaims();
    const other = new TextEncoder().encode('another-secret-that-is-also-long-enough-0123456789');
    expectError(await verify(await forge(claims, sub, { key: other })), 401, MSG.invalidToken);
  });

  it('refuses an expired token of a live session', async () => {
    const { claims, sub } = await liveClaims();
    const expired = await forge(claims, sub, { iat: now() - 3600, exp: now() - 60 });
    expectError(await verify(expired), 401, MSG.invalidToken);
  });

  it('refuses a token of a live session that has no expiry', async () => {
    const { claims, sub } = await liveClaims();
    const endless = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt()
      .sign(SECRET);
    expect(decodeJwt(endless).exp).toBeUndefined();
    expectError(await verify(endless), 401, MSG.invalidToken);
  });

  it('refuses a refresh token used as an access token', async () => {
    const { user } = await liveClaims();
    expectError(await verify(user.refreshToken), 401, MSG.invalidToken);
  });

  it('refuses a correctly signed token whose typ is not access, or that has none', async () => {
    const { claims, sub } = await liveClaims();
    for (const typ of ['refresh', 'verify_email', 'ACCESS', '', undefined]) {
      expectError(await verify(await forge({ ...claims, typ }, sub)), 401, MSG.invalidToken);
    }
  });

  it("refuses a token pairing one user's session with another user's id", async () => {
    const a = await liveClaims();
    const b = await liveClaims();
    expectError(await verify(await forge(a.claims, b.sub)), 401, MSG.invalidToken);
    expectError(
      await verify(await forge({ ...a.claims, sid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }, a.sub)),
      401,
      MSG.invalidToken,
    );
    expectError(await verify(await forge({ ...a.claims, sid: 'not-a-uuid' }, a.sub)), 401, MSG.invalidToken);
    expectError(await verify(await forge(a.claims, "1' or '1'='1")), 401, MSG.invalidToken);
  });

  it('refuses garbage in the Authorization header', async () => {
    for (const header of [
      'Bearer ',
      'Bearer a.b',
      'Bearer ...',
      'Bearer a.b.c.d',
      'Basic dXNlcjpwYXNz',
      'Bearer x y',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/verify',
        headers: { authorization: header },
      });
      expect(res.statusCode).toBe(401);
      expect(errorBody.parse(res.json()).message).toMatch(/^(Invalid token|Unauthorized)$/);
    }
  });
});

describe('e-mail verification tokens', () => {
  it('20 parallel redemptions of one token: exactly one succeeds', async () => {
    const user = await createUser(t);
    const token = await lastTokenTo(t, user.email, 'Confirm your email address');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/auth/verify-email', { token })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(19);
    for (const res of results.filter((r) => r.statusCode === 400)) {
      expect(res.json().message).toBe(MSG.verificationTokenInvalid);
    }
    const self = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
    expect(self.json().emailVerified).toBe(true);
  });

  it('a used token fails again, on both paths', async () => {
    const user = await createUser(t);
    const token = await lastTokenTo(t, user.email);
    const first = await post('/auth/verify-email', { token });
    expect(first.statusCode).toBe(200);
    expect(messageResponse.parse(first.json()).message).toBe(MSG.emailVerified);
    expectError(await post('/auth/verify-email', { token }), 400, MSG.verificationTokenInvalid);
    expectError(await post('/api/auth/verify-email', { token }), 400, MSG.verificationTokenInvalid);
  });

  it('an expired token fails and leaves the address unverified', async () => {
    const user = await createUser(t);
    const token = await lastTokenTo(t, user.email);
    await t.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 second' where user_id = ${user.user.id} and purpose = 'verify_email'`,
    );
    expectError(await post('/api/auth/verify-email', { token }), 400, MSG.verificationTokenInvalid);
    const self = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
    expect(self.json().emailVerified).toBe(false);
  });

  it('tokens are stored only as SHA-256 digests', async () => {
    const user = await createUser(t);
    await post('/api/auth/forgot-password', { email: user.email });
    const verifyToken = await lastTokenTo(t, user.email, 'Confirm your email address');
    const resetToken = await lastTokenTo(t, user.email, 'Reset your Townsquare password');
    const result = await t.db.execute(
      sql`select e::text as row, e.token_hash from email_tokens e where e.user_id = ${user.user.id}`,
    );
    const rows = result.rows as { row: string; token_hash: string }[];
    expect(rows).toHaveLength(2);
    const dump = rows.map((r) => r.row).join('\n');
    for (const token of [verifyToken, resetToken]) {
      expect(dump).not.toContain(token);
      expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    }
  });

  it('a newer verification link voids the older one', async () => {
    const user = await createUser(t);
    const older = await lastTokenTo(t, user.email);
    const resent = await post('/api/auth/resend-verification', undefined, user.auth);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: MSG.verificationSent });
    const newer = await lastTokenTo(t, user.email);
    expect(newer).not.toBe(older);
    expectError(await post('/api/auth/verify-email', { token: older }), 400, MSG.verificationTokenInvalid);
    expect((await post('/api/auth/verify-email', { token: newer })).statusCode).toBe(200);
  });

  it('a reset link does not verify, and a verification link does not reset', async () => {
    const user = await createUser(t);
    await post('/api/auth/forgot-password', { email: user.email });
    const verifyToken = await lastTokenTo(t, user.email, 'Confirm your email address');
    const resetToken = await lastTokenTo(t, user.email, 'Reset your Townsquare password');
    expectError(
      await post('/api/auth/verify-email', { token: resetToken }),
      400,
      MSG.verificationTokenInvalid,
    );
    expectError(
      await post('/api/auth/reset-password', { token: verifyToken, newPassword: 'new password 1' }),
      400,
      MSG.resetTokenInvalid,
    );
  });
});

describe('password reset', () => {
  it.each([
    [{ email: 'someone@example.com', newPassword: 'new password 1' }, MSG.resetFieldsRequired],
    [{ token: '', newPassword: 'new password 1' }, MSG.resetFieldsRequired],
    [{ token: 'abc' }, MSG.resetFieldsRequired],
    [{ token: 'abc', newPassword: 'short' }, MSG.passwordTooShort],
    [{}, MSG.resetFieldsRequired],
  ])('answers 400 for %j', async (payload, message) => {
    expectError(await post('/api/auth/reset-password', payload), 400, message);
  });

  it('never resets by e-mail alone', async () => {
    const user = await createUser(t);
    const res = await post('/api/auth/reset-password', { email: user.email, newPassword: 'taken over 123' });
    expectError(res, 400, MSG.resetFieldsRequired);
    expect(
      (await post('/api/auth/login', { identifier: user.email, password: user.password })).statusCode,
    ).toBe(200);
  });

  it('refuses a bad token', async () => {
    for (const token of ['nope', 'x'.repeat(43), 'x'.repeat(512)]) {
      const res = await post('/api/auth/reset-password', { token, newPassword: 'new password 1' });
      expectError(res, 400, MSG.resetTokenInvalid);
    }
  });

  it('a reset ends every old session and the new password signs in; the link works once', async () => {
    const user = await createUser(t);
    const second = await signIn(t, user);
    const forgot = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    expect(forgot.json()).toEqual({ message: MSG.forgotPasswordSent });
    const token = await lastTokenTo(t, user.email, 'Reset your Townsquare password');

    const res = await post('/api/auth/reset-password', { token, newPassword: 'my new password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.passwordResetDone });

    for (const session of [user, second]) {
      expectError(await verify(session.accessToken), 401, MSG.invalidToken);
      expectError(
        await post('/api/auth/refresh', { refreshToken: session.refreshToken }),
        401,
        MSG.invalidRefreshToken,
      );
    }
    expectError(
      await post('/api/auth/login', { identifier: user.email, password: user.password }),
      401,
      MSG.invalidCredentials,
    );
    expect(
      (await post('/api/auth/login', { identifier: user.email, password: 'my new password' })).statusCode,
    ).toBe(200);
    expectError(
      await post('/api/auth/reset-password', { token, newPassword: 'yet another one' }),
      400,
      MSG.resetTokenInvalid,
    );
    expect(await mailsTo(t, user.email, 'Your Townsquare password was changed')).toHaveLength(1);
  });

  it('an expired reset link fails', async () => {
    const user = await createUser(t);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await lastTokenTo(t, user.email, 'Reset your Townsquare password');
    await t.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 second' where user_id = ${user.user.id} and purpose = 'reset_password'`,
    );
    expectError(
      await post('/api/auth/reset-password', { token, newPassword: 'new password 1' }),
      400,
      MSG.resetTokenInvalid,
    );
    expect(
      (await post('/api/auth/login', { identifier: user.email, password: user.password })).statusCode,
    ).toBe(200);
  });

  it('forgot-password answers byte-identical bodies for known and unknown addresses', async () => {
    const user = await createUser(t);
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknown = await post('/api/auth/forgot-password', { email: `${unique('ghost')}@example.com` });
    const missing = await post('/api/auth/forgot-password', {});
    for (const res of [known, unknown, missing]) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(known.rawPayload)).toBe(true);
      expect(res.headers['content-type']).toBe(known.headers['content-type']);
      expect(res.headers['content-length']).toBe(known.headers['content-length']);
    }
    expect(known.json()).toEqual({ message: MSG.forgotPasswordSent });
  });

  it('forgot-password allows 5 requests per address in 30 minutes, from any client address', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i++) {
      const email = i % 2 === 0 ? user.email : `  ${user.email.toUpperCase()} `;
      expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    }
    const sixth = await post('/api/auth/forgot-password', { email: user.email });
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(25 * 60);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    expect(errorBody.parse(sixth.json()).message).toMatch(/^Too many attempts/);
    expect(await mailsTo(t, user.email, 'Reset your Townsquare password')).toHaveLength(5);

    // An unknown address is limited the same way, so the limit reveals nothing either.
    const ghost = `${unique('ghost')}@example.com`;
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/forgot-password', { email: ghost })).statusCode).toBe(200);
    expect((await post('/api/auth/forgot-password', { email: ghost })).statusCode).toBe(429);
  });
});
