import { afterEach, describe, expect, it } from 'vitest';
import { currentYear, setServerConventions, writesServerConventions } from './conventions.ts';

describe("the server's conventions", () => {
  afterEach(() => setServerConventions(false));

  it('are off in a browser until a hydrating page turns them on', () => {
    expect(writesServerConventions()).toBe(false);
    setServerConventions(true);
    expect(writesServerConventions()).toBe(true);
  });

  it("write the year in UTC, the viewer's conventions in the viewer's zone", () => {
    // 1 January 2027, 02:00 UTC: still 2026 in New York, already 2027 in Berlin.
    const newYear = new Date('2027-01-01T02:00:00.000Z');
    expect(currentYear(newYear)).toBe(newYear.getFullYear());
    setServerConventions(true);
    expect(currentYear(newYear)).toBe(2027);
  });
});
