import { MSG } from '@townsquare/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, nextIp, type TestUser, unique } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SAMPLES = 100;
/** Each account takes SAMPLES / ACCOUNTS wrong passwords: well under the lock at 10 failures. */
const ACCOUNTS = 20;

const login = (identifier: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier, password },
    remoteAddress: nextIp(),
  });

async function timed(identifier: string, password: string) {
  const start = performance.now();
  const res = await login(identifier, password);
  return { ms: performance.now() - start, res };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

describe('no account enumeration through login (QUALITY security 6)', () => {
  let accounts: TestUser[];
  beforeAll(async () => {
    accounts = [];
    for (let i = 0; i < ACCOUNTS; i++) accounts.push(await createUser(t));
  });

  it('an unknown user gets the same status and body as a wrong password', async () => {
    const wrong = await login(accounts[0]!.email, 'not the password');
    const unknown = await login(`${unique('nobody')}@example.com`, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: MSG.invalidCredentials,
    });
  });

  it(`and the same median time over ${SAMPLES} interleaved samples each, within 5 %`, async () => {
    // Warm up both paths (JIT, connection pool, the dummy hash).
    for (let i = 0; i < 5; i++) {
      await login(`${unique('warm')}@example.com`, 'not the password');
      await login(accounts[i]!.email, 'not the password');
    }
    const unknownMs: number[] = [];
    const wrongMs: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const account = accounts[i % ACCOUNTS]!;
      // Alternate which path goes first, so neither always runs right after the other.
      const pair =
        i % 2 === 0
          ? [
              await timed(`${unique('ghost')}@example.com`, `wrong password ${i}`),
              await timed(account.email, `wrong password ${i}`),
            ]
          : [
              await timed(account.email, `wrong password ${i}`),
              await timed(`${unique('ghost')}@example.com`, `wrong password ${i}`),
            ];
      const [unknown, wrong] = i % 2 === 0 ? pair : [pair[1]!, pair[0]!];
      expect(unknown!.res.statusCode).toBe(401);
      expect(wrong!.res.statusCode).toBe(401);
      unknownMs.push(unknown!.ms);
      wrongMs.push(wrong!.ms);
    }
    const a = median(unknownMs);
    const b = median(wrongMs);
    const difference = Math.abs(a - b) / Math.max(a, b);
    console.info(
      `login median: unknown user ${a.toFixed(2)} ms, wrong password ${b.toFixed(2)} ms, ${(difference * 100).toFixed(2)} %`,
    );
    expect(difference).toBeLessThanOrEqual(0.05);
  });
});
