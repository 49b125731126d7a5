import { MSG } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, nextIp, unique } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { insertUser } from './auth.repository.ts';
import { hashPassword } from './password.ts';

const t = useTestApp();

/**
 * QUALITY asks for 100 samples. On this shared 2-core machine the median of 100 moved by up to
 * 7.6 % between runs, and 300 by up to 5.4 % when the machine was oversubscribed, with no bias
 * in either direction (the median of the paired differences was ≈ 0 ms; both paths run exactly
 * one argon2 verification and the same query). So the comparison runs over 500 samples per
 * path, keeping the 5 % bar.
 */
const SAMPLES = 500;
/** Each account takes SAMPLES / ACCOUNTS = 5 wrong passwords: well under the lock at 10 failures. */
const ACCOUNTS = SAMPLES / 5;
const PASSWORD = 'the right password';

const login = (identifier: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier, password },
    remoteAddress: nextIp(),
  });

/** Milliseconds for one failed login, measured around app.inject. */
async function timedFailure(identifier: string, password: string): Promise<number> {
  const start = performance.now();
  const res = await login(identifier, password);
  const ms = performance.now() - start;
  expect(res.statusCode).toBe(401);
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

describe('passwords are stored at the production cost (the other server tests hash cheaper)', () => {
  it('registration hashes with argon2id at 19 MiB, two passes and one lane', async () => {
    const user = await createUser(t, { complete: false });
    const stored = await t.db.execute<{ hash: string }>(
      sql`select password_hash as hash from users where id = ${user.user.id}`,
    );
    expect(stored.rows[0]!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('no account enumeration through login (QUALITY security 6)', () => {
  /** Real accounts, stored the way registration stores them (one argon2 hash, computed once). */
  const emails: string[] = [];
  beforeAll(async () => {
    const passwordHash = await hashPassword(PASSWORD);
    for (let i = 0; i < ACCOUNTS; i++) {
      const user = await insertUser(t.db, {
        email: `${unique('user')}@example.com`,
        fullName: 'Timing Person',
        passwordHash,
      });
      emails.push(user.email);
    }
  });

  it('the accounts are real: the right password signs in', async () => {
    expect((await login(emails[0]!, PASSWORD)).statusCode).toBe(200);
  });

  it('an unknown user gets the same status and body as a wrong password', async () => {
    const wrong = await login(emails[0]!, 'not the password');
    const unknown = await login(`${unique('nobody')}@example.com`, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.headers['content-type']).toBe(wrong.headers['content-type']);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: MSG.invalidCredentials,
      code: 'INVALID_CREDENTIALS',
    });
  });

  it(`and the same median time over ${SAMPLES} interleaved samples each, within 5 %`, async () => {
    // Warm up both paths (JIT, connection pool, the dummy hash).
    for (let i = 0; i < 5; i++) {
      await login(`${unique('warm')}@example.com`, 'not the password');
      await login(emails[i + 1]!, 'not the password');
    }
    const unknownMs: number[] = [];
    const wrongMs: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const ghost = `${unique('user')}@example.com`; // shaped like the real addresses
      const account = emails[i % ACCOUNTS]!;
      const password = `wrong password ${i}`;
      // Alternate which path goes first, so that neither always runs right after the other.
      if (i % 2 === 0) {
        unknownMs.push(await timedFailure(ghost, password));
        wrongMs.push(await timedFailure(account, password));
      } else {
        wrongMs.push(await timedFailure(account, password));
        unknownMs.push(await timedFailure(ghost, password));
      }
    }
    const medianA = median(unknownMs);
    const medianB = median(wrongMs);
    const difference = Math.abs(medianA - medianB) / Math.max(medianA, medianB);
    console.info(
      `login median: unknown user ${medianA.toFixed(2)} ms, wrong password ${medianB.toFixed(2)} ms (${(difference * 100).toFixed(2)} %)`,
    );
    expect(difference).toBeLessThanOrEqual(0.05);
  }, 180_000);
});
