import {
  addDays,
  type CommunityImport,
  dayIn,
  EVENT_MSG,
  eventResponse,
  formatDay,
  fromWallTime,
  transitions,
} from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { createCommunity, eventBody, onlyNotificationOf, requestAs, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/** All-day events (decision 078): the API, calendars in and out, and the page's JSON-LD. */

const TEMPLATE = '<!doctype html><html lang="en"><head><title>Townsquare</title></head><body></body></html>';
const PUBLIC_URL = 'https://town.example';
const t = useTestApp({ env: { PUBLIC_URL }, web: { 'index.html': TEMPLATE } });
const inject = requestAs(t);
const [host, member] = useUsers(t, 2, { verified: true });

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const day = (month: number, d: number) =>
  `${NEXT_YEAR}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

// March in New York: the clock change (the second Sunday) moves, so the midnights are computed.
const nyMidnight = (month: number, d: number) =>
  fromWallTime('America/New_York', {
    year: NEXT_YEAR,
    month,
    day: d,
    hour: 0,
    minute: 0,
    second: 0,
  }).toISOString();

async function create(overrides: Record<string, unknown>) {
  const res = await inject('POST', '/api/events', host, eventBody({ recurrence: 'NONE', ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return eventResponse.parse(res.json()).event;
}

/** An all-day event from the date `start` to the date `end` (both included) in `timeZone`. */
const createAllDay = (start: string, end: string, timeZone: string) =>
  create({ allDay: true, startDate: start, endDate: end, timeZone });

describe('all-day events through the API', () => {
  it('creates one from dates alone: the first day 00:00 to the last day 24:00 in its zone', async () => {
    const event = await createAllDay(day(12, 14), day(12, 15), 'Europe/Berlin');
    expect(event.allDay).toBe(true);
    expect(event.startDate).toBe(`${day(12, 13)}T23:00:00.000Z`);
    expect(event.endDate).toBe(`${day(12, 15)}T23:00:00.000Z`);
    const timed = await create({ timeZone: 'Europe/Berlin' });
    expect(timed.allDay).toBe(false);
  });

  it('a single day may start and end on the same date; a moment is the day it falls on in the zone', async () => {
    const one = await createAllDay(day(7, 4), day(7, 4), 'America/New_York');
    expect(one.startDate).toBe(`${day(7, 4)}T04:00:00.000Z`);
    expect(one.endDate).toBe(`${day(7, 5)}T04:00:00.000Z`);
    // 22:30 in New York is already the next day in UTC: the day is New York's.
    const moment = await create({
      allDay: 'true',
      startDate: `${day(7, 5)}T02:30:00Z`,
      endDate: `${day(7, 5)}T03:30:00Z`,
      timeZone: 'America/New_York',
    });
    expect([moment.startDate, moment.endDate]).toEqual([one.startDate, one.endDate]);
  });

  it('refuses a last day before the first, and an allDay that is no boolean, with readable 400s', async () => {
    const before = await inject(
      'POST',
      '/api/events',
      host,
      eventBody({ allDay: true, startDate: day(12, 15), endDate: day(12, 14) }),
    );
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe(EVENT_MSG.endBeforeStart);
    const bad = await inject('POST', '/api/events', host, eventBody({ allDay: 'sometimes' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(EVENT_MSG.allDayInvalid);
  });

  it('updates: turning an event all-day takes its days; sending the answer back changes nothing; off keeps the span', async () => {
    const event = await create({
      startDate: `${day(3, 10)}T17:00:00Z`,
      endDate: `${day(3, 10)}T19:00:00Z`,
      timeZone: 'Europe/Berlin',
    });
    const on = await inject('PUT', `/api/events/${event.id}`, host, { allDay: true });
    expect(on.statusCode, on.body).toBe(200);
    const allDay = eventResponse.parse(on.json()).event;
    expect(allDay).toMatchObject({
      allDay: true,
      startDate: `${day(3, 9)}T23:00:00.000Z`,
      endDate: `${day(3, 10)}T23:00:00.000Z`,
    });
    const again = await inject('PUT', `/api/events/${event.id}`, host, {
      allDay: true,
      startDate: allDay.startDate,
      endDate: allDay.endDate,
    });
    expect(eventResponse.parse(again.json()).event).toMatchObject({
      startDate: allDay.startDate,
      endDate: allDay.endDate,
      sequence: allDay.sequence,
    });
    const longer = await inject('PUT', `/api/events/${event.id}`, host, { endDate: day(3, 12) });
    expect(eventResponse.parse(longer.json()).event.endDate).toBe(`${day(3, 12)}T23:00:00.000Z`);
    const backwards = await inject('PUT', `/api/events/${event.id}`, host, { startDate: day(3, 14) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(EVENT_MSG.allDayEndBeforeStart);
    // A new zone keeps the days: 10 to 12 March in New York now.
    const moved = await inject('PUT', `/api/events/${event.id}`, host, { timeZone: 'America/New_York' });
    expect(eventResponse.parse(moved.json()).event).toMatchObject({
      startDate: nyMidnight(3, 10),
      endDate: nyMidnight(3, 13),
    });
    const back = await inject('PUT', `/api/events/${event.id}`, host, { timeZone: 'Europe/Berlin' });
    expect(eventResponse.parse(back.json()).event.startDate).toBe(allDay.startDate);
    const off = await inject('PUT', `/api/events/${event.id}`, host, { allDay: false });
    expect(eventResponse.parse(off.json()).event).toMatchObject({
      allDay: false,
      startDate: allDay.startDate,
      endDate: `${day(3, 12)}T23:00:00.000Z`,
    });
  });
});

describe('all-day events in calendars and on the page', () => {
  it('the event ICS writes VALUE=DATE with the exclusive end; timed events keep TZID', async () => {
    const event = await createAllDay(day(12, 14), day(12, 15), 'Europe/Berlin');
    const ics = (await inject('GET', `/api/events/${event.id}/ics`, host)).body;
    expect(ics).toContain(`DTSTART;VALUE=DATE:${day(12, 14).replaceAll('-', '')}\r\n`);
    expect(ics).toContain(`DTEND;VALUE=DATE:${day(12, 16).replaceAll('-', '')}\r\n`);
    expect(ics).not.toContain('DTSTART;TZID');
    const timed = await create({ timeZone: 'Europe/Berlin' });
    expect((await inject('GET', `/api/events/${timed.id}/ics`, host)).body).toContain(
      'DTSTART;TZID=Europe/Berlin:',
    );
  });

  it("the page's JSON-LD gives the dates alone, the end the last day", async () => {
    const event = await createAllDay(day(12, 14), day(12, 15), 'Europe/Berlin');
    const html = (await inject('GET', `/event/${event.id}`)).body;
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(JSON.parse(block?.[1] ?? '{}')).toMatchObject({ startDate: day(12, 14), endDate: day(12, 15) });
  });

  it('texts name its day without a clock: a move is told as "now <day>, all day", never 00:00', async () => {
    const event = await create({
      allDay: true,
      startDate: day(12, 14),
      endDate: day(12, 14),
      timeZone: 'Europe/Berlin',
    });
    const going = await inject('POST', `/api/events/${event.id}/rsvp`, member, { status: 'going' });
    expect(going.statusCode, going.body).toBe(200);
    const moved = await inject('PUT', `/api/events/${event.id}`, host, {
      startDate: day(12, 15),
      endDate: day(12, 15),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const told = await onlyNotificationOf(t, member, 'event_updated');
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(`${day(12, 15)}T12:00:00Z`),
    );
    expect(told?.text).toContain(`now ${weekday} 15 Dec, all day`);
    expect(told?.text).not.toContain('00:00');
  });

  it('a published event that moved says EventRescheduled with its previous start; a draft moved does not', async () => {
    const event = await create({
      allDay: true,
      startDate: day(12, 14),
      endDate: day(12, 14),
      timeZone: 'Europe/Berlin',
    });
    const jsonLd = async (id: string) => {
      const html = (await inject('GET', `/event/${id}`)).body;
      return JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}');
    };
    expect((await jsonLd(event.id)).eventStatus).toBe('https://schema.org/EventScheduled');
    const moved = await inject('PUT', `/api/events/${event.id}`, host, {
      startDate: day(12, 16),
      endDate: day(12, 16),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(eventResponse.parse(moved.json()).event.previousStartDate).toBe(event.startDate);
    expect(await jsonLd(event.id)).toMatchObject({
      eventStatus: 'https://schema.org/EventRescheduled',
      previousStartDate: day(12, 14),
      startDate: day(12, 16),
    });

    const draft = await create({
      status: 'DRAFT',
      startDate: `${day(12, 14)}T18:00:00Z`,
      endDate: `${day(12, 14)}T20:00:00Z`,
    });
    const redrafted = await inject('PUT', `/api/events/${draft.id}`, host, {
      startDate: `${day(12, 15)}T18:00:00Z`,
      endDate: `${day(12, 15)}T20:00:00Z`,
      status: 'LIVE',
    });
    expect(redrafted.statusCode, redrafted.body).toBe(200);
    expect(eventResponse.parse(redrafted.json()).event.previousStartDate).toBeNull();
    expect((await jsonLd(draft.id)).eventStatus).toBe('https://schema.org/EventScheduled');
  });

  it('an imported DATE-valued VEVENT is all-day on the same dates in the calendar zone; its repeats too', async () => {
    const community = await createCommunity(t, host);
    const y = NEXT_YEAR;
    // A daily all-day rule across the last clock change in Berlin (read from the year before now):
    // each day still 00:00 to 24:00, not 23 or 25 hours from the first.
    const now = new Date();
    const change = transitions('Europe/Berlin', new Date(now.getTime() - 300 * 86_400_000), now)[0];
    if (!change) throw new Error('Berlin changes its clocks every year');
    const first = addDays(dayIn('Europe/Berlin', change.at), -3);
    const stamp = (n: number) => formatDay(addDays(first, n)).replaceAll('-', '');
    const local = (n: number) => `${formatDay(addDays(first, n))} 00:00`;
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'X-WR-TIMEZONE:Europe/Berlin',
      'BEGIN:VEVENT',
      'UID:fair@example.org',
      'DTSTAMP:20260101T000000Z',
      `DTSTART;VALUE=DATE:${y}0314`,
      `DTEND;VALUE=DATE:${y}0316`,
      'SUMMARY:Spring fair',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:cleanup@example.org',
      'DTSTAMP:20260101T000000Z',
      `DTSTART;VALUE=DATE:${stamp(0)}`,
      `DTEND;VALUE=DATE:${stamp(1)}`,
      'RRULE:FREQ=DAILY;COUNT=8',
      'SUMMARY:Clean-up week',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const boundary = '----allday';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/communities/${community.slug}/imports`,
      headers: { ...host.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.ics"\r\nContent-Type: text/calendar\r\n\r\n${ics}\r\n--${boundary}--\r\n`,
      ),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const id = res.json().import.id as string;
    const done = await eventually(async () => {
      const row = (await inject('GET', `/api/imports/${id}`, host)).json().import as CommunityImport;
      if (row.state !== 'done' && row.state !== 'failed') throw new Error(`import still ${row.state}`);
      return row;
    }, 90_000);
    expect(done.state).toBe('done');
    const rows = (
      await t.db.execute<{ title: string; all_day: boolean; time_zone: string; start: string; end: string }>(
        sql`select title, all_day, time_zone,
              to_char(start_date at time zone 'Europe/Berlin', 'YYYY-MM-DD HH24:MI') as start,
              to_char(end_date at time zone 'Europe/Berlin', 'YYYY-MM-DD HH24:MI') as end
            from events where community_id = ${community.id} order by start_date`,
      )
    ).rows;
    const fair = rows.find((r) => r.title === 'Spring fair');
    expect(fair).toEqual({
      title: 'Spring fair',
      all_day: true,
      time_zone: 'Europe/Berlin',
      start: `${day(3, 14)} 00:00`,
      end: `${day(3, 16)} 00:00`,
    });
    const cleanup = rows.filter((r) => r.title === 'Clean-up week');
    expect(cleanup).toHaveLength(8);
    for (const [i, r] of cleanup.entries()) {
      expect(r.all_day).toBe(true);
      expect(r.start).toBe(local(i));
      expect(r.end).toBe(local(i + 1));
    }
    // And out again: the community's calendar writes the same dates.
    const feed = await inject('GET', `/api/communities/${community.slug}/calendar.ics`, host);
    expect(feed.body).toContain(`DTSTART;VALUE=DATE:${y}0314\r\nDTEND;VALUE=DATE:${y}0316\r\n`);
  });
});
