import { describe, expect, it } from 'vitest';
import { verifiedUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const AP = 'application/activity+json';
const ORIGIN = 'http://127.0.0.1:9';
const HOST = '127.0.0.1:9';

const t = useTestApp(() => ({
  env: { PUBLIC_URL: ORIGIN, FEDERATION: 'true', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
}));

const webfinger = (username: string) =>
  t.app.inject({
    method: 'GET',
    url: `/.well-known/webfinger?resource=acct:${username}@${HOST}`,
    headers: { accept: 'application/jrd+json' },
  });
const actor = (id: string) => t.app.inject({ method: 'GET', url: `/c/~${id}`, headers: { accept: AP } });
const me = (user: { auth: { authorization: string } }) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
const setFediverse = (user: { auth: { authorization: string } }, value: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: user.auth, payload: { fediverse: value } });

describe('Person actors', () => {
  it('exist only for people who opt in: WebFinger and the actor are 404 until then, and again after', async () => {
    const [alice] = await verifiedUsers(t, 1);
    const username = (await me(alice)).json() as { username: string; fediverse: boolean };
    expect(username.fediverse).toBe(false);
    // Off by default: no different from a name nobody has.
    expect((await webfinger(username.username)).statusCode).toBe(404);
    expect((await webfinger('nobody_has_this_name')).statusCode).toBe(404);
    expect((await actor(alice.user.id)).statusCode).toBe(404);

    const on = await setFediverse(alice, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ fediverse: true });
    const found = await webfinger(username.username);
    expect(found.statusCode, found.body).toBe(200);
    const jrd = found.json() as { subject: string; links: { rel: string; href?: string; type?: string }[] };
    expect(jrd.subject).toBe(`acct:${username.username}@${HOST}`);
    const self = jrd.links.find((l) => l.rel === 'self' && l.type === AP);
    expect(self?.href).toBe(`${ORIGIN}/c/~${alice.user.id}`);
    const person = await actor(alice.user.id);
    expect(person.statusCode, person.body).toBe(200);
    const body = person.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'Person',
      id: `${ORIGIN}/c/~${alice.user.id}`,
      preferredUsername: username.username,
      url: `${ORIGIN}/user/${alice.user.id}`,
      inbox: `${ORIGIN}/c/~${alice.user.id}/inbox`,
    });
    expect((body.publicKey as { publicKeyPem: string }).publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
    // Nothing private on it.
    expect(person.body).not.toContain(alice.email);

    expect((await setFediverse(alice, false)).statusCode).toBe(200);
    expect((await webfinger(username.username)).statusCode).toBe(404);
    expect((await actor(alice.user.id)).statusCode).toBe(404);
  });

  it('refuses a setting that is not true or false (400) and needs a session (401)', async () => {
    const [bob] = await verifiedUsers(t, 1);
    const bad = await setFediverse(bob, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Fediverse must be true or false' });
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      payload: { fediverse: true },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await me(bob)).json()).toMatchObject({ fediverse: false });
  });
});
