import type { EventDto } from '@townsquare/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, type SeriesRow } from '../../db/schema/index.ts';
import {
  createUser,
  makeFriends,
  requestAs,
  seriesBody,
  type TestUser,
  useUsers,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { writeStandingRsvp } from './series.repository.ts';
import { extendSeries, occurrenceTimes } from './series.service.ts';

const DAY = 86_400_000;

describe('occurrence times', () => {
  const series = (over: Partial<SeriesRow>): SeriesRow => ({
    id: '01900000-0000-7000-8000-000000000001',
    creatorId: '01900000-0000-7000-8000-000000000002',
    communityId: null,
    freq: 'weekly',
    interval: 1,
    until: null,
    timeZone: 'Europe/Berlin',
    startLocal: '2026-03-19T19:00',
    durationMinutes: 90,
    title: 'Run',
    description: 'Easy',
    location: 'Park',
    placeId: null,
    addressVisibility: 'PUBLIC',
    online: false,
    onlineUrl: null,
    cost: 0,
    isFree: true,
    visibility: 'PUBLIC',
    tags: [],
    imageUrl: null,
    capacity: null,
    offerHours: 12,
    maxGuests: 0,
    allowTransfers: false,
    questions: [],
    generated: 0,
    autoPublish: false,
    importUid: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...over,
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    const s = series({});
    expect(occurrenceTimes(s, 0).start.toISOString()).toBe('2026-03-19T18:00:00.000Z');
    expect(occurrenceTimes(s, 2).start.toISOString()).toBe('2026-04-02T17:00:00.000Z');
    expect(occurrenceTimes(s, 2).end.toISOString()).toBe('2026-04-02T18:30:00.000Z');
    expect(occurrenceTimes(series({ interval: 2 }), 1).start.toISOString()).toBe('2026-04-02T17:00:00.000Z');
  });

  it('runs monthly on the same day, or the last day of a shorter month', () => {
    const s = series({ freq: 'monthly', startLocal: '2026-01-31T10:00', timeZone: 'UTC' });
    expect([0, 1, 2, 3, 12].map((i) => occurrenceTimes(s, i).start.toISOString().slice(0, 10))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2027-01-31',
    ]);
  });
});

const t = useTestApp();
const [host, fan, stranger] = useUsers(t, 3, { verified: true });

const inject = requestAs(t);

type Ev = {
  id: string;
  status: string;
  startDate: string;
  title: string;
  cancelled?: boolean;
  myRsvp: string | null;
};

async function createSeries(user: TestUser, over: Record<string, unknown> = {}) {
  const res = await inject('POST', '/api/series', user, seriesBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { series: { id: string }; events: Ev[] };
}

/** A series of the host's, then its first three occurrences. */
async function seriesOfThree(over: Record<string, unknown>) {
  const { series, events: created } = await createSeries(host, over);
  const [a, b, c] = created;
  if (!a || !b || !c) throw new Error('no occurrences');
  return [series, a, b, c] as const;
}

const occurrences = async (seriesId: string) =>
  t.db.select().from(events).where(eq(events.seriesId, seriesId)).orderBy(events.seriesIndex);

describe('creating a series', () => {
  it('creates draft occurrences up to 8 weeks ahead, and extendSeries keeps the horizon idempotently', async () => {
    const { series, events: created } = await createSeries(host);
    expect(created).toHaveLength(8);
    expect(created.every((e) => e.status === 'DRAFT')).toBe(true);
    expect(new Set(created.map((e) => e.id)).size).toBe(8);
    // Same instant: nothing to add, however often it runs.
    expect(await extendSeries(t.db, new Date())).toBe(0);
    expect(await occurrences(series.id)).toHaveLength(8);
    // A week later the horizon has moved one run further; running twice adds it once.
    const later = new Date(Date.now() + 7 * DAY);
    await extendSeries(t.db, later);
    await extendSeries(t.db, later);
    const rows = await occurrences(series.id);
    expect(rows).toHaveLength(9);
    expect(rows.map((r) => r.seriesIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rows[8]?.timeZone).toBe('Europe/Berlin');
  });

  it('stops at `until`', async () => {
    const until = new Date(Date.now() + 16 * DAY).toISOString();
    const { events: created } = await createSeries(host, { until });
    expect(created).toHaveLength(3);
  });

  it('refuses bad input with readable 400s', async () => {
    const cases: Record<string, unknown>[] = [
      { freq: 'daily' },
      { freq: ['weekly'] },
      { interval: 0 },
      { interval: 1.5 },
      { interval: '2' },
      { until: '2000-01-01T00:00:00Z' },
      { until: 'soon' },
      { timeZone: 'Mars/Olympus' },
      { timeZone: 42 },
      { title: '' },
      { endDate: new Date(Date.now() + 30 * DAY).toISOString() },
      { __proto__: { isAdmin: true }, title: 'x'.repeat(10_000) },
      // Where it happens, with the rules and messages of an event.
      { location: undefined },
      { placeId: 'nowhere' },
      { placeId: '01900000-0000-7000-8000-000000000009' },
      { addressVisibility: 'FRIENDS' },
      { online: 'sometimes' },
      { online: true, onlineUrl: 'http://meet.example/room' },
    ];
    for (const over of cases) {
      const res = await inject('POST', '/api/series', host, seriesBody(over));
      expect(res.statusCode, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await inject('POST', '/api/series', host, [] as unknown as object)).statusCode).toBe(400);
    expect((await inject('POST', '/api/series', undefined, seriesBody())).statusCode).toBe(401);
  });
});

describe('confirming occurrences', () => {
  it('keeps an unconfirmed occurrence invisible to others; the host confirms it from the pending list', async () => {
    const { series, events: created } = await createSeries(host, { title: 'Confirm me' });
    const [next, second] = created;
    if (!next || !second) throw new Error('no occurrences');
    expect((await inject('GET', `/api/events/${next.id}`, stranger)).statusCode).toBe(404);
    expect((await inject('GET', `/api/events/public/${next.id}`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/series/${series.id}`, stranger)).statusCode).toBe(404);
    const list = (await inject('GET', '/api/events?status=LIVE', stranger)).json().events as Ev[];
    expect(list.some((e) => e.title === 'Confirm me')).toBe(false);

    const pending = (await inject('GET', '/api/series/pending', host)).json().events as Ev[];
    expect(pending.map((e) => e.id)).toContain(next.id);
    expect(pending.map((e) => e.id)).not.toContain(second.id); // 8 days away
    expect((await inject('GET', '/api/series/pending', stranger)).json().events).toEqual([]);

    expect((await inject('POST', `/api/events/${next.id}/confirm`, stranger)).statusCode).toBe(404);
    const res = await inject('POST', `/api/events/${next.id}/confirm`, host);
    expect(res.statusCode).toBe(200);
    expect(res.json().event.status).toBe('LIVE');
    expect((await inject('GET', `/api/events/${next.id}`, stranger)).statusCode).toBe(200);
    expect((await inject('GET', `/api/events/${second.id}`, stranger)).statusCode).toBe(404);
    expect((await inject('POST', `/api/events/${next.id}/confirm`, host)).statusCode).toBe(409);
    expect((await inject('POST', `/api/events/${next.id}/confirm`, stranger)).statusCode).toBe(403);
    expect(
      (await inject('GET', '/api/series/pending', host)).json().events.map((e: Ev) => e.id),
    ).not.toContain(next.id);
  });

  it('needs a verified e-mail, and an occurrence', async () => {
    const unverified = await createUser(t);
    const { events: created } = await createSeries(unverified);
    const res = await inject('POST', `/api/events/${created[0]?.id}/confirm`, unverified);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Verify your email/);
    const single = await inject('POST', '/api/events', host, { ...seriesBody(), status: 'DRAFT' });
    const confirmSingle = await inject('POST', `/api/events/${single.json().event.id}/confirm`, host);
    expect(confirmSingle.statusCode).toBe(400);
    expect((await inject('POST', '/api/events/not-a-uuid/confirm', host)).statusCode).toBe(404);
  });
});

describe('standing RSVP', () => {
  it('counts the person going to each confirmed occurrence; skipping one keeps the rest', async () => {
    const [series, a, b, c] = await seriesOfThree({ title: 'Standing run' });
    await inject('POST', `/api/events/${a.id}/confirm`, host);
    const standing = await inject('POST', `/api/series/${series.id}/rsvp`, fan, { status: 'going' });
    expect(standing.statusCode).toBe(200);
    expect(standing.json().series).toMatchObject({ standing: true, standingCount: 1 });
    expect((await inject('GET', `/api/events/${a.id}`, fan)).json().event.myRsvp).toBe('going');

    // Skip b before it is confirmed? Not visible yet, so skip after confirming.
    await inject('POST', `/api/events/${b.id}/confirm`, host);
    expect((await inject('GET', `/api/events/${b.id}`, fan)).json().event.myRsvp).toBe('going');
    const skip = await inject('POST', `/api/events/${b.id}/rsvp`, fan, { status: 'not_going' });
    expect(skip.json().event.myRsvp).toBe('not_going');
    expect(skip.json().event.attendeeCount).toBe(0);
    expect((await inject('GET', `/api/series/${series.id}`, fan)).json().series.standing).toBe(true);

    await inject('POST', `/api/events/${c.id}/confirm`, host);
    expect((await inject('GET', `/api/events/${c.id}`, fan)).json().event.myRsvp).toBe('going');
    expect((await inject('GET', `/api/events/${b.id}`, fan)).json().event.myRsvp).toBe('not_going');

    const off = await inject('POST', `/api/series/${series.id}/rsvp`, fan, { status: 'none' });
    expect(off.json().series).toMatchObject({ standing: false, standingCount: 0 });
    expect((await inject('GET', `/api/events/${c.id}`, fan)).json().event.myRsvp).toBe(null);
  });

  it('goes through the capacity rules: a full occurrence waitlists, ending the standing RSVP offers the place on', async () => {
    const second = await createUser(t, { verified: true });
    const { series, events: created } = await createSeries(host, { title: 'Twelve places' });
    const first = created[0];
    if (!first) throw new Error('no occurrences');
    const limited = await inject('PUT', `/api/events/${first.id}`, host, { capacity: 1 });
    expect(limited.statusCode, limited.body).toBe(200);
    await inject('POST', `/api/events/${first.id}/confirm`, host);

    await inject('POST', `/api/series/${series.id}/rsvp`, fan, { status: 'going' });
    await inject('POST', `/api/series/${series.id}/rsvp`, second, { status: 'going' });
    const fanView = (await inject('GET', `/api/events/${first.id}`, fan)).json().event;
    expect(fanView.viewerRsvp).toMatchObject({ status: 'going' });
    const waiting = (await inject('GET', `/api/events/${first.id}`, second)).json().event;
    expect(waiting.viewerRsvp).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect(waiting.attendeeCount).toBe(1);

    await inject('POST', `/api/series/${series.id}/rsvp`, fan, { status: 'none' });
    const offered = (await inject('GET', `/api/events/${first.id}`, second)).json().event;
    expect(offered.viewerRsvp).toMatchObject({ status: 'offered' });
    expect(offered.viewerRsvp.offerExpiresAt).toEqual(expect.any(String));
  });

  it('is for people who can see the series, not its host, with a valid status', async () => {
    const { series, events: created } = await createSeries(host, { visibility: 'PRIVATE' });
    expect(
      (await inject('POST', `/api/series/${series.id}/rsvp`, stranger, { status: 'going' })).statusCode,
    ).toBe(404);
    await inject('POST', `/api/events/${created[0]?.id}/confirm`, host);
    expect(
      (await inject('POST', `/api/series/${series.id}/rsvp`, stranger, { status: 'going' })).statusCode,
    ).toBe(404);
    const friend = await createUser(t);
    await makeFriends(t, host, friend);
    expect(
      (await inject('POST', `/api/series/${series.id}/rsvp`, friend, { status: 'going' })).statusCode,
    ).toBe(200);
    expect(
      (await inject('POST', `/api/series/${series.id}/rsvp`, host, { status: 'going' })).statusCode,
    ).toBe(400);
    for (const body of [{ status: 'maybe' }, { status: ['going'] }, {}, { status: 'going'.repeat(10_000) }]) {
      const res = await inject('POST', `/api/series/${series.id}/rsvp`, friend, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await inject('GET', '/api/series/not-a-uuid', friend)).statusCode).toBe(404);
  });
});

describe('editing and deleting with a scope', () => {
  it('"only this one" changes one occurrence; "this and following" changes it, the later ones and future runs', async () => {
    const [series, a, b, c] = await seriesOfThree({ title: 'Edit me' });
    const only = await inject('PUT', `/api/events/${a.id}`, host, { title: 'Just this once' });
    expect(only.json().event.title).toBe('Just this once');
    expect((await inject('GET', `/api/events/${b.id}`, host)).json().event.title).toBe('Edit me');

    // Move b and everything after it one hour later and rename them.
    const bStart = new Date(b.startDate).getTime();
    const res = await inject('PUT', `/api/events/${b.id}?scope=following`, host, {
      title: 'Later run',
      startDate: new Date(bStart + 3600_000).toISOString(),
      endDate: new Date(bStart + 3600_000 + 90 * 60_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await occurrences(series.id);
    expect(rows[0]?.title).toBe('Just this once');
    expect(rows.slice(1).every((r) => r.title === 'Later run')).toBe(true);
    expect(rows[2]?.startDate.getTime()).toBe(new Date(c.startDate).getTime() + 3600_000);
    expect(rows[2]?.sequence).toBeGreaterThan(0);
    await extendSeries(t.db, new Date(Date.now() + 14 * DAY));
    const extended = await occurrences(series.id);
    expect(extended.length).toBeGreaterThan(rows.length);
    expect(extended.at(-1)?.title).toBe('Later run');
    const prev = extended.at(-2);
    const last = extended.at(-1);
    if (!prev || !last) throw new Error('no occurrences');
    expect(last.startDate.getTime() - prev.startDate.getTime()).toBeLessThanOrEqual(7 * DAY + 3600_000);
    expect(last.startDate.getTime() - prev.startDate.getTime()).toBeGreaterThanOrEqual(7 * DAY - 3600_000);

    expect((await inject('PUT', `/api/events/${b.id}?scope=sideways`, host, { title: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await inject('PUT', `/api/events/${b.id}?scope=following`, stranger, { title: 'x' })).statusCode,
    ).toBe(404);
  });

  it('deleting: a draft goes, a confirmed one is cancelled; "this and following" ends the series', async () => {
    const [series, a, b, c] = await seriesOfThree({ title: 'Delete me' });
    await inject('POST', `/api/events/${a.id}/confirm`, host);
    await inject('POST', `/api/events/${c.id}/confirm`, host);
    const cancel = await inject('DELETE', `/api/events/${a.id}`, host);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().event.cancelled).toBe(true);
    const ics = (await inject('GET', `/api/events/${a.id}/ics`, stranger)).body;
    expect(ics).toContain('STATUS:CANCELLED');

    const res = await inject('DELETE', `/api/events/${b.id}?scope=following`, host);
    expect(res.statusCode).toBe(200);
    const rows = await occurrences(series.id);
    expect(rows.map((r) => r.seriesIndex)).toEqual([0, 2]); // drafts deleted, c cancelled
    expect(rows.every((r) => r.cancelledAt !== null)).toBe(true);
    await extendSeries(t.db, new Date(Date.now() + 30 * DAY));
    expect(await occurrences(series.id)).toHaveLength(2);

    const single = await inject('POST', '/api/events', host, { ...seriesBody(), status: 'DRAFT' });
    const id = single.json().event.id;
    expect((await inject('DELETE', `/api/events/${id}?scope=following`, host)).statusCode).toBe(400);
    expect((await inject('DELETE', `/api/events/${id}`, host)).statusCode).toBe(200);
  });
});

describe('capacity rules of a series', () => {
  const question = { text: 'Which pace group?', required: false };

  it('copies capacity, guests, offer time, transfers and questions onto every occurrence; the third "going" waits', async () => {
    const { series, events: created } = await createSeries(host, {
      title: 'Two places',
      capacity: 2,
      maxGuests: 1,
      offerHours: 6,
      allowTransfers: true,
      questions: [question],
    });
    const rows = await occurrences(series.id);
    expect(rows).toHaveLength(created.length);
    for (const row of rows) {
      expect(row).toMatchObject({ capacity: 2, maxGuests: 1, offerHours: 6, allowTransfers: true });
      expect(row.questions).toEqual([{ id: expect.any(String), ...question }]);
    }
    // The hourly horizon job copies them too.
    await extendSeries(t.db, new Date(Date.now() + 7 * DAY));
    const added = (await occurrences(series.id)).at(-1);
    expect(added?.seriesIndex).toBe(created.length);
    expect(added).toMatchObject({ capacity: 2, maxGuests: 1, offerHours: 6, allowTransfers: true });
    expect(added?.questions.map((q) => q.text)).toEqual([question.text]);

    const first = created[0];
    if (!first) throw new Error('no occurrences');
    const shown = (await inject('POST', `/api/events/${first.id}/confirm`, host)).json().event;
    expect(shown).toMatchObject({ capacity: 2, maxGuests: 1, offerHours: 6, allowTransfers: true });
    const questionId = shown.questions[0].id as string;
    const third = await createUser(t);
    for (const user of [fan, stranger]) {
      const res = await inject('POST', `/api/events/${first.id}/rsvp`, user, {
        status: 'going',
        answers: { [questionId]: 'Easy' },
      });
      expect(res.json().event.viewerRsvp).toMatchObject({
        status: 'going',
        answers: { [questionId]: 'Easy' },
      });
    }
    const waiting = await inject('POST', `/api/events/${first.id}/rsvp`, third, { status: 'going' });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().event.viewerRsvp).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect(waiting.json().event.attendeeCount).toBe(2);
  });

  it('"this and following" changes the rules of that occurrence, the later ones and future runs', async () => {
    const { series, events: created } = await createSeries(host, {
      title: 'Rules change',
      capacity: 2,
      questions: [question],
    });
    const b = created[1];
    if (!b) throw new Error('no occurrences');
    const res = await inject('PUT', `/api/events/${b.id}?scope=following`, host, {
      capacity: 5,
      maxGuests: 2,
      questions: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().event).toMatchObject({ capacity: 5, maxGuests: 2, questions: [] });
    const rows = await occurrences(series.id);
    expect(rows[0]).toMatchObject({ capacity: 2, maxGuests: 0 });
    expect(rows[0]?.questions).toHaveLength(1);
    for (const row of rows.slice(1)) expect(row).toMatchObject({ capacity: 5, maxGuests: 2, questions: [] });
    await extendSeries(t.db, new Date(Date.now() + 14 * DAY));
    const future = (await occurrences(series.id)).at(-1);
    expect(future?.seriesIndex).toBeGreaterThan(rows.length - 1);
    expect(future).toMatchObject({ capacity: 5, maxGuests: 2, questions: [] });

    // "Only this one" leaves the others alone; bad values are 400s as for an event.
    const only = await inject('PUT', `/api/events/${b.id}`, host, { capacity: null });
    expect(only.json().event.capacity).toBe(null);
    expect((await occurrences(series.id))[2]?.capacity).toBe(5);
    const bad = await inject('PUT', `/api/events/${b.id}?scope=following`, host, { capacity: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Capacity must be a whole number between 1 and 10000, or empty for unlimited',
    );
    const badSeries = await inject('POST', '/api/series', host, seriesBody({ maxGuests: 9 }));
    expect(badSeries.statusCode).toBe(400);
    expect(badSeries.json().message).toBe('Guests per person must be a whole number between 0 and 5');
  });
});

describe('a cancelled occurrence', () => {
  it('takes no new answers (409), standing ones included; leaving it still works', async () => {
    const other = await createUser(t);
    const { series, events: created } = await createSeries(host, { title: 'Called off' });
    const [a, b] = created;
    if (!a || !b) throw new Error('no occurrences');
    await inject('POST', `/api/events/${a.id}/confirm`, host);
    await inject('POST', `/api/events/${b.id}/confirm`, host);
    expect((await inject('POST', `/api/events/${a.id}/rsvp`, fan, { status: 'going' })).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/events/${a.id}`, host)).json().event.cancelled).toBe(true);

    for (const body of [{ status: 'going' }, { status: 'maybe' }, { status: 'not_going' }, undefined]) {
      const res = await inject('POST', `/api/events/${a.id}/rsvp`, other, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().message).toBe('This event was cancelled');
    }
    const change = await inject('POST', `/api/events/${a.id}/rsvp`, fan, { status: 'maybe' });
    expect(change.statusCode).toBe(409);
    await expect(writeStandingRsvp(t.db, a.id, other.user.id)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This event was cancelled',
    });

    // Going to the whole series skips the cancelled run; ending it leaves the cancelled one too.
    const standing = await inject('POST', `/api/series/${series.id}/rsvp`, fan, { status: 'going' });
    expect(standing.statusCode).toBe(200);
    expect((await inject('GET', `/api/events/${b.id}`, fan)).json().event.myRsvp).toBe('going');
    expect((await inject('POST', `/api/series/${series.id}/rsvp`, fan, { status: 'none' })).statusCode).toBe(
      200,
    );
    expect((await inject('GET', `/api/events/${a.id}`, fan)).json().event.myRsvp).toBe(null);
  });
});

describe('where a series happens', () => {
  const LINK = 'https://meet.example/series-room';
  const ADDRESS = 'Hinterhof 3, Seitenflügel';

  it('every occurrence gets its place, address visibility and online link; an ATTENDEES one shows the city only', async () => {
    const pin = await inject('POST', '/api/places', host, {
      name: 'Courtyard',
      lat: 52.523456,
      lon: 13.412345,
      address: ADDRESS,
    });
    expect(pin.statusCode, pin.body).toBe(201);
    const place = pin.json().place as { id: string; timeZone: string };
    // No location and no zone: both come from the place, as for an event.
    const { series, events: created } = await createSeries(host, {
      title: 'Courtyard choir',
      location: undefined,
      timeZone: undefined,
      placeId: place.id,
      addressVisibility: 'ATTENDEES',
      online: true,
      onlineUrl: LINK,
    });
    const check = (rows: Awaited<ReturnType<typeof occurrences>>) => {
      for (const row of rows)
        expect(row).toMatchObject({
          placeId: place.id,
          addressVisibility: 'ATTENDEES',
          online: true,
          onlineUrl: LINK,
          location: `Courtyard, ${ADDRESS}, Berlin, DE`,
          timeZone: 'Europe/Berlin',
        });
    };
    check(await occurrences(series.id));
    // The runs the horizon reaches later are made from the template: they carry it too.
    await extendSeries(t.db, new Date(Date.now() + 14 * DAY));
    const rows = await occurrences(series.id);
    expect(rows).toHaveLength(10);
    check(rows);

    const first = created[0]?.id;
    expect((await inject('POST', `/api/events/${first}/confirm`, host)).statusCode).toBe(200);
    // A confirmed occurrence is in near lists and on the map, at the city's point for a stranger.
    const near = await inject('GET', '/api/events?near=52.52,13.40&radiusKm=25', stranger);
    const listed = (near.json().events as EventDto[]).find((e) => e.id === first);
    expect(listed).toMatchObject({
      location: 'Berlin, DE',
      place: { city: 'Berlin', address: '', lat: 52.52, lon: 13.41 },
      online: true,
    });
    expect(listed?.onlineUrl).toBeUndefined();
    const map = await inject('GET', '/api/events/map?bbox=13,52,14,53', stranger);
    expect(map.json().points).toContainEqual(expect.objectContaining({ id: first, lat: 52.52, lon: 13.41 }));
    for (const [url, who] of [
      ['/api/events?near=52.52,13.40&radiusKm=25', stranger],
      ['/api/events/map?bbox=13,52,14,53', stranger],
      [`/api/events/${first}`, stranger],
      ['/api/near/berlin-de', undefined],
    ] as const) {
      const res = await inject('GET', url, who);
      expect(res.body, url).toContain(first);
      for (const secret of ['Hinterhof', 'series-room', '52.523456', '13.412345'])
        expect(res.body, url).not.toContain(secret);
    }
    // The host reads all of it.
    const own = (await inject('GET', `/api/events/${first}`, host)).json().event as EventDto;
    expect(own).toMatchObject({ place: { id: place.id, address: ADDRESS }, onlineUrl: LINK });
  });

  it('"this and following" moves the place rules of the later runs and of future ones', async () => {
    const { series, events: created } = await createSeries(host, {
      title: 'Open choir',
      online: true,
      onlineUrl: LINK,
      addressVisibility: 'ATTENDEES',
    });
    const second = created[1]?.id;
    const res = await inject('PUT', `/api/events/${second}?scope=following`, host, {
      addressVisibility: 'PUBLIC',
      online: false,
      onlineUrl: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    await extendSeries(t.db, new Date(Date.now() + 14 * DAY));
    const rows = await occurrences(series.id);
    expect(rows[0]).toMatchObject({ addressVisibility: 'ATTENDEES', online: true, onlineUrl: LINK });
    for (const row of rows.slice(1))
      expect(row, String(row.seriesIndex)).toMatchObject({
        addressVisibility: 'PUBLIC',
        online: false,
        onlineUrl: null,
      });
  });
});
