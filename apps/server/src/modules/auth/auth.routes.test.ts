import { authResponse, errorBody, MSG, registerResponse, verifyResponse } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { accountMailSent, createUser, mailsTo, nextIp, requestAs, unique } from '../../test/factories.ts';
import { resolveTestRedis, type TestRedis } from '../../test/redis.ts';
import { createTestApp, memoryMailer, type TestApp, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const inject = requestAs(t);

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });

describe('POST /api/auth/register', () => {
  it('creates the account with the contract shape and sends a verification mail', async () => {
    const email = `${unique('new')}@Example.COM`;
    const res = await post('/api/auth/register', {
      fullName: 'Riverside Runners',
      email,
      password: 'longenough1',
    });
    expect(res.statusCode).toBe(201);
    const body = registerResponse.parse(res.json());
    expect(body.message).toBe('Registration successful');
    expect(body.user.email).toBe(email.toLowerCase());
    expect(body.user.id).toBe(body.user._id);
    expect(body.user.profileCompleted).toBe(false);
    expect(body.user.username).toBeUndefined();
    expect(body.user.roles).toEqual(['Member']);
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/);
    await accountMailSent(t);
    const mail = t.sent.find((m) => m.to === email.toLowerCase());
    expect(mail?.subject).toBe('Confirm your email address');
    expect(mail?.link).toMatch(/^http:\/\/townsquare\.test\/verify-email\?token=[\w-]{43}$/);
  });

  it('refuses a taken e-mail, whatever its case, with the message in error and message', async () => {
    const user = await createUser(t);
    const res = await post('/api/auth/register', {
      fullName: 'X',
      email: user.email.toUpperCase(),
      password: 'longenough1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: MSG.emailTaken,
      message: MSG.emailTaken,
      code: 'EMAIL_TAKEN',
    });
  });

  it.each([
    [{ email: 'a@b.co', password: 'longenough1' }, MSG.fullNameRequired],
    [{ fullName: '   ', email: 'a@b.co', password: 'longenough1' }, MSG.fullNameRequired],
    [{ fullName: 'A', password: 'longenough1' }, MSG.emailRequired],
    [{ fullName: 'A', email: 'not-an-email', password: 'longenough1' }, MSG.emailInvalid],
    [{ fullName: 'A', email: ['a@b.co'], password: 'longenough1' }, 'Email must be text'],
    [{ fullName: 'A', email: 'a@b.co' }, MSG.passwordRequired],
    [{ fullName: 'A', email: 'a@b.co', password: 'short' }, MSG.passwordTooShort],
    [{ fullName: 'A', email: 'a@b.co', password: 'x'.repeat(257) }, MSG.passwordTooLong],
    [{ fullName: 'A'.repeat(101), email: 'a@b.co', password: 'longenough1' }, MSG.fullNameTooLong],
    [{ fullName: 'A', email: 'a@b.co', password: 'longenough1', username: 'Bad Name!' }, MSG.usernameInvalid],
    [{ fullName: 'A', email: 'a@b.co', password: 'longenough1', roles: ['King'] }, MSG.roleInvalid],
  ])('answers 400 with the spec message for %j', async (payload, message) => {
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(errorBody.parse(res.json()).message).toBe(message);
  });

  it('answers 400 for a body that is not an object or not JSON', async () => {
    for (const payload of ['[1,2]', '"text"', '{"fullName":']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(errorBody.parse(res.json()).message).toMatch(/JSON|object/);
    }
  });

  it('is rate-limited per address with Retry-After', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post('/api/auth/register', { fullName: 'A', email: 'bad' }, {}, ip);
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('POST /api/auth/login', () => {
  it('accepts the e-mail or the username, compared lower-cased', async () => {
    const user = await createUser(t, { username: unique('login_') });
    for (const identifier of [user.email, user.email.toUpperCase(), user.user.username!]) {
      const res = await post('/api/auth/login', {
        identifier: identifier.toLowerCase(),
        password: user.password,
      });
      expect(res.statusCode).toBe(200);
      const body = authResponse.parse(res.json());
      expect(body.user.id).toBe(user.user.id);
    }
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const user = await createUser(t);
    const wrong = await post('/api/auth/login', { identifier: user.email, password: 'wrong-password' });
    const unknown = await post('/api/auth/login', {
      identifier: 'nobody@example.com',
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Invalid credentials',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('locks an account after 10 failures in 15 minutes, from any address', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) {
      expect(
        (await post('/api/auth/login', { identifier: user.email, password: `nope-${i}` })).statusCode,
      ).toBe(401);
    }
    const locked = await post('/api/auth/login', { identifier: user.email, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it("a stranger's failures do not lock the owner out of an address they signed in from", async () => {
    const user = await createUser(t);
    const home = nextIp();
    const owner = (password: string) =>
      post('/api/auth/login', { identifier: user.email, password }, {}, home);
    expect((await owner(user.password)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++)
      expect(
        (await post('/api/auth/login', { identifier: user.email, password: `guess-${i}` })).statusCode,
      ).toBe(401);
    // Anywhere else the account is locked, right password or not…
    expect(
      (await post('/api/auth/login', { identifier: user.email, password: user.password })).statusCode,
    ).toBe(429);
    // …but from the owner's own address it opens, with its own limit of 10 failures.
    expect((await owner(user.password)).statusCode).toBe(200);
    // Which leaves the stranger locked out.
    expect(
      (await post('/api/auth/login', { identifier: user.email, password: user.password })).statusCode,
    ).toBe(429);
    for (let i = 0; i < 10; i++) expect((await owner(`typo-${i}`)).statusCode).toBe(401);
    const locked = await owner(user.password);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('limits one address to 25 failures in 5 minutes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 25; i++) {
      const res = await post(
        '/api/auth/login',
        { identifier: `someone${i}@example.com`, password: 'whatever1' },
        {},
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    const res = await post(
      '/api/auth/login',
      { identifier: 'another@example.com', password: 'whatever1' },
      {},
      ip,
    );
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const ip = nextIp();
    for (let i = 0; i < 25; i++) {
      await post(
        '/api/auth/login',
        { identifier: `spoof${i}@example.com`, password: 'whatever1' },
        { 'x-forwarded-for': `192.0.2.${i}` },
        ip,
      );
    }
    const res = await post(
      '/api/auth/login',
      { identifier: 'x@example.com', password: 'whatever1' },
      { 'x-forwarded-for': '192.0.2.200' },
      ip,
    );
    expect(res.statusCode).toBe(429);
  });

  it('checks exactly 10 passwords of one account in a burst of 300 guesses from many addresses', async () => {
    const user = await createUser(t);
    const codes = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        post('/api/auth/login', { identifier: user.email, password: `burst-${i}` }).then((r) => r.statusCode),
      ),
    );
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(290);
  });

  it('checks exactly 25 passwords from one address in a burst of 300 guesses', async () => {
    const ip = nextIp();
    const codes = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        post(
          '/api/auth/login',
          { identifier: `${unique('burst')}${i}@example.com`, password: 'whatever1' },
          {},
          ip,
        ).then((r) => r.statusCode),
      ),
    );
    expect(codes.filter((c) => c === 401)).toHaveLength(25);
    expect(codes.filter((c) => c === 429)).toHaveLength(275);
  });

  it('counts guesses by e-mail and by username against the one account', async () => {
    const user = await createUser(t, { username: unique('both_') });
    for (let i = 0; i < 10; i++) {
      const identifier = i % 2 === 0 ? user.email : user.user.username!;
      expect((await post('/api/auth/login', { identifier, password: `nope-${i}` })).statusCode).toBe(401);
    }
    for (const identifier of [user.email, user.user.username!]) {
      expect((await post('/api/auth/login', { identifier, password: user.password })).statusCode).toBe(429);
    }
  });

  it('does not count successful sign-ins against the address', async () => {
    const user = await createUser(t);
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      const res = await post('/api/auth/login', { identifier: user.email, password: user.password }, {}, ip);
      expect(res.statusCode).toBe(200);
    }
  });

  it.each([
    [{ password: 'whatever1' }, MSG.identifierRequired],
    [{ identifier: '', password: 'whatever1' }, MSG.identifierRequired],
    [{ identifier: 'a@b.co' }, MSG.passwordRequired],
    [{ identifier: ['a@b.co'], password: 'whatever1' }, 'Email or username must be text'],
    [{ identifier: 'a@b.co', password: 12345678 }, 'Password must be text'],
  ])('answers 400 for %j', async (payload, message) => {
    const res = await post('/api/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

/**
 * Forgot-password and resend-verification must not tell, by status or by
 * timing, whether an account exists. The account's work (lookup, token, mail) happens after the
 * answer for known and unknown addresses alike.
 */
describe('no account enumeration through the mail flows', () => {
  it('resend-verification throttles known and unknown addresses alike', async () => {
    const known = await createUser(t);
    const unknown = `${unique('nobody')}@example.com`;
    const codes = async (email: string) => {
      const out: number[] = [];
      for (let i = 0; i < 4; i++)
        out.push((await post('/api/auth/resend-verification', { email })).statusCode);
      return out;
    };
    const forKnown = await codes(known.email);
    const forUnknown = await codes(unknown);
    expect(forKnown).toEqual(forUnknown);
    expect(forKnown).toEqual([200, 200, 200, 429]);
  });

  it.each([
    ['/api/auth/forgot-password', 'Reset your Townsquare password'],
    ['/api/auth/resend-verification', 'Confirm your email address'],
  ])(
    '%s answers before touching the account, so known and unknown take the same path',
    async (url, subject) => {
      const known = await createUser(t);
      const unknown = `${unique('nobody')}@example.com`;
      const before = (await mailsTo(t, known.email, subject)).length;
      // While e-mail tokens cannot be written, a reply that waited for the account's work would hang.
      const answers: { status: number; body: string }[] = [];
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`lock table email_tokens in access exclusive mode`);
        for (const email of [known.email, unknown]) {
          const reply = post(url, { email }).then((r) =>
            answers.push({ status: r.statusCode, body: r.body }),
          );
          await Promise.race([reply, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        }
      });
      expect(answers).toHaveLength(2);
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]?.status).toBe(200);
      // The mail still goes out once the table is free again, to the known address only.
      expect(await mailsTo(t, known.email, subject)).toHaveLength(before + 1);
      expect(await mailsTo(t, unknown)).toHaveLength(0);
    },
  );
});

describe('sessions: verify, refresh, logout', () => {
  it('verify returns the user for a valid access token', async () => {
    const user = await createUser(t);
    const res = await inject('GET', '/api/auth/verify', user);
    expect(res.statusCode).toBe(200);
    expect(verifyResponse.parse(res.json()).user.id).toBe(user.user.id);
  });

  it('verify distinguishes a missing token from a bad one', async () => {
    const none = await inject('GET', '/api/auth/verify');
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Unauthorized');
    const bad = await inject('GET', '/api/auth/verify', undefined, undefined, {
      authorization: 'Bearer abc.def.ghi',
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Invalid token');
  });

  it('refresh rotates, and a reused token revokes the whole family', async () => {
    const user = await createUser(t);
    const first = await post('/api/auth/refresh', { refreshToken: user.refreshToken });
    expect(first.statusCode).toBe(200);
    const rotated = authResponse.parse(first.json());
    expect(rotated.refreshToken).not.toBe(user.refreshToken);
    expect(rotated.user.id).toBe(user.user.id);

    const reuse = await post('/api/auth/refresh', { refreshToken: user.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe('Invalid refresh token');
    // The family is gone: the newest refresh token and every access token of the session too.
    expect((await post('/api/auth/refresh', { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
    const verify = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${rotated.accessToken}` },
    });
    expect(verify.statusCode).toBe(401);
  });

  it('refresh rejects an access token and garbage', async () => {
    const user = await createUser(t);
    for (const refreshToken of [user.accessToken, 'garbage']) {
      expect((await post('/api/auth/refresh', { refreshToken })).statusCode).toBe(401);
    }
    const tooLong = await post('/api/auth/refresh', { refreshToken: 'x'.repeat(600) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(MSG.invalidRefreshToken);
    expect((await post('/api/auth/refresh', {})).json().message).toBe(MSG.refreshTokenRequired);
  });

  it('logout revokes the session: its access and refresh tokens stop working', async () => {
    const user = await createUser(t);
    const other = await post('/api/auth/login', { identifier: user.email, password: user.password });
    const res = await post('/api/auth/logout', undefined, user.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully' });
    expect((await inject('GET', '/api/auth/verify', user)).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: user.refreshToken })).statusCode).toBe(401);
    // Another sign-in of the same account is untouched.
    const otherAuth = { authorization: `Bearer ${other.json().accessToken}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: otherAuth })).statusCode,
    ).toBe(200);
  });
});

describe('login throttle shared through Redis by two instances', () => {
  let redis: TestRedis;
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    redis = await resolveTestRedis();
    a = await createTestApp({ env: { REDIS_URL: redis.url, REDIS_PREFIX: `${unique('burst')}:` } });
    b = await buildApp({ ...a.config, databaseUrl: a.databaseUrl }, { mailer: memoryMailer().mailer });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  it('checks exactly 10 passwords of one account in a burst of 300 split over both', async () => {
    const user = await createUser(a);
    const codes = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        (i % 2 === 0 ? a.app : b.app)
          .inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: nextIp(),
            payload: { identifier: user.email, password: `burst-${i}` },
          })
          .then((r) => r.statusCode),
      ),
    );
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(290);
  });
});
