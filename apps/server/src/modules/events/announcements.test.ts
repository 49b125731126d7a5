import { ANNOUNCEMENT_LIMITS, ANNOUNCEMENT_MSG, eventAnnouncementResponse } from '@townsquare/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  createEvent,
  mailsTo,
  makeFriends,
  notificationsOf,
  type TestUser,
  useUsers,
  verifyEmail,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/** Hosts message the people of their event through the one notify() path. */

const t = useTestApp();
const [host, cohost, going, maybe, waiting, stranger] = useUsers(t, 6);
let eventId: string;

beforeAll(async () => {
  for (const u of [going, maybe, waiting]) await verifyEmail(t, u);
  await makeFriends(t, host, cohost);
  eventId = await createEvent(t, host, { title: 'Harvest supper', capacity: 1 });
  expect((await call('POST', `/api/events/${eventId}/cohosts/${cohost.user.id}`, host)).statusCode).toBe(200);
  for (const [u, status] of [
    [going, 'going'],
    [maybe, 'maybe'],
    [waiting, 'going'],
  ] as const)
    expect((await call('POST', `/api/events/${eventId}/rsvp`, u, { status })).statusCode).toBe(200);
});

const call = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, payload });
const announce = (user: TestUser, payload: object) =>
  call('POST', `/api/events/${eventId}/announcements`, user, payload);

describe('POST /api/events/:id/announcements', () => {
  it('reaches the chosen audience in the app and by e-mail; hosts only; then the event has to wait', async () => {
    const toWaitlist = await announce(host, { message: 'Doors open at 18:30.', audience: 'waitlist' });
    expect(toWaitlist.statusCode, toWaitlist.body).toBe(201);
    expect(eventAnnouncementResponse.parse(toWaitlist.json())).toEqual({ recipients: 1 });
    // The announcement reaches people through the outbox (decision 065).
    await t.background.drain();
    const [n] = await notificationsOf(t, waiting, 'event_announcement');
    expect(n?.text).toBe('Harvest supper: Doors open at 18:30.');
    expect(n?.url).toBe(`/event/${eventId}`);
    expect(await notificationsOf(t, going, 'event_announcement')).toEqual([]);
    // E-mail goes through the delivery queue.
    await eventually(async () =>
      expect((await mailsTo(t, waiting.email)).map((m) => m.text).join('\n')).toContain(
        'Doors open at 18:30.',
      ),
    );
    // Its subject says where it comes from; the message is the mail's text, not its subject.
    const [mail] = (await mailsTo(t, waiting.email)).filter((m) => m.text.includes('Doors open at 18:30.'));
    expect(mail?.subject).toBe('A message from the hosts of Harvest supper');

    const toAll = await announce(cohost, { message: 'Bring a jumper.', audience: 'all' });
    expect(toAll.json()).toEqual({ recipients: 3 });
    await t.background.drain();
    for (const u of [going, maybe, waiting])
      expect((await notificationsOf(t, u, 'event_announcement')).map((x) => x.text)).toContain(
        'Harvest supper: Bring a jumper.',
      );
    // The sender (a co-host) is not told their own message; the creator did not answer.
    expect(await notificationsOf(t, cohost, 'event_announcement')).toEqual([]);

    expect((await announce(stranger, { message: 'Hi', audience: 'all' })).statusCode).toBe(403);
    expect((await announce(going, { message: 'Hi', audience: 'all' })).statusCode).toBe(403);

    expect((await announce(host, { message: 'Third.', audience: 'going' })).json()).toEqual({
      recipients: 1,
    });
    expect(ANNOUNCEMENT_LIMITS.perWindow).toBe(3);
    const fourth = await announce(cohost, { message: 'Fourth.', audience: 'going' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(ANNOUNCEMENT_MSG.tooMany);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('bad input is a 400 with a readable message', async () => {
    const other = await createEvent(t, host);
    const cases: [object, string][] = [
      [{ audience: 'all' }, ANNOUNCEMENT_MSG.messageRequired],
      [{ message: '   ', audience: 'all' }, ANNOUNCEMENT_MSG.messageRequired],
      [
        { message: 'x'.repeat(ANNOUNCEMENT_LIMITS.messageMax + 1), audience: 'all' },
        ANNOUNCEMENT_MSG.messageTooLong,
      ],
      [{ message: 'Hello', audience: 'everyone' }, ANNOUNCEMENT_MSG.audienceInvalid],
      [{ message: 'Hello' }, ANNOUNCEMENT_MSG.audienceInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', `/api/events/${other}/announcements`, host, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});
