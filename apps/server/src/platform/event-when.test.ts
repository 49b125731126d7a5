import { fromWallTime } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { eventWhen, t, writeInstant } from './i18n.ts';

/** How texts name an event's time: with its clock, or for an all-day event its day alone (decision 078). */

// An all-day event is stored as its day's midnight in its zone: 1 Dec 2026 00:00 in Berlin.
const midnight = fromWallTime('Europe/Berlin', {
  year: 2026,
  month: 12,
  day: 1,
  hour: 0,
  minute: 0,
  second: 0,
});
const evening = fromWallTime('Europe/Berlin', {
  year: 2026,
  month: 12,
  day: 1,
  hour: 19,
  minute: 0,
  second: 0,
});

describe('eventWhen', () => {
  it('writes a timed event with its clock and zone, an all-day one by its day without 00:00', () => {
    const timed = eventWhen({ startDate: evening, timeZone: 'Europe/Berlin', allDay: false });
    const allDay = eventWhen({ startDate: midnight, timeZone: 'Europe/Berlin', allDay: true });
    expect(writeInstant('en', timed)).toBe('Tue 1 Dec, 19:00 CET');
    expect(writeInstant('en', allDay)).toBe('Tue 1 Dec, all day');
    expect(
      writeInstant('en', eventWhen({ startDate: midnight, timeZone: 'Europe/Berlin', allDay: true }, 'long')),
    ).toBe('Tuesday 1 December 2026, all day');
    for (const locale of ['de', 'es', 'fr'] as const) {
      const text = writeInstant(locale, allDay);
      expect(text, locale).not.toMatch(/00:00|0:00/);
      expect(text, locale).toMatch(/1/);
    }
    expect(writeInstant('de', allDay)).toContain('ganztägig');
  });

  it("reads the day in the event's zone, not UTC (Berlin's midnight is the day before in UTC)", () => {
    const when = eventWhen({ startDate: midnight.toISOString(), timeZone: 'Europe/Berlin', allDay: true });
    expect(midnight.toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(writeInstant('en', when)).toBe('Tue 1 Dec, all day');
  });

  it('fills a message the same way t does', () => {
    const when = eventWhen({ startDate: midnight, timeZone: 'Europe/Berlin', allDay: true });
    expect(t('en', 'notification.eventChanged.time', { when })).toBe('now Tue 1 Dec, all day');
    // The weekday of an all-day event is still its weekday.
    expect(t('en', 'notification.eventChanged.time', { when: { ...when, style: 'weekday' } })).toBe(
      'now Tuesday',
    );
  });
});
