import { fromWallTime } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { whenText } from './objects.ts';

/** The `summary` Mastodon shows says when: with the clock, or an all-day event's day alone. */
describe('whenText', () => {
  const zone = 'Europe/Berlin';
  it('names the clock and zone of a timed event', () => {
    const at = fromWallTime(zone, { year: 2026, month: 12, day: 4, hour: 19, minute: 0, second: 0 });
    expect(whenText({ startDate: at, timeZone: zone })).toBe(
      'Friday, 4 December 2026 at 19:00 (Europe/Berlin)',
    );
  });

  it("names an all-day event's day in its zone, without 00:00", () => {
    const midnight = fromWallTime(zone, { year: 2026, month: 12, day: 4, hour: 0, minute: 0, second: 0 });
    expect(whenText({ startDate: midnight, timeZone: zone, allDay: true })).toBe(
      'Friday, 4 December 2026, all day',
    );
  });
});
