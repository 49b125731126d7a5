/**
 * Rules an import refuses before ical.js iterates them (decision 061). ical.js gives up on a
 * MONTHLY or YEARLY rule that finds nothing for a while, but a DAILY (or finer) rule whose parts can
 * never all match (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30) makes one `next()` call run for ever. So a
 * rule is tried against the calendar first, without ical.js: every day of a 28-year span (every
 * combination of leap year and weekday the Gregorian calendar has between 1901 and 2099) is
 * checked against the rule's day parts; a rule no day passes, or whose BYSETPOS asks for a
 * position no period has, can never occur. The check only refuses what is certain; anything else
 * it lets through is still bounded by the expansion's time budget and the import's deadline.
 */

/** The rule's parts as ical.js parses them (`Recur.parts`). */
export type RuleParts = Partial<Record<string, (number | string)[]>>;

/** FREQs an event of ours can repeat at: a community event does not happen every minute. */
const FREQS = new Set(['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const FIRST_YEAR = 2000;
const YEARS = 28;

type Day = { year: number; month: number; day: number; weekday: number; yearDay: number };

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

function* calendarDays(): Generator<Day> {
  for (let year = FIRST_YEAR; year < FIRST_YEAR + YEARS; year++) {
    let yearDay = 0;
    for (let month = 1; month <= 12; month++)
      for (let day = 1; day <= daysInMonth(year, month); day++) {
        yearDay++;
        yield { year, month, day, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(), yearDay };
      }
  }
}

const numbers = (v: (number | string)[] | undefined) => (v ?? []).map(Number);

/** A reason the rule is refused (for the report), or undefined when it may be expanded. */
export function ruleProblem(freq: string, parts: RuleParts): string | undefined {
  if (freq === 'SECONDLY' || freq === 'MINUTELY')
    return 'the event repeats more often than once an hour (FREQ=SECONDLY or MINUTELY)';
  if (!FREQS.has(freq)) return `the rule's frequency ${freq} is not supported`;
  const byMonth = numbers(parts.BYMONTH);
  const byMonthDay = numbers(parts.BYMONTHDAY);
  const byYearDay = numbers(parts.BYYEARDAY);
  const byDay: { ordinal: number; weekday: number }[] = [];
  for (const raw of parts.BYDAY ?? []) {
    const match = /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/i.exec(String(raw));
    if (!match) return `the rule's BYDAY value ${String(raw)} is not a weekday`;
    byDay.push({ ordinal: Number(match[1] ?? 0), weekday: WEEKDAYS.indexOf(match[2]!.toUpperCase()) });
  }
  // An ordinal weekday ("2TU") counts within the month for MONTHLY (and YEARLY with BYMONTH),
  // within the year for YEARLY; other frequencies have no ordinals (RFC 5545 3.3.10), so only the
  // weekday is compared (never refusing what ical.js might accept).
  const within = freq === 'MONTHLY' || (freq === 'YEARLY' && byMonth.length > 0) ? 'month' : 'year';
  const ordinals = freq === 'MONTHLY' || freq === 'YEARLY';

  const matches = (d: Day): boolean => {
    if (byMonth.length && !byMonth.includes(d.month)) return false;
    const monthLength = daysInMonth(d.year, d.month);
    if (byMonthDay.length && !byMonthDay.some((n) => n === d.day || n === d.day - monthLength - 1))
      return false;
    const yearLength = isLeap(d.year) ? 366 : 365;
    if (byYearDay.length && !byYearDay.some((n) => n === d.yearDay || n === d.yearDay - yearLength - 1))
      return false;
    if (byDay.length) {
      const length = within === 'month' ? monthLength : yearLength;
      const index = within === 'month' ? d.day : d.yearDay;
      const nth = Math.ceil(index / 7);
      const nthFromEnd = -Math.ceil((length - index + 1) / 7);
      const ok = byDay.some(
        (b) =>
          b.weekday === d.weekday &&
          (!ordinals || b.ordinal === 0 || b.ordinal === nth || b.ordinal === nthFromEnd),
      );
      if (!ok) return false;
    }
    return true;
  };

  // BYSETPOS picks positions within each period's set: the most days one period can hold, times
  // the times of day each of them gets.
  const setPos = numbers(parts.BYSETPOS);
  const periodKey = (d: Day, n: number): string =>
    freq === 'YEARLY'
      ? String(d.year)
      : freq === 'MONTHLY'
        ? `${d.year}-${d.month}`
        : freq === 'WEEKLY'
          ? // any 7 days in a row: the most a week can hold, whatever its first day (WKST)
            String(n)
          : `${d.year}-${d.yearDay}`;
  let any = false;
  let mostPerPeriod = 0;
  const perPeriod = new Map<string, number>();
  const window: boolean[] = [];
  let n = 0;
  for (const d of calendarDays()) {
    const hit = matches(d);
    any ||= hit;
    if (setPos.length === 0) {
      if (any) return undefined;
      continue;
    }
    if (freq === 'WEEKLY') {
      window.push(hit);
      if (window.length > 7) window.shift();
      mostPerPeriod = Math.max(mostPerPeriod, window.filter(Boolean).length);
    } else if (hit) {
      const key = periodKey(d, n);
      const count = (perPeriod.get(key) ?? 0) + 1;
      perPeriod.set(key, count);
      mostPerPeriod = Math.max(mostPerPeriod, count);
    }
    n++;
  }
  if (!any)
    return 'the rule (RRULE) can never occur: no date has all of its BYMONTH, BYMONTHDAY, BYYEARDAY and BYDAY';
  const times =
    freq === 'HOURLY'
      ? (parts.BYMINUTE?.length || 1) * (parts.BYSECOND?.length || 1)
      : (parts.BYHOUR?.length || 1) * (parts.BYMINUTE?.length || 1) * (parts.BYSECOND?.length || 1);
  // An HOURLY period is an hour: one day's match gives it at most `times` members.
  const largestSet = (freq === 'HOURLY' ? 1 : mostPerPeriod) * times;
  if (setPos.every((p) => Math.abs(p) > largestSet))
    return `the rule (RRULE) can never occur: BYSETPOS asks for position ${setPos[0]} of at most ${largestSet}`;
  return undefined;
}
