// The subpath: the package index would bring every zod schema into each page that formats a date.
import { wallTime, zoneName } from '@townsquare/contracts/time-zones';
import { isSameDay, isValid, parseISO, subDays } from 'date-fns';
import { writesServerConventions } from './i18n/conventions.ts';
import { currentLocale, translate } from './i18n/intl.tsx';
import { formattingLocale, languageFormattingLocale } from './i18n/locales.ts';

/** Every date and number format the screens show (spec section 9), in one place. */

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

/**
 * The viewer's locale: the app's language, in the browser's regional variant when it is the same
 * language (an English app in an en-GB browser shows "28 Nov 2026, 19:00", en-US "Nov 28, 2026,
 * 7:00 PM", German "28. Nov. 2026, 19:00"; see `formattingLocale`). Under the server's
 * conventions (i18n/conventions.ts), the language's own variant, as a page the server rendered.
 */
export function viewerLocale(): string {
  const locale = currentLocale();
  return writesServerConventions() ? languageFormattingLocale(locale) : formattingLocale(locale);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl in the viewer's locale and the browser's zone (see `inTimeZone` for another zone). */
function intl(date: Date, options: Intl.DateTimeFormatOptions): string {
  const locale = viewerLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  // ICU puts a narrow no-break space before AM/PM; a plain space reads (and matches) the same.
  return f.format(date).replace(/\u202f/g, ' ');
}

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const SHORT_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };

/** "March 2025", or "Recently" when the date is missing or unreadable. */
export function formatJoinedDate(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? intl(date, { month: 'long', year: 'numeric' }) : translate('common.recently');
}

/** "Saturday, March 8, 2025" (en-GB: "Saturday 8 March 2025"). */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date
    ? intl(date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })
    : translate('common.invalidDate');
}

/** "Mar 8, 2025" as on event cards (en-GB: "8 Mar 2025"). */
export function formatCardDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date
    ? intl(date, { month: 'short', day: 'numeric', year: 'numeric' })
    : translate('common.invalidDate');
}

/** "7:30 PM" (en-GB: "19:30"). */
export function formatTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? intl(date, TIME) : '';
}

/** A chat message's time: "7:30 PM" today, "Mar 8, 7:30 PM" on another day. */
export function formatMessageTime(value: string | Date | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  return isSameDay(date, now) ? intl(date, TIME) : intl(date, { month: 'short', day: 'numeric', ...TIME });
}

/**
 * A notification's time, always with its day: "Today, 7:30 PM", "Yesterday, 7:30 PM",
 * "Tue, Mar 8, 7:30 PM" (en-GB: "Tue 8 Mar, 19:30").
 */
export function formatNotificationTime(
  value: string | Date | null | undefined,
  now: Date = new Date(),
): string {
  const date = toDate(value);
  if (!date) return '';
  if (isSameDay(date, now)) return translate('common.todayAt', { time: intl(date, TIME) });
  if (isSameDay(date, subDays(now, 1))) return translate('common.yesterdayAt', { time: intl(date, TIME) });
  return intl(date, { weekday: 'short', month: 'short', day: 'numeric', ...TIME });
}

/**
 * A span of time as it reads in `timeZone`, named: "Sat, Mar 8 · 7:00 PM – 9:00 PM (GMT+1)"
 * (en-GB: "Sat 8 Mar · 19:00 – 21:00 (GMT+1)"); an end on another day names that day too.
 */
export function formatTimeRange(startsAt: string, endsAt: string, timeZone: string): string {
  const start = inTimeZone(startsAt, timeZone);
  const end = inTimeZone(endsAt, timeZone);
  const endText = isSameDay(start, end) ? intl(end, TIME) : intl(end, { ...SHORT_DAY, ...TIME });
  return `${intl(start, SHORT_DAY)} · ${intl(start, TIME)} – ${endText} (${formatZoneName(startsAt, timeZone)})`;
}

/** "Sat, Mar 8, 7:00 PM" as it reads in `timeZone` (en-GB: "Sat 8 Mar, 19:00"), for a column heading. */
export function formatShortDateTime(value: string, timeZone: string): string {
  return intl(inTimeZone(value, timeZone), { ...SHORT_DAY, ...TIME });
}

/**
 * A cost in the instance's currency (GET /api/instance), for the viewer's locale: "$12",
 * "$7.50", "12 €" (de-DE, EUR); whole amounts without cents.
 */
export function formatMoney(amount: number, currency: string, locale: string = viewerLocale()): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  })
    .format(amount)
    .replace(/\u00a0|\u202f/g, ' ');
}

/** "$", "€", "CHF": the currency's sign as the viewer's locale writes it (a form label). */
export function currencySymbol(currency: string, locale: string = viewerLocale()): string {
  return (
    new Intl.NumberFormat(locale, { style: 'currency', currency })
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? currency
  );
}

/** Keeps at most 10 digits of whatever was typed. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 10);
}

/** "(555) 123-4567" while typing: partial numbers are formatted as far as they go. */
export function formatPhone(value: string | null | undefined): string {
  const digits = phoneDigits(value ?? '');
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A role's name in the current language ("Club Founder", "Club-Gründer"); an unknown one as written. */
export function formatRole(role: string): string {
  const name = translate(`users.role.${role}`);
  return name === `users.role.${role}` ? role.replace(/_/g, ' ') : name;
}

/** Username, else full name, else e-mail (the header's rule). */
export function displayName(user: { username?: string; fullName?: string; email?: string }): string {
  return user.username || user.fullName || user.email || '';
}

/** The browser's IANA time zone ("Europe/Berlin"), UTC when the runtime does not say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The reader's zone for showing times, or null while the server's conventions are in force: the
 * server does not know it (its own zone would say "Your time" for nobody in particular).
 */
export function viewerTimeZone(): string | null {
  return writesServerConventions() ? null : browserTimeZone();
}

/**
 * A Date whose local fields are the wall-clock time in `timeZone`, so the formats above show a
 * time as it reads there (date-fns formats in the browser's zone).
 */
export function inTimeZone(value: string | Date, timeZone: string): Date {
  const date = typeof value === 'string' ? parseISO(value) : value;
  const w = wallTime(timeZone, date);
  return new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** "CET", "PST", "GMT+9": the zone's short name at that instant (the server names it the same way). */
export function formatZoneName(value: string | Date, timeZone: string): string {
  return zoneName(timeZone, typeof value === 'string' ? parseISO(value) : value);
}
