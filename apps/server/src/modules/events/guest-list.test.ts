import { ATTENDEES_CHANGED, attendeesResponse, CAPACITY_MSG } from '@townsquare/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, makeFriends, type TestUser, useUsers, verifyEmail } from '../../test/factories.ts';
import { ask, closeSockets, listen, next, openSocket } from '../../test/sockets.ts';
import { useTestApp } from '../../test/test-app.ts';

/** The hosts' guest list, and taking someone off it (their place is offered on at once). */

const t = useTestApp();
let url: string;
const [host, cohost, other] = useUsers(t, 3);
const people: TestUser[] = useUsers(t, 4);

beforeAll(async () => {
  url = await listen(t);
  await verifyEmail(t, host);
  await makeFriends(t, host, cohost);
});
afterAll(closeSockets);

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url: path, headers: user?.auth ?? {}, payload });

async function going(eventId: string, user: TestUser) {
  const res = await call('POST', `/api/events/${eventId}/rsvp`, user, { status: 'going' });
  expect(res.statusCode, res.body).toBe(200);
}

describe('DELETE /api/events/:id/attendees/:userId', () => {
  it('takes a person off a full event and offers their place to the first in line at once', async () => {
    const [ana, ben, cy] = people as [TestUser, TestUser, TestUser];
    const eventId = await createEvent(t, host, { capacity: 1, title: 'Tiny supper' });
    await going(eventId, ana);
    await going(eventId, ben);
    await going(eventId, cy);
    const before = attendeesResponse.parse(
      (await call('GET', `/api/events/${eventId}/attendees`, host)).json(),
    );
    expect(before.attendees.map((a) => [a.userId, a.status, a.waitlistPosition])).toEqual([
      [ana.user.id, 'going', null],
      [ben.user.id, 'waitlisted', 1],
      [cy.user.id, 'waitlisted', 2],
    ]);

    const socket = await openSocket(url, host.accessToken);
    expect(await ask(socket, 'join-event-chat', { eventId })).toEqual({ ok: true });
    const signal = next(socket, ATTENDEES_CHANGED);

    const res = await call('DELETE', `/api/events/${eventId}/attendees/${ana.user.id}`, host);
    expect(res.statusCode, res.body).toBe(200);
    const after = attendeesResponse.parse(res.json());
    expect(after.attendees.map((a) => [a.userId, a.status, a.waitlistPosition])).toEqual([
      [ben.user.id, 'offered', null],
      [cy.user.id, 'waitlisted', 1],
    ]);
    expect(after.attendees[0]?.offerExpiresAt).not.toBeNull();
    // The room hears that the list changed, naming nobody.
    expect(await signal).toEqual({ eventId });

    await t.background.drain();
    const offers = (await call('GET', '/api/notifications', ben)).json().notifications as { kind: string }[];
    expect(offers.map((n) => n.kind)).toContain('waitlist_offer');
  });

  it('co-hosts may remove; others get 403, strangers to a private event 404; unknown people 404', async () => {
    const [, , , dee] = people as [TestUser, TestUser, TestUser, TestUser];
    const eventId = await createEvent(t, host, { title: 'Open evening' });
    expect((await call('POST', `/api/events/${eventId}/cohosts/${cohost.user.id}`, host)).statusCode).toBe(
      200,
    );
    await going(eventId, dee);

    expect((await call('DELETE', `/api/events/${eventId}/attendees/${dee.user.id}`, other)).statusCode).toBe(
      403,
    );
    const byCohost = await call('DELETE', `/api/events/${eventId}/attendees/${dee.user.id}`, cohost);
    expect(byCohost.statusCode, byCohost.body).toBe(200);
    expect(attendeesResponse.parse(byCohost.json()).attendees).toEqual([]);

    const again = await call('DELETE', `/api/events/${eventId}/attendees/${dee.user.id}`, host);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CAPACITY_MSG.attendeeNotFound);

    const hidden = await createEvent(t, host, { visibility: 'PRIVATE' });
    expect((await call('DELETE', `/api/events/${hidden}/attendees/${dee.user.id}`, other)).statusCode).toBe(
      404,
    );
  });

  it('bad input is a 400 with a readable message', async () => {
    const eventId = await createEvent(t, host);
    const res = await call('DELETE', `/api/events/${eventId}/attendees/not-a-user`, host);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CAPACITY_MSG.attendeeIdInvalid);
  });
});
