import type { AuthResponse, RegisterBody, SelfUser } from '@townsquare/contracts';
import type { TestApp } from './test-app.ts';

let counter = 0;

/** A distinct client address per call, so the per-IP throttles of one test never hit another. */
export const nextIp = () => {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
};

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export type TestUser = AuthResponse & { password: string; email: string; auth: { authorization: string } };

/** Registers a user through the API. `complete: true` also runs profile setup. */
export async function createUser(
  t: TestApp,
  input: Partial<RegisterBody> & { complete?: boolean } = {},
): Promise<TestUser> {
  const email = input.email ?? `${unique('user')}@example.com`;
  const password = input.password ?? 'correct horse battery';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    payload: { fullName: input.fullName ?? 'Test Person', email, password },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as AuthResponse;
  const auth = { authorization: `Bearer ${body.accessToken}` };
  let user: SelfUser = body.user;
  if (input.complete ?? true) {
    const setup = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: auth,
      payload: { username: input.username ?? unique('u_'), roles: input.roles ?? ['Member'] },
    });
    if (setup.statusCode !== 200) throw new Error(`profile setup failed: ${setup.statusCode} ${setup.body}`);
    user = setup.json() as SelfUser;
  }
  return { ...body, user, password, email: email.toLowerCase(), auth };
}
