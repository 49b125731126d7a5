import { describe, expect, it } from 'vitest';
import { cronMatches, parseCron } from './cron.ts';

const matches = (expression: string, iso: string) => cronMatches(parseCron(expression), new Date(iso));

describe('cron expressions', () => {
  it('matches the schedules the modules declare, in UTC, to the minute', () => {
    expect(matches('* * * * *', '2030-05-06T07:08:59Z')).toBe(true);
    expect(matches('17 * * * *', '2030-05-06T07:17:00Z')).toBe(true);
    expect(matches('17 * * * *', '2030-05-06T07:18:00Z')).toBe(false);
    expect(
      ['00', '15', '30', '45', '05'].map((m) => matches('*/15 * * * *', `2030-05-06T07:${m}:30Z`)),
    ).toEqual([true, true, true, true, false]);
    expect(matches('23 9 * * *', '2030-05-06T09:23:00Z')).toBe(true);
    expect(matches('23 9 * * *', '2030-05-06T10:23:00Z')).toBe(false);
    expect(matches('23 9 * * *', '2030-05-06T09:23:00+02:00')).toBe(false);
  });

  it('reads ranges, steps from a start, lists, months, and Sunday as 0 or 7', () => {
    expect(matches('0 9-17/4 * * *', '2030-05-06T13:00:00Z')).toBe(true);
    expect(matches('0 9-17/4 * * *', '2030-05-06T15:00:00Z')).toBe(false);
    expect(matches('5/20 * * * *', '2030-05-06T15:45:00Z')).toBe(true);
    expect(matches('1,2,40 * * * *', '2030-05-06T15:40:00Z')).toBe(true);
    expect(matches('0 0 1 1 *', '2030-01-01T00:00:00Z')).toBe(true);
    expect(matches('0 0 1 1 *', '2030-02-01T00:00:00Z')).toBe(false);
    // 2030-05-05 is a Sunday.
    expect(matches('0 0 * * 7', '2030-05-05T00:00:00Z')).toBe(true);
    expect(matches('0 0 * * 0', '2030-05-05T00:00:00Z')).toBe(true);
    expect(matches('0 0 * * 1-5', '2030-05-05T00:00:00Z')).toBe(false);
  });

  it('with both day fields restricted, a day matching either one is due (as in every cron)', () => {
    // The 13th, or any Friday: 2030-05-10 is a Friday, 2030-05-13 a Monday, 2030-05-14 a Tuesday.
    expect(matches('0 0 13 * 5', '2030-05-10T00:00:00Z')).toBe(true);
    expect(matches('0 0 13 * 5', '2030-05-13T00:00:00Z')).toBe(true);
    expect(matches('0 0 13 * 5', '2030-05-14T00:00:00Z')).toBe(false);
    expect(matches('0 0 13 * *', '2030-05-10T00:00:00Z')).toBe(false);
  });

  it('refuses what it cannot read, naming the field', () => {
    expect(() => parseCron('* * * *')).toThrow('cron "* * * *": five fields expected');
    expect(() => parseCron('60 * * * *')).toThrow('bad minute "60"');
    expect(() => parseCron('* 24 * * *')).toThrow('bad hour "24"');
    expect(() => parseCron('* * 0 * *')).toThrow('bad day of month "0"');
    expect(() => parseCron('* * * 13 *')).toThrow('bad month "13"');
    expect(() => parseCron('* * * * MON')).toThrow('bad day of week "MON"');
    expect(() => parseCron('*/0 * * * *')).toThrow('bad minute "*/0"');
    expect(() => parseCron('10-5 * * * *')).toThrow('bad minute "10-5"');
  });
});
