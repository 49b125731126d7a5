import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import { fromWallTime, offsetMinutes } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { EventRow } from '../../db/schema/index.ts';
import { writeCalendar } from '../../platform/ics-writer.ts';
import { createEvent, createUser, makeFriends, requestAs, unique, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/** Parses with ical.js (a real RFC 5545 parser) and gives each VEVENT with its UTC instants. */
function parse(body: string) {
  const root = new ICAL.Component(ICAL.parse(body));
  for (const tz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const out = root.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      status: String(v.getFirstPropertyValue('status')),
      tzid: v.getFirstProperty('dtstart')?.getParameter('tzid'),
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
    };
  });
  for (const tz of root.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.remove(String(tz.getFirstPropertyValue('tzid')));
  return out;
}

describe('time zones from Intl', () => {
  it('knows offsets on both sides of a change', () => {
    expect(offsetMinutes('Europe/Berlin', new Date('2026-01-15T12:00:00Z'))).toBe(60);
    expect(offsetMinutes('Europe/Berlin', new Date('2026-07-15T12:00:00Z'))).toBe(120);
    expect(offsetMinutes('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe(-240);
  });

  it('turns wall-clock times into instants, moving a skipped time forward and taking the first of a repeated one', () => {
    const w = (month: number, day: number, hour: number, minute = 0) => ({
      year: 2026,
      month,
      day,
      hour,
      minute,
      second: 0,
    });
    expect(fromWallTime('Europe/Berlin', w(3, 28, 19)).toISOString()).toBe('2026-03-28T18:00:00.000Z');
    expect(fromWallTime('Europe/Berlin', w(3, 29, 19)).toISOString()).toBe('2026-03-29T17:00:00.000Z');
    // 02:30 does not exist on 29 March in Berlin: 03:30 summer time.
    expect(fromWallTime('Europe/Berlin', w(3, 29, 2, 30)).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 25 October: the first, still summer time.
    expect(fromWallTime('Europe/Berlin', w(10, 25, 2, 30)).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

const row = (over: Partial<EventRow>): EventRow => ({
  id: '01900000-0000-7000-8000-000000000001',
  creatorId: '01900000-0000-7000-8000-000000000002',
  title: 'Run',
  allowGuestRsvp: false,
  description: 'Easy',
  location: 'Park',
  startDate: new Date('2026-03-26T18:00:00Z'),
  endDate: new Date('2026-03-26T19:00:00Z'),
  allDay: false,
  previousStartDate: null,
  cost: 0,
  isFree: true,
  status: 'LIVE',
  visibility: 'PUBLIC',
  recurrence: 'NONE',
  tags: [],
  imageUrl: null,
  communityId: null,
  placeId: null,
  addressVisibility: 'PUBLIC',
  online: false,
  onlineUrl: null,
  timeZone: 'Europe/Berlin',
  sequence: 0,
  cancelledAt: null,
  seriesId: null,
  seriesIndex: null,
  capacity: null,
  offerHours: 12,
  maxGuests: 0,
  allowTransfers: false,
  questions: [],
  hiddenAt: null,
  importUid: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  ...over,
});

describe('the iCalendar writer', () => {
  it('writes TZID times with a VTIMEZONE that a real parser reads back to the right instants across a DST change', () => {
    // 19:00 Berlin before the spring change (UTC+1) and after it (UTC+2), then after autumn's.
    const starts = ['2026-03-26T18:00:00Z', '2026-04-02T17:00:00Z', '2026-10-29T18:00:00Z'];
    const events = starts.map((s, i) =>
      row({
        id: `01900000-0000-7000-8000-00000000001${i}`,
        startDate: new Date(s),
        endDate: new Date(new Date(s).getTime() + 3600_000),
      }),
    );
    const body = writeCalendar(events, { publicUrl: 'https://town.example' });
    expect(body).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin');
    expect(body).toContain('DTSTART;TZID=Europe/Berlin:20260326T190000');
    expect(body).toContain('DTSTART;TZID=Europe/Berlin:20260402T190000');
    const parsed = parse(body);
    expect(parsed.map((p) => p.start.toISOString())).toEqual(starts.map((s) => new Date(s).toISOString()));
    expect(parsed.every((p) => p.tzid === 'Europe/Berlin')).toBe(true);
  });

  it('folds long lines at 75 octets without splitting characters, with CRLF everywhere', () => {
    const body = writeCalendar([row({ description: 'Ünïcødé '.repeat(40), timeZone: 'America/New_York' })], {
      publicUrl: 'https://town.example',
    });
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(body.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(body.replace(/\r\n /g, '')).toContain(`DESCRIPTION:${'Ünïcødé '.repeat(40)}`);
    expect(parse(body)[0]?.start.toISOString()).toBe('2026-03-26T18:00:00.000Z');
  });

  it('marks a cancelled event CANCELLED and a draft TENTATIVE', () => {
    const body = writeCalendar(
      [
        row({ cancelledAt: new Date() }),
        row({ id: '01900000-0000-7000-8000-000000000009', status: 'DRAFT' }),
      ],
      { publicUrl: 'https://town.example' },
    );
    expect(parse(body).map((p) => p.status)).toEqual(['CANCELLED', 'TENTATIVE']);
  });
});

const t = useTestApp();
const [host, fan] = useUsers(t, 2, { verified: true });

const inject = requestAs(t);

const path = (url: string) => new URL(url).pathname;

describe('the per-event file', () => {
  it('keeps its UID, grows SEQUENCE with each calendar change (not with others) and parses', async () => {
    const id = await createEvent(t, host, { timeZone: 'Europe/Berlin', recurrence: 'NONE' });
    const first = parse((await inject('GET', `/api/events/${id}/ics`)).body)[0];
    expect(first?.sequence).toBe(0);
    expect(first?.tzid).toBe('Europe/Berlin');
    await inject('PUT', `/api/events/${id}`, host, { title: 'Moved run' });
    await inject('PUT', `/api/events/${id}`, host, { tags: ['Running'] });
    const second = parse((await inject('GET', `/api/events/${id}/ics`)).body)[0];
    expect(second?.uid).toBe(first?.uid);
    expect(second?.summary).toBe('Moved run');
    expect(second?.sequence).toBe(1);
    await inject('PUT', `/api/events/${id}`, host, { location: 'North gate' });
    expect(parse((await inject('GET', `/api/events/${id}/ics`)).body)[0]?.sequence).toBe(2);
  });

  it('takes the time zone on create and update, and refuses an unknown one', async () => {
    const id = await createEvent(t, host, { timeZone: 'America/New_York' });
    const event = (await inject('GET', `/api/events/${id}`, host)).json().event;
    expect(event.timeZone).toBe('America/New_York');
    const bad = await inject('PUT', `/api/events/${id}`, host, { timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Time zone must be an IANA time zone/);
    const wrongType = await inject('PUT', `/api/events/${id}`, host, { timeZone: ['UTC'] });
    expect(wrongType.statusCode).toBe(400);
    const ok = await inject('PUT', `/api/events/${id}`, host, { timeZone: 'Asia/Tokyo' });
    expect(ok.json().event.timeZone).toBe('Asia/Tokyo');
    // Without one (the original client), UTC.
    const plain = await createEvent(t, host);
    expect((await inject('GET', `/api/events/${plain}`, host)).json().event.timeZone).toBe('UTC');
  });
});

describe('the private feed', () => {
  it('lists what the person is going to or maybe, is cacheable, and its link resets', async () => {
    const going = await createEvent(t, host, { title: 'Going one', recurrence: 'NONE' });
    const maybe = await createEvent(t, host, { title: 'Maybe one', recurrence: 'NONE' });
    const declined = await createEvent(t, host, { title: 'Declined one', recurrence: 'NONE' });
    const ignored = await createEvent(t, host, { title: 'Ignored one', recurrence: 'NONE' });
    await inject('POST', `/api/events/${going}/rsvp`, fan, { status: 'going' });
    await inject('POST', `/api/events/${maybe}/rsvp`, fan, { status: 'maybe' });
    await inject('POST', `/api/events/${declined}/rsvp`, fan, { status: 'not_going' });

    const me = (await inject('GET', '/api/users/me', fan)).json();
    expect(me.calendarFeedUrl).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/[0-9a-f]{32}[\w-]{43}\.ics$/);
    const res = await inject('GET', path(me.calendarFeedUrl));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const summaries = parse(res.body).map((e) => e.summary);
    expect(summaries).toContain('Going one');
    expect(summaries).toContain('Maybe one');
    expect(summaries).not.toContain('Declined one');
    expect(summaries).not.toContain('Ignored one');
    expect(ignored).toBeTruthy();

    const etag = String(res.headers.etag);
    const again = await inject('GET', path(me.calendarFeedUrl), undefined, undefined, {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const reset = await inject('POST', '/api/users/me/calendar-feed/reset', fan);
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().calendarFeedUrl;
    expect(fresh).not.toBe(me.calendarFeedUrl);
    expect((await inject('GET', path(me.calendarFeedUrl))).statusCode).toBe(404);
    expect((await inject('GET', path(fresh))).statusCode).toBe(200);
    expect((await inject('GET', '/api/users/me', fan)).json().calendarFeedUrl).toBe(fresh);
  });

  it('gets a new link when the password changes or the person signs out everywhere', async () => {
    const person = await createUser(t);
    const feedUrl = async () =>
      (await inject('GET', '/api/users/me', person)).json().calendarFeedUrl as string;
    const changes = [
      () =>
        inject('PUT', '/api/users/me/password', person, {
          currentPassword: person.password,
          newPassword: 'another long passphrase',
        }),
      () => inject('DELETE', '/api/auth/sessions', person),
    ];
    for (const change of changes) {
      const before = await feedUrl();
      expect((await inject('GET', path(before))).statusCode).toBe(200);
      expect((await change()).statusCode).toBe(200);
      const after = await feedUrl();
      expect(after).not.toBe(before);
      expect((await inject('GET', path(before))).statusCode).toBe(404);
      expect((await inject('GET', path(after))).statusCode).toBe(200);
    }
  });

  it('keeps serving a feed URL handed out before decision 066, which its link signer never makes', async () => {
    const [row] = (
      await t.db.execute<{ nonce: string }>(
        sql`select calendar_feed_nonce as nonce from users where id = ${fan.user.id}`,
      )
    ).rows;
    // The pre-066 derivation: an HMAC under a key derived from the JWT secret.
    const key = createHmac('sha256', t.config.jwtSecret ?? '')
      .update('townsquare calendar feed v1')
      .digest();
    const mac = createHmac('sha256', key).update(`${fan.user.id}:${row?.nonce}`).digest('base64url');
    const before = `/api/calendar/${fan.user.id.replace(/-/g, '')}${mac}.ics`;
    const current = path((await inject('GET', '/api/users/me', fan)).json().calendarFeedUrl);
    expect(current).not.toBe(before);
    expect((await inject('GET', before)).statusCode).toBe(200);
    expect((await inject('GET', current)).statusCode).toBe(200);
  });

  it("answers 404 for forged, malformed and other people's secrets", async () => {
    const mine = path((await inject('GET', '/api/users/me', fan)).json().calendarFeedUrl);
    const hostId = host.user.id.replace(/-/g, '');
    const forged = mine.replace(/[0-9a-f]{32}/, hostId);
    for (const url of [
      forged,
      '/api/calendar/nothing.ics',
      '/api/calendar/x',
      mine.replace('.ics', '.txt'),
      `/api/calendar/${'a'.repeat(90)}.ics`,
    ]) {
      const res = await inject('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("includes a friend's private event the person answered", async () => {
    const friendOnly = await createEvent(t, host, {
      title: 'Friends only',
      visibility: 'PRIVATE',
      recurrence: 'NONE',
    });
    const buddy = await createUser(t);
    await makeFriends(t, host, buddy);
    await inject('POST', `/api/events/${friendOnly}/rsvp`, buddy, { status: 'going' });
    const url = path((await inject('GET', '/api/users/me', buddy)).json().calendarFeedUrl);
    expect(parse((await inject('GET', url)).body).map((e) => e.summary)).toContain('Friends only');
  });
});

describe('community feeds', () => {
  const community = async (visibility: 'PUBLIC' | 'PRIVATE') => {
    const res = await inject('POST', '/api/communities', host, { name: unique('Climbers '), visibility });
    return res.json().community as { slug: string; id: string };
  };

  it("a PUBLIC community's feed has its public events; a PRIVATE one's is 404", async () => {
    const open = await community('PUBLIC');
    await createEvent(t, host, { title: 'Bouldering night', communityId: open.id, recurrence: 'NONE' });
    await createEvent(t, host, {
      title: 'Draft night',
      communityId: open.id,
      status: 'DRAFT',
      recurrence: 'NONE',
    });
    const res = await inject('GET', `/api/communities/${open.slug}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(parse(res.body).map((e) => e.summary)).toEqual(['Bouldering night']);
    expect(res.body).toMatch(/X-WR-CALNAME:Climbers/);

    const closed = await community('PRIVATE');
    await createEvent(t, host, { title: 'Members night', communityId: closed.id, recurrence: 'NONE' });
    expect((await inject('GET', `/api/communities/${closed.slug}/calendar.ics`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/communities/${closed.slug}/calendar.ics`, host)).statusCode).toBe(404);
    expect((await inject('GET', '/api/communities/no-such-club/calendar.ics')).statusCode).toBe(404);
  });

  it('reads the feed in one query', async () => {
    const open = await community('PUBLIC');
    for (let i = 0; i < 3; i++) await createEvent(t, host, { communityId: open.id, recurrence: 'NONE' });
    // The new events' notifications run as queued jobs on the same pool: done before counting, so
    // their statements are not taken for the feed's (this test once read 3 queries that way).
    await t.background.drain();
    const queries: string[] = [];
    const client = t.db.$client;
    const original = client.query.bind(client);
    // Count the statements the pool is asked to run on behalf of this request: its async context
    // carries the marker. Others on the same pool meanwhile (a cron job whose minute came, as
    // once in CI) are not the feed's.
    const feed = new AsyncLocalStorage<true>();
    (client as { query: unknown }).query = (...args: unknown[]) => {
      if (feed.getStore()) queries.push(String((args[0] as { text?: string }).text ?? args[0]));
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    try {
      // Awaited inside: light-my-request dispatches when its answer is awaited, not when called.
      const res = await feed.run(
        true,
        async () => await inject('GET', `/api/communities/${open.slug}/calendar.ics`),
      );
      expect(parse(res.body)).toHaveLength(3);
    } finally {
      (client as { query: unknown }).query = original;
    }
    expect(queries, queries.join('\n\n')).toHaveLength(1);
  });
});
