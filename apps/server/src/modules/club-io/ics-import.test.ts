import { readFileSync } from 'node:fs';
import { isValidTimeZone } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { fixedZone, NEVER_EVENT } from '../../test/ics.ts';
import { type ImportedItem, ITEMS_MAX, parseCalendar, VEVENTS_MAX, ZONES_MAX } from './ics-import.ts';
import { ruleProblem } from './recurrence-guard.ts';
import { WINDOWS_ZONES, windowsZoneToIana } from './windows-zones.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const NOW = new Date('2026-11-26T12:00:00Z');

/**
 * `calendar` (its opening lines and one bad event), then a fine event: the fine one is read and
 * the bad one is the report's one line.
 */
async function expectOnlyFineRead(
  calendar: string[],
  error: { line: number; uid: string; title: string; message: string },
) {
  const text = [
    ...calendar,
    'BEGIN:VEVENT',
    'UID:fine@example.com',
    'DTSTART:20261201T100000Z',
    'SUMMARY:Fine',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  const { items, errors } = await parseCalendar(text, NOW);
  expect(items.map((i) => i.uid)).toEqual(['fine@example.com']);
  expect(errors).toEqual([error]);
}

/** The items of the calendar of `lines`, read without an error. */
async function readCleanly(lines: string[]) {
  const { items, errors } = await parseCalendar(lines.join('\r\n'), NOW);
  expect(errors).toEqual([]);
  return items;
}

describe('the iCalendar reader', () => {
  it('reads a Google Calendar export: a weekly series with an exception and an EXDATE, an expanded monthly rule, a COUNT series, an all-day event', async () => {
    const { items, errors, total } = await parseCalendar(fixture('google-calendar.ics'), NOW);
    expect(errors).toEqual([]);
    expect(total).toBe(5);
    const thursday = items.find((i) => i.kind === 'series' && i.title === 'Thursday run');
    expect(thursday).toMatchObject({
      kind: 'series',
      uid: '5r1jd8ifgnm0a5q2kq9b3h3v7c@google.com',
      freq: 'weekly',
      interval: 1,
      until: null,
      timeZone: 'Europe/Berlin',
      startLocal: '2026-12-03T19:00',
      durationMinutes: 90,
      location: 'Riverside Park, Gate 2, 10115 Berlin, Germany',
      excluded: [new Date('2026-12-24T18:00:00Z')],
    });
    const override = items.find((i) => i.kind === 'override');
    expect(override).toMatchObject({
      uid: '5r1jd8ifgnm0a5q2kq9b3h3v7c@google.com',
      at: new Date('2026-12-17T18:00:00Z'),
      start: new Date('2026-12-17T17:00:00Z'),
      title: 'Thursday run (Christmas lights)',
    });
    // "First Saturday" is no series of ours: its occurrences up to 8 weeks ahead are events.
    const saturdays = items.filter((i) => i.kind === 'event' && i.title === 'First-Saturday long run');
    expect(saturdays.map((s) => (s.kind === 'event' ? s.start.toISOString() : ''))).toEqual([
      '2026-12-05T09:00:00.000Z',
      '2027-01-02T09:00:00.000Z',
    ]);
    expect(new Set(saturdays.map((s) => s.uid)).size).toBe(2);
    // A UTC start with COUNT=6: a monthly series ending on the sixth.
    expect(items.find((i) => i.title === 'Committee meeting')).toMatchObject({
      kind: 'series',
      freq: 'monthly',
      until: new Date('2027-05-10T17:00:00Z'),
      timeZone: 'Europe/Berlin',
      startLocal: '2026-12-10T18:00',
    });
    // An all-day event: midnight to midnight in the calendar's zone.
    expect(items.find((i) => i.title === 'Winter party')).toMatchObject({
      kind: 'event',
      start: new Date('2026-12-11T23:00:00Z'),
      end: new Date('2026-12-12T23:00:00Z'),
    });
  });

  it('reads a Meetup group feed: every other Tuesday as a series, "second Thursday" expanded, a cancelled event', async () => {
    const { items, errors } = await parseCalendar(fixture('meetup-group.ics'), NOW);
    expect(errors).toEqual([]);
    expect(items.find((i) => i.uid === 'event_312345678@meetup.com')).toMatchObject({
      kind: 'series',
      freq: 'weekly',
      interval: 2,
      timeZone: 'America/New_York',
      startLocal: '2026-12-08T18:30',
      durationMinutes: 210,
      // Meetup's trailing event address is dropped from the text (it is the URL property).
      description:
        'Brooklyn Board Gamers\nTuesday, December 8 at 6:30 PM\n\nBring a game or play one of ours.',
    });
    const teach = items.filter((i) => i.title === 'Learn-to-play: Wingspan');
    expect(teach.map((t) => (t.kind === 'event' ? t.start.toISOString() : t.kind))).toEqual([
      '2026-12-11T00:00:00.000Z',
      '2027-01-15T00:00:00.000Z',
    ]);
    expect(items.find((i) => i.uid === 'event_312345680@meetup.com')).toMatchObject({
      kind: 'event',
      cancelled: true,
    });
  });

  it('reports a broken event with its line and reads the rest; refuses what is no calendar at all', async () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:good-1',
      'DTSTART:20261201T100000Z',
      'SUMMARY:Fine',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:broken-1',
      'DTSTART:not-a-date',
      'SUMMARY:Broken',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:no-start',
      'SUMMARY:No start',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const { items, errors, total } = await parseCalendar(text, NOW);
    expect(total).toBe(3);
    expect(items.map((i) => i.uid)).toEqual(['good-1']);
    expect(errors.map((e) => [e.line, e.uid])).toEqual([
      [8, 'broken-1'],
      [13, 'no-start'],
    ]);
    expect(errors[1]?.message).toBe('Line 13: the event has no start (DTSTART)');
    // One hour when there is no end.
    expect(items[0]).toMatchObject({ end: new Date('2026-12-01T11:00:00Z'), description: '', location: '' });
    await expect(parseCalendar('name,email\nAda,ada@example.com', NOW)).rejects.toThrow(
      'This is not an iCalendar (.ics) file',
    );
  });

  it('refuses a rule that can never occur before iterating it (one next() call ran for ever)', async () => {
    // The tester's 238-byte file: no February has a 30th.
    await expectOnlyFineRead(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//x//EN', ...NEVER_EVENT], {
      line: 4,
      uid: 'never@example.com',
      title: 'Never',
      message:
        'Line 4: the rule (RRULE) can never occur: no date has all of its BYMONTH, BYMONTHDAY, BYYEARDAY and BYDAY',
    });
  }, 60_000);

  it('judges rules: impossible combinations and positions are refused, rare ones are not', () => {
    const never = /can never occur/;
    expect(ruleProblem('DAILY', { BYMONTH: [4, 6, 9, 11], BYMONTHDAY: [31] })).toMatch(never);
    expect(ruleProblem('WEEKLY', { BYMONTH: [2], BYMONTHDAY: [-30] })).toMatch(never);
    expect(ruleProblem('HOURLY', { BYYEARDAY: [366], BYMONTH: [1] })).toMatch(never);
    expect(ruleProblem('DAILY', { BYSETPOS: [2] })).toMatch(never);
    expect(ruleProblem('MONTHLY', { BYDAY: ['MO', 'TU'], BYSETPOS: [12] })).toMatch(never);
    expect(ruleProblem('MONTHLY', { BYDAY: ['6FR'] })).toMatch(never);
    expect(ruleProblem('SECONDLY', {})).toMatch(/more often than once an hour/);
    expect(ruleProblem('MINUTELY', { BYHOUR: [10] })).toMatch(/more often than once an hour/);
    // Possible, however rare: February 29th, a fifth Friday in February, the last weekday.
    expect(ruleProblem('DAILY', { BYMONTH: [2], BYMONTHDAY: [29] })).toBeUndefined();
    expect(ruleProblem('YEARLY', { BYMONTH: [2], BYDAY: ['5FR'] })).toBeUndefined();
    expect(ruleProblem('MONTHLY', { BYDAY: ['MO', 'TU', 'WE', 'TH', 'FR'], BYSETPOS: [-1] })).toBeUndefined();
    expect(ruleProblem('DAILY', { BYHOUR: [9, 18], BYSETPOS: [2] })).toBeUndefined();
    expect(ruleProblem('WEEKLY', { BYDAY: ['MO', 'WE'] })).toBeUndefined();
  });

  it('reads each VTIMEZONE once, at most ZONES_MAX of them, and reports the rest', async () => {
    const zone = (n: number) => fixedZone(`Club Zone ${n}`).join('\r\n');
    const event = (n: number, tz: number) =>
      [
        'BEGIN:VEVENT',
        `UID:zoned-${n}`,
        `DTSTART;TZID=Club Zone ${tz}:20261201T100000`,
        'SUMMARY:Zoned',
        'END:VEVENT',
      ].join('\r\n');
    const zones = Array.from({ length: 3000 }, (_, n) => zone(n)).join('\r\n');
    const events = Array.from({ length: 200 }, (_, n) => event(n, 0)).join('\r\n');
    const text = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${zones}\r\n${events}\r\n${event(999, 2999)}\r\nEND:VCALENDAR`;
    const { items, errors } = await parseCalendar(text, NOW);
    expect(items).toHaveLength(200);
    expect(items[0]).toMatchObject({ kind: 'event', start: new Date('2026-12-01T05:00:00Z') });
    expect(errors[0]).toEqual({
      line: null,
      uid: null,
      message: `The calendar defines 3000 time zones (VTIMEZONE); only the first ${ZONES_MAX} were read`,
    });
    // A zone beyond the cap is unknown to the event naming it.
    expect(errors[1]).toMatchObject({
      uid: 'zoned-999',
      message: expect.stringMatching(/unknown time zone Club Zone 2999$/),
    });
  }, 60_000);

  it("a file's time zones apply to that file only: the next file naming the zone does not get it", async () => {
    const a = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      ...fixedZone('Club Local Time'),
      'BEGIN:VEVENT',
      'UID:a-1',
      'DTSTART;TZID=Club Local Time:20261201T100000',
      'SUMMARY:A',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const b = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:b-1',
      'DTSTART;TZID=Club Local Time:20261201T100000',
      'SUMMARY:B',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const first = await parseCalendar(a, NOW);
    expect(first.items[0]).toMatchObject({ start: new Date('2026-12-01T05:00:00Z') });
    const second = await parseCalendar(b, NOW);
    expect(second.items).toEqual([]);
    expect(second.errors[0]?.message).toBe('Line 3: unknown time zone Club Local Time');
  });

  it('caps what one file gives: VEVENTS_MAX events read, ITEMS_MAX occurrences in all, each reported', async () => {
    const tiny = (n: number) =>
      `BEGIN:VEVENT\r\nUID:t-${n}\r\nDTSTART:20261201T100000Z\r\nSUMMARY:T\r\nEND:VEVENT`;
    const many = Array.from({ length: VEVENTS_MAX + 5 }, (_, n) => tiny(n)).join('\r\n');
    const big = await parseCalendar(`BEGIN:VCALENDAR\r\n${many}\r\nEND:VCALENDAR`, NOW);
    expect(big.total).toBe(VEVENTS_MAX + 5);
    expect(big.items).toHaveLength(VEVENTS_MAX);
    expect(big.errors).toEqual([
      {
        line: null,
        uid: null,
        message: `The calendar has ${VEVENTS_MAX + 5} events; only the first ${VEVENTS_MAX} were read`,
      },
    ]);
    // Daily rules from a year ago: each expands to EXPAND_MAX (500) occurrences.
    const daily = (n: number) =>
      `BEGIN:VEVENT\r\nUID:d-${n}\r\nDTSTART:20251201T100000Z\r\nRRULE:FREQ=DAILY\r\nSUMMARY:D\r\nEND:VEVENT`;
    const rules = Array.from({ length: 50 }, (_, n) => daily(n)).join('\r\n');
    const expanded = await parseCalendar(`BEGIN:VCALENDAR\r\n${rules}\r\nEND:VCALENDAR`, NOW);
    expect(expanded.items.length).toBeLessThanOrEqual(ITEMS_MAX);
    expect(expanded.errors.at(-1)?.message).toBe(
      `The calendar gives more than ${ITEMS_MAX} events (occurrences counted); the rest were not imported`,
    );
  }, 120_000);
});

/** Starts of the expanded events of one title, in order. */
const startsOf = (items: ImportedItem[], title: string) =>
  items
    .filter((i): i is Extract<ImportedItem, { kind: 'event' }> => i.kind === 'event' && i.title === title)
    .map((i) => i.start.toISOString())
    .sort();

describe('calendars from real tools (decision 070)', () => {
  it('Outlook: a weekly series in "W. Europe Standard Time" is a series in Europe/Berlin (19:00Z after DST ends)', async () => {
    const { items, errors } = await parseCalendar(fixture('outlook-exchange.ics'), NOW);
    expect(errors).toEqual([]);
    const choir = items.find((i) => i.kind === 'series' && i.title === 'Chorprobe');
    expect(choir).toMatchObject({
      kind: 'series',
      freq: 'weekly',
      interval: 1,
      timeZone: 'Europe/Berlin',
      startLocal: '2026-09-08T20:00',
      durationMinutes: 120,
      until: new Date('2027-06-29T18:00:00Z'),
      // 20:00 in Berlin in winter
      excluded: [new Date('2026-12-22T19:00:00Z')],
    });
  });

  it('Outlook: a zone named by its display name without a VTIMEZONE maps to IANA', async () => {
    const { items } = await parseCalendar(fixture('outlook-exchange.ics'), NOW);
    expect(items.find((i) => i.title === 'Videocall mit dem Partnerchor')).toMatchObject({
      kind: 'event',
      timeZone: 'America/New_York',
      start: new Date('2026-12-10T17:00:00Z'),
      end: new Date('2026-12-10T18:00:00Z'),
    });
  });

  it('Outlook: of two copies of a changed occurrence the higher SEQUENCE wins, and only one arrives', async () => {
    const { items } = await parseCalendar(fixture('outlook-exchange.ics'), NOW);
    const overrides = items.filter((i) => i.kind === 'override');
    expect(overrides).toHaveLength(1);
    expect(overrides[0]).toMatchObject({
      at: new Date('2026-12-01T19:00:00Z'),
      start: new Date('2026-12-02T18:30:00Z'),
      title: 'Chorprobe (Generalprobe, Mittwoch)',
    });
  });

  it('Exchange: a moved all-day occurrence (RECURRENCE-ID at zoned midnight) is on its new date only', async () => {
    const { items } = await parseCalendar(fixture('outlook-exchange.ics'), NOW);
    const lessons = items.filter((i) => i.title.startsWith('Stimmbildung'));
    expect(lessons.map((i) => (i.kind === 'event' ? i.start.toISOString() : i.kind)).sort()).toEqual([
      '2026-12-06T23:00:00.000Z',
      '2026-12-14T23:00:00.000Z',
      '2026-12-20T23:00:00.000Z',
      '2026-12-27T23:00:00.000Z',
      '2027-01-03T23:00:00.000Z',
      '2027-01-10T23:00:00.000Z',
      '2027-01-17T23:00:00.000Z',
    ]);
    expect(
      lessons.find((i) => i.kind === 'event' && i.start.toISOString() === '2026-12-14T23:00:00.000Z'),
    ).toMatchObject({
      title: 'Stimmbildung (Dienstag)',
      timeZone: 'Europe/Berlin',
    });
  });

  it('Google: the highest SEQUENCE wins; changes of long-past occurrences do not arrive as events', async () => {
    const { items, errors } = await parseCalendar(fixture('google-calendar-changes.ics'), NOW);
    expect(errors).toEqual([]);
    // No series from the older copy of the master, no stand-alone past changes.
    expect(items.every((i) => i.kind === 'event')).toBe(true);
    expect(items.some((i) => i.kind === 'event' && i.start < new Date('2025-11-25T00:00:00Z'))).toBe(false);
    expect(
      items.some((i) => i.title === 'Yoga im Park (alter Termin)' || i.title === 'Yoga im Park (Freitag)'),
    ).toBe(false);
    const moved = items.filter((i) => i.title === 'Yoga im Park (Donnerstag)');
    expect(moved).toMatchObject([{ kind: 'event', start: new Date('2026-12-03T17:30:00Z') }]);
    // The occurrence it replaced is gone; the Monday before and the Monday after are there.
    const starts = startsOf(items, 'Yoga im Park');
    expect(starts).toContain('2026-11-30T17:30:00.000Z');
    expect(starts).not.toContain('2026-12-02T17:30:00.000Z');
    expect(starts).toContain('2026-12-07T17:30:00.000Z');
    expect(new Set(items.map((i) => i.uid)).size).toBe(items.length);
  });

  it('iCloud: two RRULEs in one event both count; an RDATE adds its date', async () => {
    const { items } = await parseCalendar(fixture('apple-icloud.ics'), NOW);
    expect(startsOf(items, 'Arrosage')).toEqual([
      '2026-12-05T09:00:00.000Z',
      '2026-12-09T09:00:00.000Z',
      '2026-12-12T09:00:00.000Z',
      '2026-12-16T09:00:00.000Z',
      '2026-12-19T09:00:00.000Z',
      '2026-12-23T09:00:00.000Z',
      '2026-12-26T09:00:00.000Z',
      '2026-12-30T09:00:00.000Z',
    ]);
    expect(startsOf(items, 'Atelier compost')).toEqual([
      '2026-12-05T13:00:00.000Z',
      '2026-12-28T13:00:00.000Z',
      '2027-01-02T13:00:00.000Z',
    ]);
  });

  it('iCloud: RSCALE=GREGORIAN is honoured; a lunar RSCALE is refused with its title and line', async () => {
    const { items, errors } = await parseCalendar(fixture('apple-icloud.ics'), NOW);
    expect(items.find((i) => i.title === 'Permanence du jeudi')).toMatchObject({
      kind: 'series',
      freq: 'weekly',
      timeZone: 'Europe/Paris',
      startLocal: '2026-12-03T17:30',
    });
    expect(items.some((i) => i.title === 'Nouvel an lunaire au jardin')).toBe(false);
    expect(errors).toEqual([
      {
        line: expect.any(Number),
        uid: 'F1E2D3C4-B5A6-4978-8877-665544332211',
        title: 'Nouvel an lunaire au jardin',
        message: expect.stringMatching(
          /^Line \d+: the event repeats in the Chinese calendar \(RSCALE=CHINESE\)/,
        ),
      },
    ]);
  });

  it('reads dates written without VALUE=DATE as dates', async () => {
    // As several feed generators (and hand-written files) write a whole day.
    const [first] = await readCleanly([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'X-WR-TIMEZONE:Europe/Berlin',
      'BEGIN:VEVENT',
      'UID:bare-date@example.com',
      'DTSTART:20261212',
      'DTEND:20261213',
      'SUMMARY:Flohmarkt',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    expect(first).toMatchObject({
      start: new Date('2026-12-11T23:00:00Z'),
      end: new Date('2026-12-12T23:00:00Z'),
    });
  });

  it('a poison event is one line of the report with its title and line; the rest is read', async () => {
    await expectOnlyFineRead(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:poison@example.com',
        'DTSTART:20261201T100000Z',
        'DURATION:P999999999999999999W',
        'SUMMARY:Forever',
        'END:VEVENT',
      ],
      {
        line: 3,
        uid: 'poison@example.com',
        title: 'Forever',
        message: 'Line 3: the event ends too far from its start (DTEND or DURATION); give it a real end',
      },
    );
  });

  it('maps every Windows zone of the CLDR table to a zone this runtime knows', () => {
    for (const zone of WINDOWS_ZONES) expect(isValidTimeZone(zone.iana), zone.iana).toBe(true);
    expect(windowsZoneToIana('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(windowsZoneToIana('(UTC-05:00) Eastern Time (US & Canada)')).toBe('America/New_York');
    expect(windowsZoneToIana('(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna')).toBe(
      'Europe/Berlin',
    );
    expect(windowsZoneToIana('Club Local Time')).toBeUndefined();
  });

  it('a custom zone whose rules match an IANA zone becomes that zone', async () => {
    const [first] = await readCleanly([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VTIMEZONE',
      'TZID:Mitteleuropäische Zeit',
      'BEGIN:STANDARD',
      'DTSTART:19701025T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:19700329T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:weekly@example.com',
      'DTSTART;TZID=Mitteleuropäische Zeit:20260901T190000',
      'DTEND;TZID=Mitteleuropäische Zeit:20260901T200000',
      'RRULE:FREQ=WEEKLY',
      'SUMMARY:Weekly',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    expect(first).toMatchObject({
      kind: 'series',
      timeZone: 'Europe/Berlin',
      startLocal: '2026-09-01T19:00',
    });
  });
});
