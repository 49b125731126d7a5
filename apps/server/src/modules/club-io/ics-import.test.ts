import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCalendar } from './ics-import.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const NOW = new Date('2026-11-26T12:00:00Z');

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
});
