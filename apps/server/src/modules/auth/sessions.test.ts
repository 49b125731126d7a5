import { describe, expect, it } from 'vitest';
import { createUser, nextIp, type Session, type TestUser } from '../../test/factories.ts';
import { next, settle, useSockets } from '../../test/sockets.ts';
import { useTestApp } from '../../test/test-app.ts';

/** "Sessions and data": list and end your own sessions. */

const t = useTestApp();
const socketAs = useSockets(t);

type Listed = {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
};

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

/** A second sign-in from a known device and address. */
async function signInFrom(user: TestUser, ip: string, userAgent = FIREFOX): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
    payload: { identifier: user.email, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { accessToken: string; refreshToken: string };
  return { ...body, auth: { authorization: `Bearer ${body.accessToken}` } };
}

async function list(auth: { authorization: string }): Promise<Listed[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sessions: Listed[] }).sessions;
}

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
const verify = (auth: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: auth });
const end = (auth: { authorization: string }, id?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: id ? `/api/auth/sessions/${id}` : '/api/auth/sessions',
    headers: auth,
  });

/** The user's password changed from their first session (every other one ends). */
async function changePassword(user: TestUser) {
  const changed = await t.app.inject({
    method: 'PUT',
    url: '/api/users/me/password',
    headers: user.auth,
    payload: { currentPassword: user.password, newPassword: `${user.password}-new` },
  });
  expect(changed.statusCode, changed.body).toBeLessThan(300);
}

/** The session id an access token is bound to. */
const sid = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

describe('GET /api/auth/sessions', () => {
  it("lists the caller's live sessions with device, address and times, and marks the current one", async () => {
    const user = await createUser(t);
    const stranger = await createUser(t);
    const laptop = await signInFrom(user, '203.0.113.7');
    const ended = await signInFrom(user, nextIp());
    expect((await end(ended.auth, sid(ended.accessToken))).statusCode).toBe(200);

    const sessions = await list(laptop.auth);
    expect(sessions.map((s) => s.id).sort()).toEqual([sid(user.accessToken), sid(laptop.accessToken)].sort());
    const here = sessions.find((s) => s.current)!;
    expect(here).toMatchObject({ id: sid(laptop.accessToken), userAgent: FIREFOX, ip: '203.0.113.7' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(Date.parse(here.createdAt)).not.toBeNaN();
    expect(Date.parse(here.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(here.createdAt));
    expect(sessions.map((s) => s.id)).not.toContain(sid(stranger.accessToken));
    // Newest use first.
    expect(sessions[0]!.id).toBe(sid(laptop.accessToken));
  });

  it('records the last use when the refresh token is spent', async () => {
    const user = await createUser(t);
    const phone = await signInFrom(user, nextIp());
    const before = (await list(user.auth)).find((s) => s.id === sid(phone.accessToken))!;
    await new Promise((r) => setTimeout(r, 20));
    expect((await refresh(phone.refreshToken)).statusCode).toBe(200);
    const after = (await list(user.auth)).find((s) => s.id === sid(phone.accessToken))!;
    expect(Date.parse(after.lastUsedAt)).toBeGreaterThan(Date.parse(before.lastUsedAt));
    expect(after.createdAt).toBe(before.createdAt);
    expect((await list(user.auth))[0]!.id).toBe(sid(phone.accessToken));
  });
});

describe('DELETE /api/auth/sessions/:id', () => {
  it("kills that session's refresh token and access tokens at once; the caller's stays", async () => {
    const user = await createUser(t);
    const stolen = await signInFrom(user, nextIp());
    const res = await end(user.auth, sid(stolen.accessToken));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out of that session' });
    expect((await verify(stolen.auth)).statusCode).toBe(401);
    expect((await refresh(stolen.refreshToken)).statusCode).toBe(401);
    expect((await verify(user.auth)).statusCode).toBe(200);
    expect((await list(user.auth)).map((s) => s.id)).toEqual([sid(user.accessToken)]);
  });

  it("answers 404 for another person's session, an unknown one and an ended one, and ends nothing", async () => {
    const user = await createUser(t);
    const stranger = await createUser(t);
    const strangerSid = sid(stranger.accessToken);
    const res = await end(user.auth, strangerSid);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'Session not found' });
    expect((await verify(stranger.auth)).statusCode).toBe(200);
    expect((await refresh(stranger.refreshToken)).statusCode).toBe(200);
    expect((await end(user.auth, '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).statusCode).toBe(404);
    const other = await signInFrom(user, nextIp());
    expect((await end(user.auth, sid(other.accessToken))).statusCode).toBe(200);
    expect((await end(user.auth, sid(other.accessToken))).statusCode).toBe(404);
  });

  it('answers 404, never a 5xx, for a malformed id (ids are opaque, as everywhere else)', async () => {
    const user = await createUser(t);
    const res = await end(user.auth, 'not-a-session');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Session not found' });
  });

  it("disconnects that session's sockets and no other", async () => {
    const user = await createUser(t);
    const other = await signInFrom(user, nextIp());
    const doomed = await socketAs(other.accessToken);
    const kept = await socketAs(user.accessToken);
    const dropped = next(doomed, 'disconnect');
    expect((await end(user.auth, sid(other.accessToken))).statusCode).toBe(200);
    await dropped;
    await settle();
    expect(kept.connected).toBe(true);
    await expect(socketAs(other.accessToken)).rejects.toThrow('Invalid authentication token');
  });
});

describe('DELETE /api/auth/sessions', () => {
  it('ends every other session and their sockets; the current one stays', async () => {
    const user = await createUser(t);
    const a = await signInFrom(user, nextIp());
    const b = await signInFrom(user, nextIp());
    const stranger = await createUser(t);
    const socketA = await socketAs(a.accessToken);
    const kept = await socketAs(user.accessToken);
    const dropped = next(socketA, 'disconnect');
    const res = await end(user.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out of all other sessions' });
    await dropped;
    for (const s of [a, b]) {
      expect((await verify(s.auth)).statusCode).toBe(401);
      expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    }
    expect((await verify(user.auth)).statusCode).toBe(200);
    expect((await verify(stranger.auth)).statusCode).toBe(200);
    expect((await list(user.auth)).map((s) => s.id)).toEqual([sid(user.accessToken)]);
    await settle();
    expect(kept.connected).toBe(true);
  });
});

describe('a page signed out from another device is told why', () => {
  it('gets session-ended before its socket closes when another device ends it; logging out sends nothing', async () => {
    const user = await createUser(t);
    const phone = await signInFrom(user, nextIp());
    const laptop = await signInFrom(user, nextIp());
    // "Sign out everywhere else" from the user's first sign-in: the phone and the laptop are told.
    const phoneSocket = await socketAs(phone.accessToken);
    const laptopSocket = await socketAs(laptop.accessToken);
    const told = [phoneSocket, laptopSocket].map((s) => next(s, 'session-ended'));
    const closed = [phoneSocket, laptopSocket].map((s) => next(s, 'disconnect'));
    const order: string[] = [];
    phoneSocket.once('session-ended', () => order.push('told'));
    phoneSocket.once('disconnect', () => order.push('closed'));
    expect((await end(user.auth)).statusCode).toBe(200);
    for (const payload of await Promise.all(told))
      expect(payload).toEqual({ reason: 'signed-out-elsewhere' });
    await Promise.all(closed);
    expect(order).toEqual(['told', 'closed']);

    // Ending one session from the list tells that one; a password change tells the others.
    const tablet = await signInFrom(user, nextIp());
    const tabletSocket = await socketAs(tablet.accessToken);
    const tabletTold = next(tabletSocket, 'session-ended');
    expect((await end(user.auth, sid(tablet.accessToken))).statusCode).toBe(200);
    expect(await tabletTold).toEqual({ reason: 'signed-out-elsewhere' });
    const desk = await signInFrom(user, nextIp());
    const deskSocket = await socketAs(desk.accessToken);
    const deskTold = next(deskSocket, 'session-ended');
    await changePassword(user);
    expect(await deskTold).toEqual({ reason: 'signed-out-elsewhere' });

    // Logging out on the device itself closes its socket without that message.
    const own = await signInFrom({ ...user, password: `${user.password}-new` }, nextIp());
    const ownSocket = await socketAs(own.accessToken);
    let ownTold = false;
    ownSocket.on('session-ended', () => {
      ownTold = true;
    });
    const ownClosed = next(ownSocket, 'disconnect');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: own.auth });
    expect(out.statusCode, out.body).toBe(200);
    await ownClosed;
    expect(ownTold).toBe(false);
  });

  it('a page without a socket learns it from the refresh: the same 401 text, code SESSION_ENDED_ELSEWHERE', async () => {
    const user = await createUser(t);
    const endedElsewhere = { message: 'Invalid refresh token', code: 'SESSION_ENDED_ELSEWHERE' };
    // "Sign out everywhere else", one session ended from the list, a password change.
    const phone = await signInFrom(user, nextIp());
    expect((await end(user.auth)).statusCode).toBe(200);
    const tablet = await signInFrom(user, nextIp());
    expect((await end(user.auth, sid(tablet.accessToken))).statusCode).toBe(200);
    const desk = await signInFrom(user, nextIp());
    await changePassword(user);
    for (const device of [phone, tablet, desk]) {
      const res = await refresh(device.refreshToken);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject(endedElsewhere);
    }

    // Signing out on the device itself, or a token nobody issued: no reason to give.
    const own = await signInFrom({ ...user, password: `${user.password}-new` }, nextIp());
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: own.auth })).statusCode,
    ).toBe(200);
    const loggedOut = await refresh(own.refreshToken);
    expect(loggedOut.statusCode).toBe(401);
    expect(loggedOut.json()).toMatchObject({
      message: 'Invalid refresh token',
      code: 'INVALID_REFRESH_TOKEN',
    });
    const unknown = await refresh('x'.repeat(43));
    expect(unknown.json()).toMatchObject({ message: 'Invalid refresh token', code: 'INVALID_REFRESH_TOKEN' });
  });
});
