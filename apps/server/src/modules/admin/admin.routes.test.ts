import { adminUsersResponse } from '@townsquare/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, followVerificationLink, requestAs, type TestUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp({ env: { ADMIN_EMAILS: 'chief@example.com' } });
const inject = requestAs(t);
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  admin = await createUser(t, { email: 'chief@example.com', fullName: 'Chief Admin' });
  // ADMIN_EMAILS grants the flag once the address is verified.
  await followVerificationLink(t, admin.email);
  member = await createUser(t, { fullName: 'Harbour_Rowing 100% Club' });
});

describe('admin API', () => {
  it('is refused to anonymous callers (401) and to members (403)', async () => {
    expect((await inject('GET', '/api/admin/users')).statusCode).toBe(401);
    expect((await inject('GET', '/api/admin/users', member)).statusCode).toBe(403);
    const flag = await inject('PUT', `/api/admin/users/${member.user.id}/verified-community`, member, {
      value: true,
    });
    expect(flag.statusCode).toBe(403);
  });

  it('lists users newest first, searches literally and pages by cursor', async () => {
    for (let i = 0; i < 3; i++) await createUser(t, { fullName: `Pager ${i}` });
    const all = adminUsersResponse.parse((await inject('GET', '/api/admin/users?limit=2', admin)).json());
    expect(all.users).toHaveLength(2);
    expect(all.nextCursor).not.toBeNull();
    const next = adminUsersResponse.parse(
      (await inject('GET', `/api/admin/users?limit=2&cursor=${all.nextCursor}`, admin)).json(),
    );
    expect(next.users.map((u) => u.id)).not.toContain(all.users[0]?.id);

    const found = adminUsersResponse.parse(
      (await inject('GET', `/api/admin/users?q=${encodeURIComponent('100%')}`, admin)).json(),
    );
    expect(found.users.map((u) => u.id)).toEqual([member.user.id]);
    const underscore = adminUsersResponse.parse(
      (await inject('GET', '/api/admin/users?q=r_o', admin)).json(),
    );
    expect(underscore.users).toHaveLength(0);
  });

  it('sets and clears the verified-community flag, which shows on the public profile', async () => {
    const set = await inject('PUT', `/api/admin/users/${member.user.id}/verified-community`, admin, {
      value: true,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().isVerifiedCommunity).toBe(true);
    const pub = await inject('GET', `/api/users/public/${member.user.id}`);
    expect(pub.json().isVerifiedCommunity).toBe(true);
    const cleared = await inject('PUT', `/api/admin/users/${member.user.id}/verified-community`, admin, {
      value: false,
    });
    expect(cleared.json().isVerifiedCommunity).toBe(false);
    const bad = await inject('PUT', `/api/admin/users/${member.user.id}/verified-community`, admin, {
      value: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Value must be true or false');
    const missing = await inject('PUT', '/api/admin/users/not-a-user/verified-community', admin, {
      value: true,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('cannot be reached by setting isAdmin on oneself', async () => {
    await inject('PUT', '/api/users/me', member, { isAdmin: true });
    expect((await inject('GET', '/api/admin/users', member)).statusCode).toBe(403);
  });
});
