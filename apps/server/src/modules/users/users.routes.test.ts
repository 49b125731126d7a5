import { errorBody, MSG, messageResponse, publicProfile, selfUser } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import {
  accountMailSent,
  createUser,
  DEFAULT_NOTIFICATION_PREFERENCES,
  lastTokenTo,
  mailsTo,
  nextIp,
  signIn,
  type TestUser,
  unique,
  uploadImage,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

type Method = 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST';
const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload: payload as object, headers, remoteAddress: nextIp() });

const me = async (user: { auth: { authorization: string } }) => {
  const res = await call('GET', '/api/users/me', undefined, user.auth);
  expect(res.statusCode).toBe(200);
  // GET /api/users/me alone adds the private calendar feed's URL (modules/calendar); the rest of
  // the own view is what every other answer carries.
  const { calendarFeedUrl, ...rest } = selfUser.parse(res.json());
  expect(calendarFeedUrl).toMatch(/\/api\/calendar\/[0-9a-f]{32}[\w-]{43}\.ics$/);
  return rest;
};

const updateMe = (user: TestUser, payload: unknown) => call('PUT', '/api/users/me', payload, user.auth);

const expectError = (res: { statusCode: number; json(): unknown }, status: number, message: string) => {
  expect(res.statusCode).toBe(status);
  expect(errorBody.parse(res.json()).message).toBe(message);
};

const login = (identifier: string, password: string) =>
  call('POST', '/api/auth/login', { identifier, password });

/** The session's access token and refresh token are both refused. */
async function expectSignedOut(session: { auth: { authorization: string }; refreshToken: string }) {
  expectError(await call('GET', '/api/users/me', undefined, session.auth), 401, MSG.invalidToken);
  expectError(
    await call('POST', '/api/auth/refresh', { refreshToken: session.refreshToken }),
    401,
    MSG.invalidRefreshToken,
  );
}

describe('GET /api/users/public/:id', () => {
  it('answers the public profile with the contract shape, without e-mail or phone, signed out', async () => {
    const user = await createUser(t, { username: unique('pub_') });
    await updateMe(user, { phoneNumber: '5551234567', bio: 'Runs on Sundays', interests: ['running'] });
    const res = await call('GET', `/api/users/public/${user.user.id}`);
    expect(res.statusCode).toBe(200);
    const body = publicProfile.strict().parse(res.json());
    expect(body).toMatchObject({
      id: user.user.id,
      _id: user.user.id,
      username: user.user.username,
      fullName: 'Test Person',
      bio: 'Runs on Sundays',
      interests: ['running'],
      roles: ['Member'],
      profileCompleted: true,
      profileImage: null,
    });
    expect(res.body).not.toContain(user.email);
    expect(res.body).not.toContain('5551234567');
    expect(res.body).not.toMatch(/argon2|password|isAdmin|notificationPreferences/i);
  });

  it('omits the username of a user who has not set one yet', async () => {
    const user = await createUser(t, { complete: false });
    const res = await call('GET', `/api/users/public/${user.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(publicProfile.parse(res.json()).username).toBeUndefined();
    expect(res.json()).not.toHaveProperty('username');
  });

  it.each([
    ['an unknown uuid', '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'],
    ['a malformed id', 'not-a-uuid'],
    ['a Mongo-style id', '507f1f77bcf86cd799439011'],
    ['an SQL-looking id', "1' or '1'='1"],
    ['a 90-character id', 'x'.repeat(90)],
  ])('answers 404 User not found for %s', async (_label, id) => {
    const res = await call('GET', `/api/users/public/${encodeURIComponent(id)}`);
    expectError(res, 404, MSG.userNotFound);
  });
});

describe('GET /api/users/me', () => {
  it('answers the full own view', async () => {
    const user = await createUser(t);
    const res = await call('GET', '/api/users/me', undefined, user.auth);
    expect(res.statusCode).toBe(200);
    const body = selfUser.strict().parse(res.json());
    expect(body.id).toBe(user.user.id);
    expect(body.email).toBe(user.email);
    expect(body.notificationPreferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash|tokenHash/);
  });

  it('needs a token', async () => {
    expectError(await call('GET', '/api/users/me'), 401, MSG.unauthorized);
    expectError(
      await call('GET', '/api/users/me', undefined, { authorization: 'Bearer nope' }),
      401,
      MSG.invalidToken,
    );
  });
});

describe('PUT and PATCH /api/users/me', () => {
  it('updates the profile and answers the own view', async () => {
    const user = await createUser(t);
    const image = await uploadImage(t, user);
    const username = unique('setup_');
    const res = await updateMe(user, {
      username,
      fullName: '  Riverside Runner  ',
      roles: ['Creator', 'Sponsor'],
      bio: '  Hello there  ',
      phoneNumber: '5550001111',
      interests: ['hiking', 'chess'],
      profileImage: image,
      notificationPreferences: { productUpdates: false },
    });
    expect(res.statusCode).toBe(200);
    const body = selfUser.strict().parse(res.json());
    expect(body).toMatchObject({
      id: user.user.id,
      _id: user.user.id,
      username,
      fullName: 'Riverside Runner',
      roles: ['Creator', 'Sponsor'],
      bio: 'Hello there',
      phoneNumber: '5550001111',
      interests: ['hiking', 'chess'],
      profileImage: image,
      profileCompleted: true,
      notificationPreferences: { securityAlerts: true, productUpdates: false },
    });
    expect(await me(user)).toEqual(body);
  });

  it('PATCH applies a partial update and takes avatarUrl as the profile image', async () => {
    const user = await createUser(t);
    const first = await uploadImage(t, user);
    const second = await uploadImage(t, user);
    const third = await uploadImage(t, user);
    const before = await me(user);
    const res = await call('PATCH', '/api/users/me', { avatarUrl: first }, user.auth);
    expect(res.statusCode).toBe(200);
    const body = selfUser.parse(res.json());
    expect(body.profileImage).toBe(first);
    expect(body.username).toBe(before.username);
    expect(body.bio).toBe(before.bio);

    const both = await call('PATCH', '/api/users/me', { avatarUrl: second, profileImage: third }, user.auth);
    expect(selfUser.parse(both.json()).profileImage).toBe(third);
    const bad = await call(
      'PATCH',
      '/api/users/me',
      { avatarUrl: 'https://elsewhere.example/a.png' },
      user.auth,
    );
    expectError(bad, 400, MSG.imageUrlInvalid);
  });

  it('sets profileCompleted only once there is a username and at least one role', async () => {
    const user = await createUser(t, { complete: false });
    expect(user.user.profileCompleted).toBe(false);
    const bio = await updateMe(user, { bio: 'no username yet' });
    expect(selfUser.parse(bio.json()).profileCompleted).toBe(false);
    const roles = await updateMe(user, { roles: ['Sponsor'] });
    expect(selfUser.parse(roles.json()).profileCompleted).toBe(false);
    expectError(await updateMe(user, { username: unique('c_'), roles: [] }), 400, MSG.rolesRequired);
    expect((await me(user)).profileCompleted).toBe(false);
    const done = await updateMe(user, { username: unique('c_') });
    expect(selfUser.parse(done.json())).toMatchObject({ profileCompleted: true, roles: ['Sponsor'] });
  });

  it('refuses an empty role list and unknown roles, and keeps each role once', async () => {
    const user = await createUser(t);
    expectError(await updateMe(user, { roles: [] }), 400, MSG.rolesRequired);
    expectError(await updateMe(user, { roles: ['King'] }), 400, MSG.roleInvalid);
    expectError(await updateMe(user, { roles: 'Member' }), 400, MSG.rolesRequired);
    const res = await updateMe(user, { roles: ['Member', 'Creator', 'Member'] });
    expect(selfUser.parse(res.json()).roles).toEqual(['Member', 'Creator']);
    expect((await me(user)).profileCompleted).toBe(true);
  });

  it('keeps usernames unique, compared lower-cased', async () => {
    const taken = unique('taken_');
    await createUser(t, { username: taken });
    const user = await createUser(t);
    expectError(await updateMe(user, { username: taken }), 409, MSG.usernameTaken);
    expectError(await updateMe(user, { username: taken.toUpperCase() }), 409, MSG.usernameTaken);
    expect((await me(user)).username).toBe(user.user.username);
    // Saving one's own username again is no conflict.
    expect((await updateMe(user, { username: user.user.username })).statusCode).toBe(200);
  });

  it('lower-cases usernames and refuses characters other than letters, digits and underscores', async () => {
    const user = await createUser(t);
    const name = unique('Mixed_Case_');
    const res = await updateMe(user, { username: `  ${name}  ` });
    expect(res.statusCode).toBe(200);
    expect(selfUser.parse(res.json()).username).toBe(name.toLowerCase());
    for (const bad of ['bad name', 'bad-name', 'bad.name', 'émile', 'drop;table', 'a@b']) {
      expectError(await updateMe(user, { username: bad }), 400, MSG.usernameInvalid);
    }
    expectError(await updateMe(user, { username: 'ab' }), 400, MSG.usernameLength);
    expectError(await updateMe(user, { username: 'a'.repeat(31) }), 400, MSG.usernameLength);
    expectError(await updateMe(user, { username: '' }), 400, MSG.usernameRequired);
    expectError(await updateMe(user, { username: ['abc'] }), 400, 'Username must be text');
    expect((await me(user)).username).toBe(name.toLowerCase());
  });

  it('normalises phone numbers to 10 digits, accepts empty, refuses anything else', async () => {
    const user = await createUser(t);
    const formatted = await updateMe(user, { phoneNumber: '(555) 123-4567' });
    expect(selfUser.parse(formatted.json()).phoneNumber).toBe('5551234567');
    const empty = await updateMe(user, { phoneNumber: '' });
    expect(selfUser.parse(empty.json()).phoneNumber).toBe('');
    await updateMe(user, { phoneNumber: '555.123.4567' });
    expect((await me(user)).phoneNumber).toBe('5551234567');
    const cleared = await updateMe(user, { phoneNumber: null });
    expect(selfUser.parse(cleared.json()).phoneNumber).toBe('');
    for (const bad of ['123456789', '12345678901', 'abcdefghij', '555-123-456x', 12345678901]) {
      expectError(await updateMe(user, { phoneNumber: bad }), 400, MSG.phoneInvalid);
    }
    expect((await me(user)).phoneNumber).toBe('');
  });

  it('drops duplicate interests, ignoring case, and trims them', async () => {
    const user = await createUser(t);
    const res = await updateMe(user, {
      interests: ['Running', 'running', ' Chess ', 'chess', 'RUNNING', 'Knitting'],
    });
    expect(res.statusCode).toBe(200);
    expect(selfUser.parse(res.json()).interests).toEqual(['Running', 'Chess', 'Knitting']);
    expectError(await updateMe(user, { interests: ['a'] }), 400, MSG.interestInvalid);
    expectError(
      await updateMe(user, { interests: Array.from({ length: 21 }, (_, i) => `topic${i}`) }),
      400,
      MSG.interestsTooMany,
    );
  });

  it("accepts only images the user uploaded to Townsquare, never another user's", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const mine = await uploadImage(t, user);
    const theirs = await uploadImage(t, other);
    const own = await updateMe(user, { profileImage: mine });
    expect(selfUser.parse(own.json()).profileImage).toBe(mine);
    // Saving the profile again with the same image is fine.
    expect((await updateMe(user, { profileImage: mine, bio: 'again' })).statusCode).toBe(200);
    for (const bad of [
      theirs,
      'http://townsquare.test/uploads/profile-image/never-uploaded.png',
      `${mine}/../../../../etc/passwd`,
      `${mine}?x=1`,
      'https://evil.example/uploads/a.png',
      'http://townsquare.test.evil.example/uploads/a.png',
      'http://townsquare.test/api/users/me',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/uploads/a.png',
      42,
    ]) {
      expectError(await updateMe(user, { profileImage: bad }), 400, MSG.imageUrlInvalid);
    }
    expect((await me(user)).profileImage).toBe(mine);
    expect((await me(other)).profileImage).toBeNull();
    const removed = await updateMe(user, { profileImage: '' });
    expect(selfUser.parse(removed.json()).profileImage).toBeNull();
  });

  it('an e-mail change needs the current password, and changes nothing without it', async () => {
    const user = await createUser(t);
    const newEmail = `${unique('moved')}@example.org`;
    expectError(
      await updateMe(user, { email: newEmail, bio: 'kept?' }),
      400,
      MSG.emailChangePasswordRequired,
    );
    expectError(
      await updateMe(user, { email: newEmail, currentPassword: 'not my password' }),
      400,
      MSG.currentPasswordWrong,
    );
    // The contract's PUT /api/users/:id answers the same.
    const byId = await call('PUT', `/api/users/${user.user.id}`, { email: newEmail }, user.auth);
    expectError(byId, 400, MSG.emailChangePasswordRequired);
    const after = await me(user);
    expect(after).toMatchObject({ email: user.email, pendingEmail: null, bio: '' });
    expect(await mailsTo(t, newEmail)).toHaveLength(0);
  });

  it('keeps the old address until a link sent to the new one is followed, and tells the old one', async () => {
    const user = await createUser(t);
    await call('POST', '/api/auth/verify-email', { token: await lastTokenTo(t, user.email) });
    expect((await me(user)).emailVerified).toBe(true);

    const newEmail = `${unique('moved')}@Example.org`;
    const res = await updateMe(user, { email: newEmail, currentPassword: user.password, bio: 'moving' });
    expect(res.statusCode).toBe(200);
    const body = selfUser.parse(res.json());
    expect(body).toMatchObject({
      email: user.email,
      pendingEmail: newEmail.toLowerCase(),
      emailVerified: true,
      bio: 'moving',
    });
    const confirm = (await mailsTo(t, newEmail, 'Confirm your new email address')).at(-1);
    expect(confirm?.link).toMatch(/^http:\/\/townsquare\.test\/verify-email\?token=[\w-]{43}$/);
    const notice = (await mailsTo(t, user.email, 'Your Townsquare email address is changing')).at(-1);
    expect(notice?.text).toContain('reset your password');

    // Until then, the old address is the account's: sign-in, and the new one is nobody's yet.
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expectError(await login(newEmail.toLowerCase(), user.password), 401, MSG.invalidCredentials);

    const followed = await call('POST', '/api/auth/verify-email', { token: await lastTokenTo(t, newEmail) });
    expect(followed.statusCode).toBe(200);
    expect(await me(user)).toMatchObject({
      email: newEmail.toLowerCase(),
      pendingEmail: null,
      emailVerified: true,
    });
    expect((await login(newEmail.toLowerCase(), user.password)).statusCode).toBe(200);
    expectError(await login(user.email, user.password), 401, MSG.invalidCredentials);
  });

  it('a change link stops working once the address is taken by someone else', async () => {
    const user = await createUser(t);
    const newEmail = `${unique('race')}@example.org`;
    expect((await updateMe(user, { email: newEmail, currentPassword: user.password })).statusCode).toBe(200);
    await createUser(t, { email: newEmail });
    const token = await lastTokenTo(t, newEmail, 'Confirm your new email address');
    expectError(await call('POST', '/api/auth/verify-email', { token }), 409, MSG.emailTaken);
    expect((await me(user)).email).toBe(user.email);
  });

  it('saving the same e-mail changes nothing; a taken one is refused', async () => {
    const user = await createUser(t);
    await call('POST', '/api/auth/verify-email', { token: await lastTokenTo(t, user.email) });
    const sentBefore = (await mailsTo(t, user.email)).length;
    const same = await updateMe(user, { email: user.email.toUpperCase() });
    expect(selfUser.parse(same.json()).emailVerified).toBe(true);
    expect(await mailsTo(t, user.email)).toHaveLength(sentBefore);

    const other = await createUser(t);
    expectError(
      await updateMe(user, { email: other.email, currentPassword: user.password }),
      409,
      MSG.emailTaken,
    );
    expectError(await updateMe(user, { email: 'not-an-email' }), 400, MSG.emailInvalid);
    expect((await me(user)).email).toBe(user.email);
  });

  it('ignores fields a user may not set: isAdmin, emailVerified, profileCompleted, id, _id', async () => {
    const user = await createUser(t, { complete: false });
    const victim = await createUser(t);
    const res = await updateMe(user, {
      bio: 'sneaky',
      isAdmin: true,
      emailVerified: true,
      emailVerifiedAt: new Date().toISOString(),
      profileCompleted: true,
      id: victim.user.id,
      _id: victim.user.id,
      email_verified_at: new Date().toISOString(),
      is_admin: true,
      passwordHash: 'x',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(200);
    const body = selfUser.parse(res.json());
    expect(body).toMatchObject({
      id: user.user.id,
      bio: 'sneaky',
      isAdmin: false,
      emailVerified: false,
      profileCompleted: false,
      createdAt: user.user.createdAt,
    });
    expect(await me(victim)).toEqual(victim.user);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses __proto__ and constructor.prototype keys and pollutes nothing', async () => {
    const user = await createUser(t, { complete: false });
    for (const payload of [
      '{"bio":"proto","__proto__":{"isAdmin":true,"profileCompleted":true}}',
      '{"bio":"ctor","constructor":{"prototype":{"isAdmin":true}}}',
      '{"notificationPreferences":{"__proto__":{"securityAlerts":false}}}',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: { ...user.auth, 'content-type': 'application/json' },
        payload,
        remoteAddress: nextIp(),
      });
      // Fastify's parser refuses them (its error says "not valid JSON"); nothing reaches the handler.
      expectError(res, 400, 'Request body is not valid JSON');
    }
    // A plain `constructor` key is just an unknown field.
    const ctor = await updateMe(user, { bio: 'plain', constructor: { isAdmin: true } });
    expect(ctor.statusCode).toBe(200);
    const after = await me(user);
    expect(after).toMatchObject({
      bio: 'plain',
      isAdmin: false,
      profileCompleted: false,
      emailVerified: false,
    });
    expect(after.notificationPreferences.securityAlerts).toBe(true);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).profileCompleted).toBeUndefined();
  });
});

describe('GET /api/users/:id', () => {
  it('answers the own view for oneself and the public view for anyone else', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const self = await call('GET', `/api/users/${user.user.id}`, undefined, user.auth);
    expect(self.statusCode).toBe(200);
    expect(selfUser.strict().parse(self.json()).email).toBe(user.email);

    const res = await call('GET', `/api/users/${other.user.id}`, undefined, user.auth);
    expect(res.statusCode).toBe(200);
    expect(publicProfile.strict().parse(res.json()).id).toBe(other.user.id);
    expect(res.body).not.toContain(other.email);
  });

  it('answers 404 for unknown and malformed ids and 401 without a token', async () => {
    const user = await createUser(t);
    for (const id of ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'nope']) {
      expectError(await call('GET', `/api/users/${id}`, undefined, user.auth), 404, MSG.userNotFound);
    }
    expectError(await call('GET', `/api/users/${user.user.id}`), 401, MSG.unauthorized);
  });
});

describe('PUT /api/users/:id', () => {
  it('updates oneself like PUT /api/users/me', async () => {
    const user = await createUser(t);
    const res = await call('PUT', `/api/users/${user.user.id}`, { bio: 'through the id path' }, user.auth);
    expect(res.statusCode).toBe(200);
    const body = selfUser.parse(res.json());
    expect(body).toMatchObject({ id: user.user.id, _id: user.user.id, bio: 'through the id path' });
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const attacker = await createUser(t);
    const victim = await createUser(t);
    const res = await call(
      'PUT',
      `/api/users/${victim.user.id}`,
      { bio: 'pwned', email: `${unique('steal')}@example.com`, username: unique('pwn_'), roles: ['Creator'] },
      attacker.auth,
    );
    expectError(res, 403, MSG.forbiddenOtherUser);
    expect(await me(victim)).toEqual(victim.user);
    expect((await me(attacker)).bio).toBe('');
    await accountMailSent(t);
    await t.background.drain();
    expect(t.sent.filter((m) => m.to.startsWith('steal'))).toHaveLength(0);
  });

  it('answers 403 for an unknown id and 401 without a token', async () => {
    const user = await createUser(t);
    expectError(await call('PUT', '/api/users/nope', { bio: 'x' }, user.auth), 403, MSG.forbiddenOtherUser);
    expectError(await call('PUT', `/api/users/${user.user.id}`, { bio: 'x' }), 401, MSG.unauthorized);
  });
});

describe('password change', () => {
  const PATHS = ['/users/me/password', '/api/users/me/password', '/api/users/:id/password'];
  const paths = (user: TestUser) => PATHS.map((path) => path.replace(':id', user.user.id));

  it.each(PATHS)('%s keeps this session, ends the others, and sends the alert mail', async (pattern) => {
    const user = await createUser(t);
    const other = await signIn(t, user);
    const path = pattern.replace(':id', user.user.id);
    const newPassword = 'a brand new password';

    const res = await call('PUT', path, { currentPassword: user.password, newPassword }, user.auth);
    expect(res.statusCode).toBe(200);
    expect(messageResponse.parse(res.json())).toEqual({ message: MSG.passwordChanged });

    // This session keeps working: its access token and its refresh token.
    expect((await call('GET', '/api/users/me', undefined, user.auth)).statusCode).toBe(200);
    const refreshed = await call('POST', '/api/auth/refresh', { refreshToken: user.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    // The other session is gone.
    await expectSignedOut(other);
    // Only the new password signs in.
    expectError(await login(user.email, user.password), 401, MSG.invalidCredentials);
    expect((await login(user.email, newPassword)).statusCode).toBe(200);

    const mails = await mailsTo(t, user.email, 'Your Townsquare password was changed');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('http://townsquare.test/forgot-password');
  });

  it('sends no alert mail when security alerts are switched off', async () => {
    const user = await createUser(t);
    const prefs = await updateMe(user, { notificationPreferences: { securityAlerts: false } });
    expect(selfUser.parse(prefs.json()).notificationPreferences.securityAlerts).toBe(false);
    const res = await call(
      'PUT',
      '/api/users/me/password',
      { currentPassword: user.password, newPassword: 'another password' },
      user.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(t, user.email, 'Your Townsquare password was changed')).toHaveLength(0);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await createUser(t);
    const other = await signIn(t, user);
    for (const path of paths(user)) {
      const res = await call(
        'PUT',
        path,
        { currentPassword: 'not my password', newPassword: 'whatever123' },
        user.auth,
      );
      expectError(res, 400, MSG.currentPasswordWrong);
    }
    expect((await call('GET', '/api/users/me', undefined, other.auth)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect(await mailsTo(t, user.email, 'Your Townsquare password was changed')).toHaveLength(0);
  });

  it.each([
    [{ newPassword: 'whatever123' }, MSG.currentPasswordRequired],
    [{ currentPassword: 'x' }, MSG.newPasswordRequired],
    [{ currentPassword: 'x', newPassword: 'short' }, MSG.passwordTooShort],
    [{ currentPassword: 'x', newPassword: 'y'.repeat(257) }, MSG.passwordTooLong],
    [{ currentPassword: ['x'], newPassword: 'whatever123' }, 'Current password must be text'],
    [{ currentPassword: 'x', newPassword: 12345678 }, 'New password must be text'],
  ])('answers 400 for %j', async (payload, message) => {
    const user = await createUser(t);
    expectError(await call('PUT', '/api/users/me/password', payload, user.auth), 400, message);
  });

  it('refuses the same password as the new one', async () => {
    const user = await createUser(t);
    const res = await call(
      'PUT',
      '/api/users/me/password',
      { currentPassword: user.password, newPassword: user.password },
      user.auth,
    );
    expectError(res, 400, MSG.passwordUnchanged);
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const attacker = await createUser(t);
    const victim = await createUser(t);
    const res = await call(
      'PUT',
      `/api/users/${victim.user.id}/password`,
      { currentPassword: attacker.password, newPassword: 'taken over 123' },
      attacker.auth,
    );
    expectError(res, 403, MSG.forbiddenOtherUser);
    expect((await call('GET', '/api/users/me', undefined, victim.auth)).statusCode).toBe(200);
    expect((await login(victim.email, victim.password)).statusCode).toBe(200);
    expectError(await login(victim.email, 'taken over 123'), 401, MSG.invalidCredentials);
    expect((await login(attacker.email, attacker.password)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const res = await call('PUT', '/api/users/me/password', {
      currentPassword: 'x',
      newPassword: 'whatever123',
    });
    expectError(res, 401, MSG.unauthorized);
  });
});

describe('DELETE /api/users/me', () => {
  it('deletes the account after checking the password; its sessions end', async () => {
    const user = await createUser(t);
    const other = await signIn(t, user);
    expectError(await call('DELETE', '/api/users/me', {}, user.auth), 400, MSG.currentPasswordRequired);
    expectError(
      await call('DELETE', '/api/users/me', { currentPassword: 'wrong one' }, user.auth),
      400,
      MSG.currentPasswordWrong,
    );
    expect((await me(user)).id).toBe(user.user.id);

    const res = await call('DELETE', '/api/users/me', { currentPassword: user.password }, user.auth);
    expect(res.statusCode).toBe(200);
    expect(messageResponse.parse(res.json())).toEqual({ message: 'Account deleted' });
    expectError(await call('GET', '/api/users/me', undefined, user.auth), 401, MSG.invalidToken);
    await expectSignedOut(other);
    expectError(await login(user.email, user.password), 401, MSG.invalidCredentials);
    expectError(await call('GET', `/api/users/public/${user.user.id}`), 404, MSG.userNotFound);
  });

  it('DELETE /api/users/:id deletes oneself and refuses anyone else with 403', async () => {
    const attacker = await createUser(t);
    const victim = await createUser(t);
    const res = await call(
      'DELETE',
      `/api/users/${victim.user.id}`,
      { currentPassword: attacker.password },
      attacker.auth,
    );
    expectError(res, 403, MSG.forbiddenOtherUser);
    expect(await me(victim)).toEqual(victim.user);
    expect(await me(attacker)).toEqual(attacker.user);

    const self = await call(
      'DELETE',
      `/api/users/${attacker.user.id}`,
      { currentPassword: attacker.password },
      attacker.auth,
    );
    expect(self.statusCode).toBe(200);
    expectError(await call('GET', `/api/users/public/${attacker.user.id}`), 404, MSG.userNotFound);
  });
});
