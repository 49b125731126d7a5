import {
  SIGNUP_MSG,
  type SignupItem,
  type SignupUpdatedEvent,
  signupItemResponse,
  signupListResponse,
} from '@townsquare/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  created,
  createEvent,
  createUser,
  notificationsOf,
  type TestUser,
  unique,
  verifiedUsers,
} from '../../test/factories.ts';
import { ask, closeSockets, collect, listen, next, openSocket, settle } from '../../test/sockets.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Sign-up sheets: hosts list items, people going claim them, never beyond what is left
 * (also under a race), withdrawing the RSVP gives the claims back, and the sheet reaches only
 * those who can see the event: list, socket, CSV, reminders and notifications.
 */

let t: TestApp;
let url: string;
let host: TestUser;
let alice: TestUser;
let bob: TestUser;
let stranger: TestUser;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url: path, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

const going = (user: TestUser, eventId: string) =>
  call('POST', `/api/events/${eventId}/rsvp`, user, { status: 'going' });

async function addItem(eventId: string, body: Record<string, unknown>): Promise<SignupItem> {
  const res = await call('POST', `/api/events/${eventId}/signups`, host, body);
  return signupItemResponse.parse(created(res, 'add item')).item;
}

const claim = (user: TestUser, eventId: string, itemId: string, quantity: number) =>
  call('PUT', `/api/events/${eventId}/signups/${itemId}/claim`, user, { quantity });

const slotTimes = () => {
  const start = new Date(Date.now() + 7 * 86_400_000);
  return { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3_600_000).toISOString() };
};

beforeAll(async () => {
  // Reminders 1 minute before the start: an event starting in 63 s is reminded of within seconds.
  t = await createTestApp({ env: { REMINDER_LEAD_TIMES: '1m' } });
  url = await listen(t);
  [host, alice, bob, stranger] = await verifiedUsers(t, 4);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => closeSockets());

describe('a sign-up sheet', () => {
  it('hosts add a quantity item and a shift; two people going fill it', async () => {
    const eventId = await createEvent(t, host, { title: unique('Potluck ') });
    const chairs = await addItem(eventId, { name: 'Chairs', quantity: 10, note: 'Folding ones' });
    const shift = await addItem(eventId, { name: 'Set-up crew', kind: 'slot', quantity: 3, ...slotTimes() });
    expect(chairs).toMatchObject({ kind: 'quantity', quantity: 10, claimed: 0, claims: [] });
    expect(shift).toMatchObject({ kind: 'slot', quantity: 3, startsAt: expect.any(String) });
    expect(
      (await call('POST', `/api/events/${eventId}/signups`, alice, { name: 'Mine', quantity: 1 })).statusCode,
    ).toBe(403);

    // Not going yet: no claims.
    const refused = await claim(alice, eventId, chairs.id, 2);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: SIGNUP_MSG.notGoing });
    await going(alice, eventId);
    await going(bob, eventId);
    expect((await claim(alice, eventId, chairs.id, 2)).statusCode).toBe(200);
    expect((await claim(bob, eventId, chairs.id, 3)).statusCode).toBe(200);
    expect((await claim(bob, eventId, shift.id, 1)).statusCode).toBe(200);
    const tooMany = await claim(alice, eventId, chairs.id, 8);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ message: SIGNUP_MSG.full(7) });

    const { items } = signupListResponse.parse(
      (await call('GET', `/api/events/${eventId}/signups`, alice)).json(),
    );
    expect(items.map((i) => [i.name, i.claimed, i.claims.map((c) => [c.user.id, c.quantity])])).toEqual([
      [
        'Chairs',
        5,
        [
          [alice.user.id, 2],
          [bob.user.id, 3],
        ],
      ],
      ['Set-up crew', 1, [[bob.user.id, 1]]],
    ]);

    // 0 removes the claim; the host may not lower the quantity below what is claimed.
    expect((await claim(alice, eventId, chairs.id, 0)).statusCode).toBe(200);
    const lower = await call('PATCH', `/api/events/${eventId}/signups/${chairs.id}`, host, { quantity: 2 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json()).toMatchObject({ message: SIGNUP_MSG.belowClaimed(3) });
    expect((await call('DELETE', `/api/events/${eventId}/signups/${shift.id}`, host)).statusCode).toBe(200);
  });

  it('50 claims at once for the last 3 places: exactly 3 succeed, the rest are told it is full', async () => {
    const eventId = await createEvent(t, host, { title: unique('Working bee ') });
    const item = await addItem(eventId, { name: 'Wheelbarrows', quantity: 5 });
    await going(alice, eventId);
    expect((await claim(alice, eventId, item.id, 2)).statusCode).toBe(200);
    const people = await Promise.all(Array.from({ length: 50 }, () => createUser(t)));
    for (const p of people) expect((await going(p, eventId)).statusCode).toBe(200);
    const results = await Promise.all(people.map((p) => claim(p, eventId, item.id, 1)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json()).toMatchObject({ message: SIGNUP_MSG.full(0) });
    const { items } = signupListResponse.parse(
      (await call('GET', `/api/events/${eventId}/signups`, host)).json(),
    );
    expect(items[0]?.claimed).toBe(5);
  });

  it('withdrawing the RSVP releases the claims, live, and tells the hosts', async () => {
    const eventId = await createEvent(t, host, { title: unique('Picnic ') });
    const item = await addItem(eventId, { name: 'Blankets', quantity: 4 });
    await going(alice, eventId);
    await going(bob, eventId);
    await claim(alice, eventId, item.id, 3);
    const watcher = await openSocket(url, bob.accessToken);
    expect(await ask(watcher, 'join-event-chat', { eventId })).toEqual({ ok: true });
    const update = next<SignupUpdatedEvent>(watcher, 'signup-updated');
    expect(
      (await call('POST', `/api/events/${eventId}/rsvp`, alice, { status: 'not_going' })).statusCode,
    ).toBe(200);
    expect(await update).toMatchObject({ eventId, itemId: item.id, item: { claimed: 0, claims: [] } });
    const { items } = signupListResponse.parse(
      (await call('GET', `/api/events/${eventId}/signups`, host)).json(),
    );
    expect(items[0]?.claimed).toBe(0);
    const told = await eventually(async () => {
      const list = (await notificationsOf(t, host, 'signup_released')).filter(
        (n) => n.url === `/event/${eventId}`,
      );
      if (list.length === 0) throw new Error('not yet');
      return list;
    });
    expect(told[0]?.text).toContain('3 × Blankets');
    // Bob was not told: only hosts are.
    expect(await notificationsOf(t, bob, 'signup_released')).toEqual([]);
  });

  it('claims appear in the attendee CSV and in the reminder of whoever made them', async () => {
    const start = new Date(Date.now() + 63_000);
    const eventId = await createEvent(t, host, {
      title: unique('Beach clean '),
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    const bags = await addItem(eventId, { name: 'Bin bags', quantity: 10 });
    await going(alice, eventId);
    await going(bob, eventId);
    await claim(alice, eventId, bags.id, 2);
    const csv = await call('GET', `/api/events/${eventId}/attendees.csv`, host);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/,Bringing$/);
    expect(lines.find((l) => l.includes(alice.user.username ?? '?'))).toMatch(/,2 × Bin bags$/);
    expect(lines.find((l) => l.includes(bob.user.username ?? '?'))).toMatch(/,$/);

    const reminder = async (user: TestUser) =>
      eventually(async () => {
        const list = (await notificationsOf(t, user, 'event_reminder')).filter(
          (n) => n.url === `/event/${eventId}`,
        );
        if (list.length === 0) throw new Error('not yet');
        return list;
      });
    expect((await reminder(alice))[0]?.text).toMatch(/You're bringing: 2 × Bin bags$/);
    expect((await reminder(bob))[0]?.text).not.toContain('bringing');
  });
});

describe('who sees a sheet', () => {
  it('a private event’s sheet is not there for strangers: list, claims, edits and its room', async () => {
    const eventId = await createEvent(t, host, { visibility: 'PRIVATE', title: unique('Secret supper ') });
    const item = await addItem(eventId, { name: 'Candles', quantity: 2 });
    for (const [method, path, body] of [
      ['GET', `/api/events/${eventId}/signups`, undefined],
      ['POST', `/api/events/${eventId}/signups`, { name: 'Wine', quantity: 1 }],
      ['PATCH', `/api/events/${eventId}/signups/${item.id}`, { name: 'Wine' }],
      ['DELETE', `/api/events/${eventId}/signups/${item.id}`, undefined],
      ['PUT', `/api/events/${eventId}/signups/${item.id}/claim`, { quantity: 1 }],
    ] as const) {
      const res = await call(method, path, stranger, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.body).not.toContain('Candles');
    }
    const outsider = await openSocket(url, stranger.accessToken);
    expect(await ask(outsider, 'join-event-chat', { eventId })).toEqual({
      ok: false,
      error: 'Event not found',
      code: 'EVENT_NOT_FOUND',
    });
    const leaked = collect(outsider, 'signup-updated');
    await claim(host, eventId, item.id, 1);
    await settle();
    expect(leaked).toEqual([]);
    expect((await call('GET', `/api/events/${eventId}/attendees.csv`, stranger)).statusCode).toBe(404);
  });

  it('bad input is a 400 with a readable sentence', async () => {
    const eventId = await createEvent(t, host, { title: unique('Fair ') });
    const item = await addItem(eventId, { name: 'Tables', quantity: 2 });
    const shift = await addItem(eventId, { name: 'Door', kind: 'slot', quantity: 2, ...slotTimes() });
    const cases: [Method, string, object, string][] = [
      ['POST', `/api/events/${eventId}/signups`, { name: '', quantity: 1 }, SIGNUP_MSG.nameRequired],
      [
        'POST',
        `/api/events/${eventId}/signups`,
        { name: 'x'.repeat(81), quantity: 1 },
        SIGNUP_MSG.nameTooLong,
      ],
      ['POST', `/api/events/${eventId}/signups`, { name: 'Cups', quantity: 0 }, SIGNUP_MSG.quantityInvalid],
      ['POST', `/api/events/${eventId}/signups`, { name: 'Cups', quantity: '3' }, SIGNUP_MSG.quantityInvalid],
      ['POST', `/api/events/${eventId}/signups`, { name: 'Cups', quantity: 1.5 }, SIGNUP_MSG.quantityInvalid],
      [
        'POST',
        `/api/events/${eventId}/signups`,
        { name: 'Cups', quantity: 1, kind: 'box' },
        SIGNUP_MSG.kindInvalid,
      ],
      [
        'POST',
        `/api/events/${eventId}/signups`,
        { name: 'Crew', quantity: 1, kind: 'slot' },
        SIGNUP_MSG.slotTimesRequired,
      ],
      [
        'POST',
        `/api/events/${eventId}/signups`,
        { name: 'Cups', quantity: 1, ...slotTimes() },
        SIGNUP_MSG.timesOnlyForSlots,
      ],
      [
        'POST',
        `/api/events/${eventId}/signups`,
        {
          name: 'Crew',
          quantity: 1,
          kind: 'slot',
          startsAt: slotTimes().endsAt,
          endsAt: slotTimes().startsAt,
        },
        SIGNUP_MSG.slotEndBeforeStart,
      ],
      ['PATCH', `/api/events/${eventId}/signups/${item.id}`, {}, SIGNUP_MSG.nothingToChange],
      [
        'PATCH',
        `/api/events/${eventId}/signups/${item.id}`,
        { ...slotTimes() },
        SIGNUP_MSG.timesOnlyForSlots,
      ],
      ['PUT', `/api/events/${eventId}/signups/${item.id}/claim`, { quantity: -1 }, SIGNUP_MSG.claimInvalid],
      ['PUT', `/api/events/${eventId}/signups/${item.id}/claim`, { quantity: [1] }, SIGNUP_MSG.claimInvalid],
      ['PUT', `/api/events/${eventId}/signups/${shift.id}/claim`, { quantity: 2 }, SIGNUP_MSG.slotOnePlace],
    ];
    for (const [method, path, payload, message] of cases) {
      const res = await call(method, path, host, payload);
      expect(res.statusCode, `${method} ${path} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json(), `${method} ${path} ${JSON.stringify(payload)}`).toMatchObject({ message });
    }
    expect((await call('GET', `/api/events/not-an-id/signups`, host)).statusCode).toBe(404);
    expect((await claim(host, eventId, 'not-an-id', 1)).statusCode).toBe(404);
  });
});
