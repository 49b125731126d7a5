import { MSG } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { accountMailSent, createUser, nextIp, unique } from '../../test/factories.ts';
import { linkIn } from '../../test/smtp.ts';
import { useSmtpTestApp } from '../../test/test-app.ts';

/** The account e-mail flows end to end, through a real SMTP server started by the test. */
const { t, smtp } = useSmtpTestApp({ MAIL_FROM: 'Townsquare <hello@townsquare.test>' });

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextIp() });

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('e-mail verification', () => {
  it('register → mail arrives → its link verifies the address (once)', async () => {
    const email = `${unique('verify')}@example.com`;
    const reg = await post('/api/auth/register', { fullName: 'Nia Verify', email, password: 'longenough1' });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user.emailVerified).toBe(false);

    const mail = await smtp.waitFor(email, /Confirm your email address/);
    expect(mail.parsed.from?.text).toContain('hello@townsquare.test');
    expect(mail.text).toContain('Hi Nia Verify');
    expect(mail.html).toContain('Confirm email');
    const link = linkIn(mail, 'http://townsquare.test/verify-email?token=');

    // The original client posts without the /api prefix; both paths work.
    const verified = await post('/auth/verify-email', { token: tokenOf(link) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: MSG.emailVerified });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${reg.json().accessToken}` },
    });
    expect(me.json().user.emailVerified).toBe(true);

    const again = await post('/api/auth/verify-email', { token: tokenOf(link) });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.verificationTokenInvalid);
  });

  it('a missing token is refused with the spec message', async () => {
    const res = await post('/api/auth/verify-email', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.verificationTokenRequired);
  });
});

describe('password reset', () => {
  it('forgot → mail → reset → old sessions dead → login with the new password', async () => {
    const user = await createUser(t);
    const second = await post('/api/auth/login', { identifier: user.email, password: user.password });
    expect(second.statusCode).toBe(200);

    const forgot = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ message: MSG.forgotPasswordSent });

    const mail = await smtp.waitFor(user.email, /Reset your Townsquare password/);
    const link = linkIn(mail, 'http://townsquare.test/reset-password?token=');

    const reset = await post('/api/auth/reset-password', {
      token: tokenOf(link),
      newPassword: 'a brand new secret',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: MSG.passwordResetDone });

    // Every session that existed before the reset is gone: access and refresh tokens alike.
    for (const session of [user, second.json()]) {
      const verify = await t.app.inject({
        method: 'GET',
        url: '/api/auth/verify',
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect(verify.statusCode).toBe(401);
      expect((await post('/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    }

    expect(
      (await post('/api/auth/login', { identifier: user.email, password: user.password })).statusCode,
    ).toBe(401);
    const login = await post('/api/auth/login', { identifier: user.email, password: 'a brand new secret' });
    expect(login.statusCode).toBe(200);

    // The link works once, and the owner hears about the change.
    expect(
      (await post('/api/auth/reset-password', { token: tokenOf(link), newPassword: 'yet another one' }))
        .statusCode,
    ).toBe(400);
    await smtp.waitFor(user.email, /password was changed/);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const known = await createUser(t);
    const a = await post('/api/auth/forgot-password', { email: known.email });
    const b = await post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    // Both requests' jobs have run: the known address got its mail, the unknown one nothing.
    await accountMailSent(t);
    await smtp.waitFor(known.email, /Reset your Townsquare password/);
    expect(smtp.inbox.some((m) => m.to === 'nobody-here@example.com')).toBe(false);
  });

  it('refuses a reset without a valid token and never resets by e-mail alone', async () => {
    const user = await createUser(t);
    const byEmail = await post('/api/auth/reset-password', {
      email: user.email,
      newPassword: 'hijacked-password',
    });
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.json().message).toBe(MSG.resetFieldsRequired);
    const bad = await post('/api/auth/reset-password', {
      token: 'not-a-real-token',
      newPassword: 'hijacked-password',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.resetTokenInvalid);
    const short = await post('/api/auth/reset-password', { token: 'whatever', newPassword: 'short' });
    expect(short.json().message).toBe(MSG.passwordTooShort);
    expect(
      (await post('/api/auth/login', { identifier: user.email, password: user.password })).statusCode,
    ).toBe(200);
  });
});
