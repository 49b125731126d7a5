import { beforeAll, describe, expect, it } from 'vitest';
import {
  confirmGuest,
  createEvent,
  createUser,
  nextIp,
  notificationsOf,
  renderedGuestForm,
  type TestUser,
  unique,
} from '../../test/factories.ts';
import { useSmtpTestApp } from '../../test/test-app.ts';

/**
 * What the hosts hear of answers (through `rsvp.changed` → notify()): a member going, a guest
 * without an account going or dropping out, someone joining the waitlist and someone going who
 * no longer is, each naming the person by the name they go by, not their username.
 */
const { t, smtp } = useSmtpTestApp();
let host: TestUser;
let ada: TestUser;
let ben: TestUser;

const DAY = 86_400_000;
const tokenIn = (link: string) => new URL(link).searchParams.get('token') ?? '';
const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  host = await createUser(t, { verified: true });
  ada = await createUser(t, { fullName: 'Ada Lovelace', username: unique('ada_'), verified: true });
  ben = await createUser(t, { fullName: 'Ben Okafor', username: unique('ben_'), verified: true });
  // Told of each answer at once (the digest batches the same words per window).
  const chose = await call('PUT', '/api/users/me', host, {
    notificationPreferences: { rsvpTiming: 'instant' },
  });
  expect(chose.statusCode, chose.body).toBe(200);
});

const texts = async () => (await notificationsOf(t, host, 'rsvp')).map((n) => n.text);

async function guestAnswers(eventId: string, name: string): Promise<string> {
  const email = `${unique('guest-')}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/guest-rsvps`,
    remoteAddress: nextIp(),
    payload: { name, email, status: 'going', formToken: renderedGuestForm(t, eventId) },
  });
  expect(res.statusCode, res.body).toBe(202);
  const mail = await smtp.waitFor(email, /./);
  const link = [...mail.text.matchAll(/https?:\/\/\S+/g)]
    .map((m) => m[0])
    .find((l) => l.includes('/confirm'));
  const confirmed = await confirmGuest(t, tokenIn(link ?? ''));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().manageToken as string;
}

describe('host notifications of answers', () => {
  it('name members by their name and tell of the waitlist and of people dropping out', async () => {
    const title = unique('Pottery night ');
    const start = Date.now() + 5 * DAY;
    const eventId = await createEvent(t, host, {
      title,
      capacity: 1,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 7_200_000).toISOString(),
    });
    expect((await call('POST', `/api/events/${eventId}/rsvp`, ada, { status: 'going' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/events/${eventId}/rsvp`, ben, { status: 'going' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/events/${eventId}/rsvp`, ada, { status: 'not_going' })).statusCode).toBe(
      200,
    );
    const told = await texts();
    expect(told).toContain(`Ada Lovelace is going to ${title}`);
    expect(told).toContain(`Ben Okafor joined the waitlist for ${title}`);
    expect(told).toContain(`Ada Lovelace can no longer come to ${title}`);
    expect(told.some((text) => text.includes(ada.user.username ?? 'none'))).toBe(false);
  });

  it('tell of a guest without an account going and dropping out, by the name they gave', async () => {
    const title = unique('Lantern walk ');
    const start = Date.now() + 5 * DAY;
    const eventId = await createEvent(t, host, {
      title,
      allowGuestRsvp: true,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 7_200_000).toISOString(),
    });
    const manageToken = await guestAnswers(eventId, 'Chloé Martin');
    expect((await texts()).filter((text) => text.includes(title))).toEqual([
      `Chloé Martin is going to ${title}`,
    ]);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/guest-rsvps/${manageToken}`,
      remoteAddress: nextIp(),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await texts()).toContain(`Chloé Martin can no longer come to ${title}`);
  });
});
