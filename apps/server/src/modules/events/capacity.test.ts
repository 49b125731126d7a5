import { CAPACITY_MSG, type EventDto, eventResponse } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createEvent,
  createUser,
  eventBody,
  makeFriends,
  type TestUser,
  useUsers,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { expireOffers } from './rsvp.ts';

const t = useTestApp();
const [host] = useUsers(t, 1, { verified: true });
const people: TestUser[] = useUsers(t, 6);

const HOUR = 60 * 60 * 1000;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, payload });

async function rsvp(eventId: string, user: TestUser, body: object = { status: 'going' }): Promise<EventDto> {
  const res = await call('POST', `/api/events/${eventId}/rsvp`, user, body);
  if (res.statusCode !== 200) throw new Error(`rsvp failed: ${res.statusCode} ${res.body}`);
  return eventResponse.parse(res.json()).event;
}

/** Each answers going, one after the other: the order a waitlist keeps. */
async function goingInTurn(eventId: string, ...users: TestUser[]): Promise<void> {
  for (const user of users) await rsvp(eventId, user);
}

async function view(eventId: string, user: TestUser): Promise<EventDto> {
  const res = await call('GET', `/api/events/${eventId}`, user);
  expect(res.statusCode).toBe(200);
  return eventResponse.parse(res.json()).event;
}

/** The person's place offers as notifications, newest first (they go through notify()). */
async function offersTo(user: TestUser): Promise<{ text: string; url: string }[]> {
  await t.background.drain();
  const res = await call('GET', '/api/notifications', user);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().notifications as { kind: string; text: string; url: string }[]).filter(
    (n) => n.kind === 'waitlist_offer',
  );
}

const statusOf = async (eventId: string, user: TestUser) => (await view(eventId, user)).viewerRsvp?.status;

describe('creating and editing capacity', () => {
  it('stores capacity, offer hours, guests, transfers and questions, with ids given to questions', async () => {
    const res = await call('POST', '/api/events', host, {
      ...eventBody(),
      capacity: 12,
      offerHours: 6,
      maxGuests: 2,
      allowTransfers: true,
      questions: [{ text: 'Dietary needs?', required: true }, { text: 'Shoe size' }],
    });
    expect(res.statusCode).toBe(201);
    const { event } = eventResponse.parse(res.json());
    expect(event).toMatchObject({ capacity: 12, offerHours: 6, maxGuests: 2, allowTransfers: true });
    expect(event.placesLeft).toBe(12);
    expect(event.questions).toHaveLength(2);
    expect(event.questions?.[0]).toMatchObject({ text: 'Dietary needs?', required: true });
    expect(event.questions?.[0]?.id).toMatch(/\S+/);
    expect(event.hosts).toEqual([expect.objectContaining({ id: host.user.id, creator: true })]);
  });

  it('defaults to unlimited, 12 offer hours, no guests, no transfers', async () => {
    const id = await createEvent(t, host);
    expect(await view(id, host)).toMatchObject({
      capacity: null,
      offerHours: 12,
      maxGuests: 0,
      allowTransfers: false,
      questions: [],
      placesLeft: null,
    });
  });

  it.each([
    [{ capacity: 0 }, CAPACITY_MSG.capacityInvalid],
    [{ capacity: 10_001 }, CAPACITY_MSG.capacityInvalid],
    [{ capacity: 'lots' }, CAPACITY_MSG.capacityInvalid],
    [{ capacity: 2.5 }, CAPACITY_MSG.capacityInvalid],
    [{ offerHours: 0 }, CAPACITY_MSG.offerHoursInvalid],
    [{ maxGuests: 6 }, CAPACITY_MSG.maxGuestsInvalid],
    [{ allowTransfers: 'maybe' }, CAPACITY_MSG.allowTransfersInvalid],
    [
      { questions: [{ text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'd' }] },
      CAPACITY_MSG.questionsInvalid,
    ],
    [{ questions: [{ text: 'x'.repeat(201) }] }, CAPACITY_MSG.questionTextInvalid],
    [{ questions: 'not a list' }, CAPACITY_MSG.questionsInvalid],
  ])('rejects %j with a readable 400', async (fields, message) => {
    const res = await call('POST', '/api/events', host, { ...eventBody(), ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('a full event and its waitlist', () => {
  it('puts "going" on the waitlist when full, in order, and never caps maybe', async () => {
    const id = await createEvent(t, host, { capacity: 1 });
    const [a, b, c, d] = people as [TestUser, TestUser, TestUser, TestUser];
    expect((await rsvp(id, a)).viewerRsvp).toMatchObject({ status: 'going', waitlistPosition: null });
    const second = await rsvp(id, b);
    expect(second.viewerRsvp).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    // The original client's fields are unchanged: one person going, and `myRsvp` keeps its values.
    expect(second.myRsvp).toBeNull();
    expect(second.attendeeCount).toBe(1);
    expect(second.rsvps.map((r) => r.id)).toEqual([a.user.id]);
    expect((await rsvp(id, c)).viewerRsvp).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    expect((await rsvp(id, d, { status: 'maybe' })).viewerRsvp?.status).toBe('maybe');
    const seen = await view(id, host);
    expect(seen).toMatchObject({ placesLeft: 0, waitlistCount: 2 });
  });

  it('offers a freed place to the first in line until the offer ends; accepting makes them going', async () => {
    const id = await createEvent(t, host, { capacity: 1 });
    const [a, b, c] = people as [TestUser, TestUser, TestUser];
    await goingInTurn(id, a, b, c);
    const before = Date.now();
    await rsvp(id, a, { status: 'not_going' });
    const offered = (await view(id, b)).viewerRsvp;
    expect(offered?.status).toBe('offered');
    const expires = new Date(offered?.offerExpiresAt ?? 0).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 12 * HOUR - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 12 * HOUR + 1000);
    expect((await view(id, c)).viewerRsvp).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    // The offer is held: someone new pressing going joins the end of the line.
    expect((await rsvp(id, a)).viewerRsvp).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    const told = await offersTo(b);
    expect(told.at(0)?.text).toMatch(/^A place is free for you at /);
    expect(told.at(0)?.url).toBe(`/event/${id}`);
    const accepted = await rsvp(id, b);
    expect(accepted.viewerRsvp).toMatchObject({ status: 'going', offerExpiresAt: null });
    expect(accepted.attendeeCount).toBe(1);
  });

  it('passes an expired offer to the next person, idempotently', async () => {
    const id = await createEvent(t, host, { capacity: 1 });
    const [a, b, c] = people as [TestUser, TestUser, TestUser];
    await goingInTurn(id, a, b, c);
    await rsvp(id, a, { status: 'not_going' });
    expect(await statusOf(id, b)).toBe('offered');
    const later = new Date(Date.now() + 13 * HOUR);
    const offers = await expireOffers(t.db, later);
    expect(offers.filter((o) => o.eventId === id)).toEqual([
      expect.objectContaining({ userId: c.user.id, status: 'offered' }),
    ]);
    expect(await expireOffers(t.db, later)).toEqual([]);
    expect(await statusOf(id, b)).toBe('not_going');
    expect(await statusOf(id, c)).toBe('offered');
    // Too late: accepting after the end of the offer (read lazily, no sweep) joins the line again.
    await t.db.execute(sql`update rsvps set offer_expires_at = now() - interval '1 second'
      where event_id = ${id} and user_id = ${c.user.id}`);
    expect((await view(id, c)).viewerRsvp?.status).toBe('not_going');
  });

  it('shortens the offer so that it ends an hour before the start', async () => {
    const start = new Date(Date.now() + 5 * HOUR);
    const id = await createEvent(t, host, {
      capacity: 1,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + HOUR).toISOString(),
    });
    const [a, b] = people as [TestUser, TestUser];
    await goingInTurn(id, a, b);
    await rsvp(id, a, { status: 'not_going' });
    const offered = (await view(id, b)).viewerRsvp;
    expect(offered?.status).toBe('offered');
    expect(new Date(offered?.offerExpiresAt ?? 0).getTime()).toBe(start.getTime() - HOUR);
  });

  it('gives the place straight to the first in line within the last two hours', async () => {
    const start = new Date(Date.now() + 90 * 60 * 1000);
    const id = await createEvent(t, host, {
      capacity: 1,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + HOUR).toISOString(),
    });
    const [a, b, c] = people as [TestUser, TestUser, TestUser];
    await goingInTurn(id, a, b, c);
    await rsvp(id, a, { status: 'not_going' });
    expect((await view(id, b)).viewerRsvp).toMatchObject({ status: 'going', offerExpiresAt: null });
    expect((await view(id, c)).viewerRsvp).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect((await offersTo(b)).at(0)?.text).toMatch(/you are going$/);
  });

  it('counts guests toward the capacity and the waitlist', async () => {
    const id = await createEvent(t, host, { capacity: 3, maxGuests: 2 });
    const [a, b, c] = people as [TestUser, TestUser, TestUser];
    const withGuests = await rsvp(id, a, { status: 'going', guests: ['Kim', ''] });
    expect(withGuests.viewerRsvp).toMatchObject({ status: 'going', guests: ['Kim', ''] });
    expect(withGuests.placesLeft).toBe(0);
    expect((await rsvp(id, b, { status: 'going', guests: ['Lee'] })).viewerRsvp?.status).toBe('waitlisted');
    await rsvp(id, c);
    // Too many guests for the event: 400; more guests than places: 409.
    const tooMany = await call('POST', `/api/events/${id}/rsvp`, a, {
      status: 'going',
      guests: ['1', '2', '3'],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(CAPACITY_MSG.tooManyGuests(2));
    // Dropping a guest frees one place: B's party of two does not fit, C alone does (decision 046).
    await rsvp(id, a, { status: 'going', guests: ['Kim'] });
    expect(await statusOf(id, b)).toBe('waitlisted');
    expect(await statusOf(id, c)).toBe('offered');
    // With someone waiting, a person going cannot add guests.
    const more = await call('POST', `/api/events/${id}/rsvp`, a, { status: 'going', guests: ['Kim', 'Sam'] });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(CAPACITY_MSG.notEnoughPlaces(1));
    // A leaves: two places, B's party fits and is offered them.
    await rsvp(id, a, { status: 'not_going' });
    expect(await statusOf(id, b)).toBe('offered');
  });

  it('passes over a party that does not fit: the next who fits gets the place, the party keeps its turn', async () => {
    const id = await createEvent(t, host, { capacity: 2, maxGuests: 2 });
    const [a, b, c, d, e] = people as [TestUser, TestUser, TestUser, TestUser, TestUser];
    await goingInTurn(id, a, b);
    // Full: B's party of three, then C alone, then D with one guest, wait in that order.
    expect((await rsvp(id, c, { status: 'going', guests: ['Kim', 'Lee'] })).viewerRsvp).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    await rsvp(id, d);
    await rsvp(id, e, { status: 'going', guests: ['Sam'] });
    // One place frees: C's party of three does not fit, D alone does.
    await rsvp(id, a, { status: 'not_going' });
    expect(await statusOf(id, c)).toBe('waitlisted');
    expect(await statusOf(id, d)).toBe('offered');
    expect(await statusOf(id, e)).toBe('waitlisted');
    expect((await view(id, c)).viewerRsvp?.waitlistPosition).toBe(1);
    // D declines: one place again, still too small for C and for E's two; nobody is offered it.
    await rsvp(id, d, { status: 'not_going' });
    expect(await statusOf(id, c)).toBe('waitlisted');
    expect(await statusOf(id, e)).toBe('waitlisted');
    // A newcomer alone takes that free place at once (behind the line, but the line cannot use it).
    const f = people[5] as TestUser;
    expect((await rsvp(id, f)).viewerRsvp?.status).toBe('going');
    // B and F leave: two places; C's three still do not fit, E's two do.
    await rsvp(id, b, { status: 'not_going' });
    expect(await statusOf(id, e)).toBe('waitlisted');
    await rsvp(id, f, { status: 'not_going' });
    expect(await statusOf(id, e)).toBe('offered');
    expect(await statusOf(id, c)).toBe('waitlisted');
    // C comes alone after all: C is still first in line for the next place.
    await rsvp(id, c, { status: 'going', guests: [] });
    expect(await statusOf(id, c)).toBe('waitlisted');
    expect((await view(id, c)).viewerRsvp?.waitlistPosition).toBe(1);
  });

  it('offers new places when the capacity is raised and removes nobody when it is lowered', async () => {
    const id = await createEvent(t, host, { capacity: 2 });
    const [a, b, c, d] = people as [TestUser, TestUser, TestUser, TestUser];
    for (const p of [a, b, c, d]) await rsvp(id, p);
    expect(await statusOf(id, c)).toBe('waitlisted');
    const raised = await call('PUT', `/api/events/${id}`, host, { capacity: 3 });
    expect(raised.statusCode).toBe(200);
    expect(await statusOf(id, c)).toBe('offered');
    expect(await statusOf(id, d)).toBe('waitlisted');
    const lowered = await call('PUT', `/api/events/${id}`, host, { capacity: 1 });
    expect(lowered.statusCode).toBe(200);
    for (const p of [a, b]) expect(await statusOf(id, p)).toBe('going');
    expect(await statusOf(id, c)).toBe('offered');
    // Leaving a place frees nothing while the event is over its capacity.
    await rsvp(id, a, { status: 'not_going' });
    expect(await statusOf(id, d)).toBe('waitlisted');
    const unlimited = await call('PUT', `/api/events/${id}`, host, { capacity: null });
    expect(unlimited.statusCode).toBe(200);
    expect(await statusOf(id, d)).toBe('going');
  });

  it('50 people pressing going on the last place at once: one gets it, the rest wait in order', async () => {
    const id = await createEvent(t, host, { capacity: 1 });
    const crowd: TestUser[] = [];
    for (let i = 0; i < 50; i += 10)
      crowd.push(...(await Promise.all(Array.from({ length: 10 }, () => createUser(t)))));
    const answers = await Promise.all(crowd.map((p) => rsvp(id, p)));
    const going = answers.filter((e) => e.viewerRsvp?.status === 'going');
    expect(going).toHaveLength(1);
    const positions = answers.flatMap((e) =>
      e.viewerRsvp?.status === 'waitlisted' ? [e.viewerRsvp.waitlistPosition] : [],
    );
    // Each saw its position at the moment it answered: distinct and exactly 1..49.
    expect(positions.sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(
      Array.from({ length: 49 }, (_, i) => i + 1),
    );
    // The queue order is the order in which the requests took the event's row lock.
    const queue = await t.db.execute<{ queued_at: string }>(
      sql`select queued_at from rsvps where event_id = ${id} and status = 'waitlisted' order by queued_at`,
    );
    expect(new Set(queue.rows.map((r) => r.queued_at)).size).toBe(49);
    const seen = await view(id, host);
    expect(seen).toMatchObject({ attendeeCount: 1, placesLeft: 0, waitlistCount: 49 });
  });
});

describe('a place freed by account deletion', () => {
  it('is offered to the first in line at once, not on the next RSVP', async () => {
    const id = await createEvent(t, host, { capacity: 1 });
    const leaving = await createUser(t);
    const [waiting] = people as [TestUser];
    await rsvp(id, leaving);
    expect((await rsvp(id, waiting)).viewerRsvp?.status).toBe('waitlisted');
    const gone = await call('DELETE', '/api/users/me', leaving, { currentPassword: leaving.password });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await statusOf(id, waiting)).toBe('offered');
  });
});

describe('transfers', () => {
  it('hands a place to a friend who can see the event, before anyone in line', async () => {
    const id = await createEvent(t, host, { capacity: 1, allowTransfers: true });
    const [a, b, friend, stranger] = people as [TestUser, TestUser, TestUser, TestUser];
    await makeFriends(t, a, friend);
    await goingInTurn(id, a, b);
    const toStranger = await call('POST', `/api/events/${id}/rsvp/transfer`, a, {
      toUserId: stranger.user.id,
    });
    expect(toStranger.statusCode).toBe(400);
    expect(toStranger.json().message).toBe(CAPACITY_MSG.transferNotFriend);
    const res = await call('POST', `/api/events/${id}/rsvp/transfer`, a, { toUserId: friend.user.id });
    expect(res.statusCode).toBe(200);
    expect(eventResponse.parse(res.json()).event.viewerRsvp?.status).toBe('not_going');
    expect(await statusOf(id, friend)).toBe('going');
    expect(await statusOf(id, b)).toBe('waitlisted');
    const again = await call('POST', `/api/events/${id}/rsvp/transfer`, a, { toUserId: friend.user.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(CAPACITY_MSG.transferNotGoing);
  });

  it('is refused when the host does not allow it, and rejects bad bodies with a 400', async () => {
    const id = await createEvent(t, host, { capacity: 1 });
    const [a, friend] = people as [TestUser, TestUser];
    await rsvp(id, a);
    const off = await call('POST', `/api/events/${id}/rsvp/transfer`, a, { toUserId: friend.user.id });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(CAPACITY_MSG.transfersOff);
    for (const body of [{}, { toUserId: 42 }, { toUserId: ['x'] }]) {
      const res = await call('POST', `/api/events/${id}/rsvp/transfer`, a, body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('questions and answers', () => {
  it('enforces required answers for going, keeps answers for hosts, and lets maybe skip them', async () => {
    const create = await call('POST', '/api/events', host, {
      ...eventBody(),
      questions: [{ text: 'Dietary needs?', required: true }, { text: 'Anything else?' }],
    });
    const { event } = eventResponse.parse(create.json());
    const [q1, q2] = event.questions ?? [];
    const [a, b] = people as [TestUser, TestUser];
    const missing = await call('POST', `/api/events/${event.id}/rsvp`, a, { status: 'going' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(CAPACITY_MSG.answerRequired('Dietary needs?'));
    const unknown = await call('POST', `/api/events/${event.id}/rsvp`, a, {
      status: 'going',
      answers: { nope: 'x' },
    });
    expect(unknown.statusCode).toBe(400);
    const long = await call('POST', `/api/events/${event.id}/rsvp`, a, {
      status: 'going',
      answers: { [q1!.id]: 'x'.repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(CAPACITY_MSG.answersInvalid);
    expect((await rsvp(event.id, b, { status: 'maybe' })).viewerRsvp?.status).toBe('maybe');
    const mine = await rsvp(event.id, a, { status: 'going', answers: { [q1!.id]: 'Vegan', [q2!.id]: '' } });
    expect(mine.viewerRsvp?.answers).toEqual({ [q1!.id]: 'Vegan' });
    // Nobody but hosts reads the answers of others.
    expect(JSON.stringify(await view(event.id, b))).not.toContain('Vegan');
    const list = await call('GET', `/api/events/${event.id}/attendees`, host);
    expect(list.statusCode).toBe(200);
    expect(list.json().attendees).toContainEqual(
      expect.objectContaining({ userId: a.user.id, answers: { [q1!.id]: 'Vegan' } }),
    );
    expect((await call('GET', `/api/events/${event.id}/attendees`, a)).statusCode).toBe(403);
  });

  it('exports a CSV for hosts with quoting and formula cells neutralised', async () => {
    const create = await call('POST', '/api/events', host, {
      ...eventBody(),
      maxGuests: 1,
      questions: [{ text: 'Notes, please' }],
    });
    const { event } = eventResponse.parse(create.json());
    const q = event.questions?.[0]?.id ?? '';
    const evil = await createUser(t, { fullName: '=HYPERLINK("http://x")' });
    await rsvp(event.id, evil, {
      status: 'going',
      guests: ['+Ann'],
      answers: { [q]: 'Say "hi", then\nleave' },
    });
    const res = await call('GET', `/api/events/${event.id}/attendees.csv`, host);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    // Named after the event; a byte order mark so spreadsheets read UTF-8.
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Riverside-park-run-attendees.csv"',
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Name,Username,Status,Guests,"Notes, please",Checked in');
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://x"")",${evil.user.username},going,'+Ann,"Say ""hi"", then\nleave",`,
    );
    expect((await call('GET', `/api/events/${event.id}/attendees.csv`, evil)).statusCode).toBe(403);
  });
});

describe('co-hosts', () => {
  it('the creator adds friends (not strangers) as co-hosts, who edit, see answers and check in', async () => {
    const id = await createEvent(t, host, { capacity: 5 });
    const [friend, stranger, guest] = people as [TestUser, TestUser, TestUser];
    await makeFriends(t, host, friend);
    const refused = await call('POST', `/api/events/${id}/cohosts/${stranger.user.id}`, host);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CAPACITY_MSG.cohostNotAllowed);
    const added = await call('POST', `/api/events/${id}/cohosts/${friend.user.id}`, host);
    expect(added.statusCode).toBe(200);
    expect(eventResponse.parse(added.json()).event.hosts?.map((h) => h.id)).toEqual([
      host.user.id,
      friend.user.id,
    ]);
    // A co-host may not add more co-hosts.
    expect((await call('POST', `/api/events/${id}/cohosts/${host.user.id}`, friend)).statusCode).toBe(403);
    const edit = await call('PUT', `/api/events/${id}`, friend, { title: 'Edited by a co-host' });
    expect(edit.statusCode).toBe(200);
    expect((await call('GET', `/api/events/${id}/attendees`, friend)).statusCode).toBe(200);
    expect((await view(id, friend)).isHost).toBe(true);
    await rsvp(id, guest);
    const checkIn = await call('POST', `/api/events/${id}/check-ins`, friend, { userId: guest.user.id });
    expect(checkIn.statusCode).toBe(201);
    // Deleting stays the creator's.
    expect((await call('DELETE', `/api/events/${id}`, friend)).statusCode).toBe(403);
    const removed = await call('DELETE', `/api/events/${id}/cohosts/${friend.user.id}`, host);
    expect(removed.statusCode).toBe(200);
    expect((await call('PUT', `/api/events/${id}`, friend, { title: 'Again' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/events/${id}/cohosts/${friend.user.id}`, host)).statusCode).toBe(404);
  });

  it('accepts an organiser of the hosting community', async () => {
    const organiser = await createUser(t);
    const created = await call('POST', '/api/communities', host, {
      name: `Climbers ${Date.now()}`,
      description: 'We climb.',
      visibility: 'PUBLIC',
      joinPolicy: 'OPEN',
    });
    expect(created.statusCode).toBe(201);
    const community = created.json().community as { id: string };
    await t.db.execute(sql`insert into group_members (group_id, kind, user_id, role, state)
      values (${community.id}, 'community', ${organiser.user.id}, 'ORGANIZER', 'member')`);
    const id = await createEvent(t, host, { communityId: community.id });
    expect((await call('POST', `/api/events/${id}/cohosts/${organiser.user.id}`, host)).statusCode).toBe(200);
  });
});

describe('tickets and check-in', () => {
  it('gives people going a signed ticket that checks them in once, at its own event only', async () => {
    const id = await createEvent(t, host);
    const otherId = await createEvent(t, host);
    const [a, b] = people as [TestUser, TestUser];
    await rsvp(id, a);
    await rsvp(otherId, a);
    expect((await call('GET', `/api/events/${id}/ticket`, b)).statusCode).toBe(403);
    const ticket = await call('GET', `/api/events/${id}/ticket`, a);
    expect(ticket.statusCode).toBe(200);
    const { code } = ticket.json() as { code: string };
    const elsewhere = (await call('GET', `/api/events/${otherId}/ticket`, a)).json().code as string;

    // Forged: another person's id with this signature, a changed signature, rubbish.
    const parts = code.split('.');
    const forged = [
      [parts[0], parts[1], b.user.id, parts[3]].join('.'),
      `${code.slice(0, -2)}xx`,
      'not a ticket',
    ];
    for (const bad of forged) {
      const res = await call('POST', `/api/events/${id}/check-ins`, host, { code: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CAPACITY_MSG.ticketInvalid);
    }
    const wrongEvent = await call('POST', `/api/events/${id}/check-ins`, host, { code: elsewhere });
    expect(wrongEvent.statusCode).toBe(400);
    expect(wrongEvent.json().message).toBe(CAPACITY_MSG.ticketOtherEvent);
    expect((await call('POST', `/api/events/${id}/check-ins`, a, { code })).statusCode).toBe(403);

    const first = await call('POST', `/api/events/${id}/check-ins`, host, { code });
    expect(first.statusCode).toBe(201);
    expect(first.json().checkIn).toMatchObject({ userId: a.user.id, status: 'going' });
    const second = await call('POST', `/api/events/${id}/check-ins`, host, { code });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^Already checked in at \d\d:\d\d UTC$/);
    const notGoing = await call('POST', `/api/events/${id}/check-ins`, host, { userId: b.user.id });
    expect(notGoing.statusCode).toBe(409);
    expect(notGoing.json().message).toBe(CAPACITY_MSG.notOnList);
    const list = (await call('GET', `/api/events/${id}/attendees`, host)).json();
    expect(list).toMatchObject({ going: 1, came: 1, ended: false });
    expect((await view(id, a)).viewerRsvp?.checkedIn).toBe(true);
  });

  it('checks a person in by the short door code typed at the door, however it is typed', async () => {
    const id = await createEvent(t, host);
    const otherId = await createEvent(t, host);
    const [a, b] = people as [TestUser, TestUser];
    await goingInTurn(id, a, b);
    await rsvp(otherId, b);
    const ticketA = (await call('GET', `/api/events/${id}/ticket`, a)).json() as { doorCode: string };
    const ticketB = (await call('GET', `/api/events/${id}/ticket`, b)).json() as { doorCode: string };
    const elsewhere = (await call('GET', `/api/events/${otherId}/ticket`, b)).json() as { doorCode: string };
    expect(ticketA.doorCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(ticketA.doorCode).not.toBe(ticketB.doorCode);
    expect(elsewhere.doorCode).not.toBe(ticketB.doorCode);

    // Another event's code, and one nobody holds, are refused with a readable 400.
    for (const code of [elsewhere.doorCode, 'ZZZZ-ZZZZ']) {
      const res = await call('POST', `/api/events/${id}/check-ins`, host, { code });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CAPACITY_MSG.doorCodeUnknown);
    }
    // Typed in lower case without the dash: still A.
    const typed = ticketA.doorCode.replace('-', ' ').toLowerCase();
    const first = await call('POST', `/api/events/${id}/check-ins`, host, { code: typed });
    expect(first.statusCode).toBe(201);
    expect(first.json().checkIn).toMatchObject({ userId: a.user.id });
    const again = await call('POST', `/api/events/${id}/check-ins`, host, { code: ticketA.doorCode });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Already checked in at /);
  });

  it('takes 10 wrong codes a minute from one host at one event, then a readable 429 (decision 062)', async () => {
    const id = await createEvent(t, host);
    const otherId = await createEvent(t, host);
    const [a] = people as [TestUser];
    await rsvp(id, a);
    await rsvp(otherId, a);
    const { doorCode } = (await call('GET', `/api/events/${id}/ticket`, a)).json() as { doorCode: string };
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', `/api/events/${id}/check-ins`, host, { code: `ZZZZ-ZZ${i}Z` });
      expect(res.statusCode).toBe(400);
    }
    // The 11th try is refused, a right code as well: the limit is on trying, not on failing.
    for (const code of ['ZZZZ-ZZZZ', doorCode]) {
      const refused = await call('POST', `/api/events/${id}/check-ins`, host, { code });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(/^Too many attempts\. Please try again in /);
    }
    // Another event of the same host, and checking in by name, are not held up.
    const other = (await call('GET', `/api/events/${otherId}/ticket`, a)).json() as { doorCode: string };
    expect(
      (await call('POST', `/api/events/${otherId}/check-ins`, host, { code: other.doorCode })).statusCode,
    ).toBe(201);
    expect((await call('POST', `/api/events/${id}/check-ins`, host, { userId: a.user.id })).statusCode).toBe(
      201,
    );
  });

  it('rejects bad check-in bodies with a 400', async () => {
    const id = await createEvent(t, host);
    for (const body of [{}, { code: 'x', userId: 'y' }, { code: 5 }, { userId: [] }]) {
      const res = await call('POST', `/api/events/${id}/check-ins`, host, body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const badRsvp = await call('POST', `/api/events/${id}/rsvp`, host, { status: 'going', guests: 'two' });
    expect(badRsvp.statusCode).toBe(400);
  });
});
