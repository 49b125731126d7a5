/**
 * Time zone arithmetic from the runtime's Intl data (no zone database of our own): the offset of
 * a zone at an instant, wall-clock ↔ UTC, and the offset changes in a span (for VTIMEZONE).
 */

/** Every field of a date and time as digits: what a formatter reads parts back from. */
export const NUMERIC_DATE_TIME = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...NUMERIC_DATE_TIME });
    formatters.set(timeZone, f);
  }
  return f;
}

export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** The wall-clock time in `timeZone` at `date`. */
export function wallTime(timeZone: string, date: Date): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(date))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const asUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** Minutes east of UTC in `timeZone` at `date` (Berlin in summer: 120). */
export function offsetMinutes(timeZone: string, date: Date): number {
  const ms = Math.floor(date.getTime() / 1000) * 1000;
  return Math.round((asUtc(wallTime(timeZone, new Date(ms))) - ms) / 60_000);
}

/**
 * The instant a wall-clock time in `timeZone` names. In the hour skipped by a spring change the
 * time is moved forward by the gap; in the hour repeated in autumn the first (earlier) is taken.
 */
export function fromWallTime(timeZone: string, w: WallTime): Date {
  const guess = asUtc(w);
  // The offsets a day either side cover both readings of a wall time near a change.
  const candidates = [-86_400_000, 86_400_000].map(
    (d) => guess - offsetMinutes(timeZone, new Date(guess + d)) * 60_000,
  );
  const valid = candidates.filter((c) => asUtc(wallTime(timeZone, new Date(c))) === guess);
  return new Date(valid.length > 0 ? Math.min(...valid) : Math.max(...candidates));
}

/** `YYYY-MM-DDTHH:mm` ↔ WallTime (series keep their start as local text). */
export const formatLocal = (w: WallTime) =>
  `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}T${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;

export function parseLocal(text: string): WallTime {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!m) throw new Error(`not a local time: ${text}`);
  return { year: +m[1]!, month: +m[2]!, day: +m[3]!, hour: +m[4]!, minute: +m[5]!, second: 0 }; // groups 1–5 always match
}

export type Transition = { at: Date; from: number; to: number };

const transitionCache = new Map<string, Transition[]>();

/** Offset changes of `timeZone` during one calendar year (UTC), found by daily steps then bisection. */
function transitionsOfYear(timeZone: string, year: number): Transition[] {
  const key = `${timeZone}|${year}`;
  const cached = transitionCache.get(key);
  if (cached) return cached;
  const found: Transition[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  let t = Date.UTC(year, 0, 1);
  let offset = offsetMinutes(timeZone, new Date(t));
  while (t < end) {
    const next = Math.min(t + 86_400_000, end);
    const nextOffset = offsetMinutes(timeZone, new Date(next));
    if (nextOffset !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > 1000) {
        const mid = Math.floor((lo + hi) / 2000) * 1000;
        if (offsetMinutes(timeZone, new Date(mid)) === offset) lo = mid;
        else hi = mid;
      }
      found.push({ at: new Date(hi), from: offset, to: nextOffset });
    }
    t = next;
    offset = nextOffset;
  }
  transitionCache.set(key, found);
  return found;
}

/** Offset changes of `timeZone` between two instants. */
export function transitions(timeZone: string, from: Date, to: Date): Transition[] {
  const out: Transition[] = [];
  for (let y = from.getUTCFullYear(); y <= to.getUTCFullYear(); y++) {
    for (const tr of transitionsOfYear(timeZone, y)) if (tr.at >= from && tr.at <= to) out.push(tr);
  }
  return out;
}

/** Locales whose short zone names cover the zones people meet: PST (en-US), CET (en-GB), IST, AEST. */
const NAMING_LOCALES = ['en-US', 'en-GB', 'en-IN', 'en-AU'];
const namers = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's short name at that instant: "CET", "CEST", "PST", "GMT", "UTC", else its offset
 * ("GMT+9"). Each locale names only its own zones (en-US says "GMT+1" for Berlin), so the first
 * that gives a name rather than an offset wins.
 */
export function zoneName(timeZone: string, date: Date): string {
  let fallback: string | undefined;
  for (const locale of NAMING_LOCALES) {
    const key = `${locale}|${timeZone}`;
    let f = namers.get(key);
    if (!f) {
      f = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
      namers.set(key, f);
    }
    const name = f.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value;
    if (!name) continue;
    if (!/^(GMT|UTC)[+\-−]/.test(name)) return name;
    fallback ??= name;
  }
  return fallback ?? timeZone;
}

/** The calendar day `date` falls on in `timeZone`, at 00:00 (a WallTime with no time). */
export function dayIn(timeZone: string, date: Date): WallTime {
  const w = wallTime(timeZone, date);
  return { year: w.year, month: w.month, day: w.day, hour: 0, minute: 0, second: 0 };
}

/** `day` moved by `days` calendar days (whatever the zone's changes do to the hours). */
export function addDays(day: WallTime, days: number): WallTime {
  return utcDay(new Date(Date.UTC(day.year, day.month - 1, day.day + days)));
}

/** The calendar day of `date` read in UTC, at 00:00 (a date-only value's own day). */
export function utcDay(date: Date): WallTime {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: 0,
    minute: 0,
    second: 0,
  };
}

/** `YYYY-MM-DD` of a WallTime. */
export const formatDay = (w: WallTime) => formatLocal(w).slice(0, 10);

/**
 * The property our calendars give an all-day VEVENT (decision 078): the IANA zone its dates are
 * days in, so an import of our own export puts them back in that zone (other readers ignore it).
 */
export const ALL_DAY_ZONE = 'X-TOWNSQUARE-TIMEZONE';
