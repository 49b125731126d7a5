import { describe, expect, it } from 'vitest';
import { useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { UNSUBSCRIBE_TTL_MS, unsubscribeToken } from './unsubscribe.ts';

/** Unsubscribe links expire. */

const t = useTestApp();
const [user] = useUsers(t, 1);

const unsubscribe = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}` });

describe('an unsubscribe link', () => {
  it('works until it is 90 days old, then answers 400 and changes nothing', async () => {
    const day = 24 * 60 * 60 * 1000;
    const old = unsubscribeToken(t.links, user.user.id, 'mentions', Date.now() - UNSUBSCRIBE_TTL_MS - day);
    const expired = await unsubscribe(old);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('This unsubscribe link is not valid');
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(old)}`,
    });
    expect(page.body).toContain('This unsubscribe link is not valid');

    const recent = unsubscribeToken(t.links, user.user.id, 'mentions', Date.now() - UNSUBSCRIBE_TTL_MS + day);
    const res = await unsubscribe(recent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ group: 'mentions', email: false });
  });

  it('cannot have its expiry pushed back', async () => {
    const token = unsubscribeToken(t.links, user.user.id, 'rsvp', Date.now() - UNSUBSCRIBE_TTL_MS - 1000);
    const [id, group, , signature] = token.split('.');
    const later = Math.floor((Date.now() + UNSUBSCRIBE_TTL_MS) / 1000).toString(36);
    expect((await unsubscribe(`${id}.${group}.${later}.${signature}`)).statusCode).toBe(400);
  });

  it('opens a page that carries the brand and says what it turns off', async () => {
    const token = unsubscribeToken(t.links, user.user.id, 'reminders');
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(
      /<header[^>]*><a href="\/"[^>]*><img src="\/favicon.svg" alt=""[^>]*>Townsquare<\/a><\/header>/,
    );
    expect(page.body).toContain('Turn off e-mails about event reminders');
  });
});
