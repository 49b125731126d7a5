import type { Locale } from '@townsquare/contracts';
import { NUMERIC_DATE_TIME, zoneName } from '@townsquare/contracts/time-zones';

/**
 * Every time the server writes into a text (notifications, e-mails, push, offers, check-in
 * messages, CSV, page descriptions) comes from here, in the event's own time zone and named
 * ("Tue 1 Dec, 19:00 CET"), so nobody reads UTC by accident (decision 038). The web app's
 * lib/format.ts is the other half; both name zones with the contracts' `zoneName`.
 *
 * English keeps its own fixed wording (the tests and the spec quote it); the other languages
 * are written by `Intl` for the reader's locale, still in the event's zone and named.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language, style and zone, made on first use; always on a 24-hour clock. */
function formatter(locale: string, style: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${style}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone, hourCycle: 'h23' });
    formatters.set(key, f);
  }
  return f;
}

/** The pieces English sentences are put together from (en-GB's, named by part). */
const PART_STYLES = {
  weekday: { weekday: 'long' },
  iso: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  day: { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  clock: { hour: '2-digit', minute: '2-digit' },
  date: { weekday: 'short', day: 'numeric', month: 'short' },
  longDate: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function parts(date: Date, timeZone: string, style: keyof typeof PART_STYLES) {
  const f = formatter('en-GB', style, timeZone, PART_STYLES[style]);
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(date)) if (p.type !== 'literal') out[p.type] = p.value;
  return out;
}

/** "19:00 CET". */
export function clockTime(date: Date, timeZone: string): string {
  const p = parts(date, timeZone, 'clock');
  return `${p.hour}:${p.minute} ${zoneName(timeZone, date)}`;
}

/** How the other languages write a moment, by `Intl` in the reader's own words. */
const LOCALE_STYLES = {
  weekday: { weekday: 'long' },
  long: {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  },
  day: { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  date: { weekday: 'short', day: 'numeric', month: 'short' },
  longDate: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** `date` in `timeZone` for a reader of `locale` (not English), with the zone named. */
function inLocale(date: Date, timeZone: string, locale: Locale, style: keyof typeof LOCALE_STYLES): string {
  const f = formatter(locale, style, timeZone, LOCALE_STYLES[style]);
  // A weekday or a day has no clock, so no zone to name.
  return style === 'weekday' || style === 'date' || style === 'longDate'
    ? f.format(date)
    : `${f.format(date)} ${zoneName(timeZone, date)}`;
}

/** "Tue 1 Dec, 19:00 CET": a day and a time, as notifications and offers say it. */
export function eventTime(date: Date, timeZone: string, locale: Locale = 'en'): string {
  if (locale !== 'en') return inLocale(date, timeZone, locale, 'day');
  const p = parts(date, timeZone, 'day');
  return `${p.weekday} ${p.day} ${p.month}, ${clockTime(date, timeZone)}`;
}

/**
 * "Tue 1 Dec": the day of an all-day event (decision 078), which is stored as that day's
 * midnight in the event's zone, so the day is read in that zone and no clock is written.
 */
export function eventDay(date: Date, timeZone: string, locale: Locale = 'en'): string {
  if (locale !== 'en') return inLocale(date, timeZone, locale, 'date');
  const p = parts(date, timeZone, 'date');
  return `${p.weekday} ${p.day} ${p.month}`;
}

/** "Tuesday 1 December 2026": the day of an all-day event, as a page's description says it. */
export function longEventDay(date: Date, timeZone: string, locale: Locale = 'en'): string {
  if (locale !== 'en') return inLocale(date, timeZone, locale, 'longDate');
  const p = parts(date, timeZone, 'longDate');
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** "Tuesday". */
export function weekdayName(date: Date, timeZone: string, locale: Locale = 'en'): string {
  if (locale !== 'en') return inLocale(date, timeZone, locale, 'weekday');
  return parts(date, timeZone, 'weekday').weekday ?? '';
}

/** "Tuesday 1 December 2026, 19:00 CET": a page's description. */
export function longEventTime(date: Date, timeZone: string, locale: Locale = 'en'): string {
  if (locale !== 'en') return inLocale(date, timeZone, locale, 'long');
  const p = parts(date, timeZone, 'long');
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${clockTime(date, timeZone)}`;
}

/** "2026-12-01 19:00 CET": sortable, for a spreadsheet. */
export function sheetTime(date: Date, timeZone: string): string {
  const p = parts(date, timeZone, 'iso');
  return `${p.year}-${p.month}-${p.day} ${clockTime(date, timeZone)}`;
}

/**
 * "2026-12-17T19:00:00+01:00": the moment as ISO 8601 in the event's own offset, for structured
 * data (schema.org's startDate), so a reader of the JSON-LD sees the local time, not UTC.
 */
export function offsetDateTime(date: Date, timeZone: string): string {
  const f = formatter('en-US', 'offset', timeZone, { ...NUMERIC_DATE_TIME, timeZoneName: 'longOffset' });
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(date)) if (part.type !== 'literal') p[part.type] = part.value;
  // longOffset is "GMT+01:00", or just "GMT" where the offset is zero.
  const offset = (p.timeZoneName ?? 'GMT').replace(/^GMT/, '') || '+00:00';
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
}
