import { createHash } from 'node:crypto';
import {
  CLUB_IO_MSG,
  formatLocal,
  fromWallTime,
  isValidTimeZone,
  LIMITS,
  type WallTime,
  wallTime,
} from '@townsquare/contracts';
import ICAL from 'ical.js';
import type { ImportError } from '../../db/schema/index.ts';
// The horizon alone, not the series service: this module runs in the import's child process.
import { HORIZON_MS } from '../events/horizon.ts';
import { type RuleParts, ruleProblem } from './recurrence-guard.ts';

/**
 * The iCalendar reader of imports (issue 26, decision 041). A file is cut into its VEVENTs
 * first, each parsed by ical.js on its own, so one broken event is one entry in the report (with
 * the line it starts on) and the rest still import. What each VEVENT becomes:
 *
 * - no RRULE: one event, matched on re-import by its UID (a changed occurrence of a recurring
 *   event, RECURRENCE-ID, by UID and the original start);
 * - an RRULE Townsquare's series can say (weekly or monthly, any interval, on the first
 *   occurrence's weekday or day of the month, UNTIL or COUNT or neither) in a named zone: a series;
 * - any other RRULE (daily, yearly, several weekdays, "second Tuesday"): its occurrences from a
 *   year ago to the series horizon (8 weeks ahead), at most `EXPAND_MAX`, each an event.
 *
 * It runs in the import's child process (ics-worker.ts, decision 061), never on the server's
 * event loop; a rule that can never occur is refused before ical.js iterates it
 * (recurrence-guard.ts), and the file's limits below are reported, not fatal.
 */

export type ImportedFields = {
  title: string;
  description: string;
  location: string;
  tags: string[];
  visibility: 'PUBLIC' | 'PRIVATE';
  timeZone: string;
  /** STATUS:CANCELLED */
  cancelled: boolean;
  /** STATUS:TENTATIVE (how our own writer marks a draft) */
  draft: boolean;
};

export type ImportedEvent = ImportedFields & {
  kind: 'event';
  uid: string;
  line: number;
  start: Date;
  end: Date;
};
export type ImportedSeries = ImportedFields & {
  kind: 'series';
  uid: string;
  line: number;
  freq: 'weekly' | 'monthly';
  interval: number;
  until: Date | null;
  startLocal: string;
  durationMinutes: number;
  /** Starts of occurrences left out (EXDATE). */
  excluded: Date[];
};
/** A changed (RECURRENCE-ID) occurrence of a series: applied to the occurrence starting at `at`. */
export type ImportedOverride = ImportedFields & {
  kind: 'override';
  uid: string;
  line: number;
  at: Date;
  start: Date;
  end: Date;
};
export type ImportedItem = ImportedEvent | ImportedSeries | ImportedOverride;

export type ParsedCalendar = { items: ImportedItem[]; errors: ImportError[]; total: number };

/** Occurrences one expanded rule may give. */
export const EXPAND_MAX = 500;
const YEAR_MS = 366 * 86_400_000;
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;
const LOCATION_MAX = 300;
const UID_MAX = 500;

/** The file's logical lines (unfolded, RFC 5545 3.1), each with the physical line it starts on. */
function logicalLines(text: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  const physical = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  physical.forEach((raw, i) => {
    const last = out.at(-1);
    if ((raw.startsWith(' ') || raw.startsWith('\t')) && last) last.text += raw.slice(1);
    else if (raw !== '') out.push({ text: raw, line: i + 1 });
  });
  return out;
}

const nameOf = (line: string) => line.split(/[:;]/, 1)[0]!.toUpperCase();

/**
 * Limits of one file (decision 061), each reported rather than failing the import: VTIMEZONEs it
 * may define, VEVENTs read, events (occurrences included) it may give, and the wall time one
 * rule's expansion may take.
 */
export const ZONES_MAX = 100;
export const VEVENTS_MAX = 10_000;
export const ITEMS_MAX = 20_000;
export const EXPAND_BUDGET_MS = 250;

/** CPU time this process has used, in ms (the reader runs alone in its child process). */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const RULE_NAMES = new Set(['RRULE', 'EXRULE']);

/** A reason to refuse a component's recurrence rules before anything iterates them. */
function rulesProblem(component: InstanceType<typeof ICAL.Component>): string | undefined {
  for (const prop of component.getAllProperties())
    if (RULE_NAMES.has(prop.name.toUpperCase()))
      for (const value of prop.getValues())
        if (value instanceof ICAL.Recur) {
          const problem = ruleProblem(value.freq, value.parts as RuleParts);
          if (problem) return problem;
        }
  for (const sub of component.getAllSubcomponents()) {
    const problem = rulesProblem(sub);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Reads a whole file; throws only when it is not an iCalendar object at all. The file's
 * VTIMEZONEs apply to its own events only: each is parsed once into a calendar of this call, and
 * every event is read as a child of it; ical.js's process-wide `TimezoneService` is emptied
 * before and after, and never written (a zone of one community's file must not reach another's).
 */
export async function parseCalendar(text: string, now: Date): Promise<ParsedCalendar> {
  ICAL.TimezoneService.reset();
  try {
    return readCalendar(text, now);
  } finally {
    ICAL.TimezoneService.reset();
  }
}

function readCalendar(text: string, now: Date): ParsedCalendar {
  const lines = logicalLines(text);
  if (!lines.some((l) => l.text.toUpperCase() === 'BEGIN:VCALENDAR'))
    throw new Error(CLUB_IO_MSG.notCalendar);
  const zones: { lines: string[]; line: number }[] = [];
  const events: { lines: string[]; line: number }[] = [];
  let defaultZone = 'UTC';
  let current: { lines: string[]; line: number; kind: 'VEVENT' | 'VTIMEZONE' } | undefined;
  for (const l of lines) {
    const upper = l.text.toUpperCase();
    if (!current && (upper === 'BEGIN:VEVENT' || upper === 'BEGIN:VTIMEZONE')) {
      current = { lines: [l.text], line: l.line, kind: upper === 'BEGIN:VEVENT' ? 'VEVENT' : 'VTIMEZONE' };
    } else if (current) {
      current.lines.push(l.text);
      if (upper === `END:${current.kind}`) {
        if (current.kind === 'VEVENT') events.push(current);
        else zones.push(current);
        current = undefined;
      }
    } else if (nameOf(l.text) === 'X-WR-TIMEZONE') {
      const zone = l.text.slice(l.text.indexOf(':') + 1).trim();
      if (isValidTimeZone(zone)) defaultZone = zone;
    }
  }
  if (current?.kind === 'VEVENT') events.push(current);

  const errors: ImportError[] = [];
  const fileProblem = (message: string) => errors.push({ line: null, uid: null, message });
  // Zones the file defines (VTIMEZONE) for TZIDs that are not IANA names (Outlook's): each parsed
  // once, into the calendar every event of this file is read in (ical.js finds an event's zone by
  // walking up to it, and keeps each zone it built).
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  if (zones.length > ZONES_MAX)
    fileProblem(
      `The calendar defines ${zones.length} time zones (VTIMEZONE); only the first ${ZONES_MAX} were read`,
    );
  for (const zone of zones.slice(0, ZONES_MAX)) {
    try {
      const parsed = new ICAL.Component(
        ICAL.parse(`BEGIN:VCALENDAR\r\n${zone.lines.join('\r\n')}\r\nEND:VCALENDAR`),
      );
      const vtimezone = parsed.getFirstSubcomponent('vtimezone');
      if (!vtimezone) continue;
      // A zone's own rules are expanded by ical.js too: one that can never occur would hang it.
      const problem = rulesProblem(vtimezone);
      if (problem) {
        fileProblem(`Line ${zone.line}: the time zone was ignored: ${problem}`);
        continue;
      }
      parsed.removeSubcomponent(vtimezone);
      calendar.addSubcomponent(vtimezone);
    } catch {
      // a broken VTIMEZONE: events using it report their own problem
    }
  }

  if (events.length > VEVENTS_MAX)
    fileProblem(`The calendar has ${events.length} events; only the first ${VEVENTS_MAX} were read`);
  const items: ImportedItem[] = [];
  let itemsCut = false;
  for (const block of events.slice(0, VEVENTS_MAX)) {
    const uidLine = block.lines.find((l) => nameOf(l) === 'UID');
    const rawUid = uidLine ? uidLine.slice(uidLine.indexOf(':') + 1).trim() : null;
    let vevent: InstanceType<typeof ICAL.Component> | undefined;
    try {
      if (block.lines.at(-1)?.toUpperCase() !== 'END:VEVENT') throw new Error('the event has no END:VEVENT');
      const jcal = ICAL.parse(`BEGIN:VCALENDAR\r\n${block.lines.join('\r\n')}\r\nEND:VCALENDAR`);
      vevent = new ICAL.Component(jcal).getFirstSubcomponent('vevent') ?? undefined;
      if (!vevent) throw new Error('no event found');
      const problem = rulesProblem(vevent);
      if (problem) throw new Error(problem);
      calendar.addSubcomponent(vevent);
      const read = readEvent(vevent, block.lines.join('\n'), block.line, defaultZone, now);
      if (items.length + read.length > ITEMS_MAX) {
        itemsCut = true;
        break;
      }
      items.push(...read);
    } catch (err) {
      errors.push({
        line: block.line,
        uid: rawUid?.slice(0, UID_MAX) ?? null,
        message: `Line ${block.line}: ${(err as Error).message || 'the event could not be read'}`,
      });
    } finally {
      if (vevent?.parent === calendar) calendar.removeSubcomponent(vevent);
    }
  }
  if (itemsCut)
    fileProblem(
      `The calendar gives more than ${ITEMS_MAX} events (occurrences counted); the rest were not imported`,
    );
  return { items, errors, total: events.length };
}

type IcalTime = InstanceType<typeof ICAL.Time>;
type Zoned = { wall: WallTime; zone: string; instant: Date; isDate: boolean };

/** A DTSTART-like value as an instant and the zone its wall-clock time is in. */
function zoned(time: IcalTime, tzid: string | undefined, defaultZone: string): Zoned {
  const wall: WallTime = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  };
  if (wall.year < 1900 || wall.year > 2200) throw new Error('the date is out of range');
  if (!time.isDate && time.zone === ICAL.Timezone.utcTimezone)
    return { wall, zone: defaultZone, instant: fromWallTime('UTC', wall), isDate: false };
  const zone = tzid ? ianaName(tzid) : defaultZone;
  if (zone) return { wall, zone, instant: fromWallTime(zone, wall), isDate: time.isDate };
  // A TZID this file defines with its own VTIMEZONE (not an IANA name): ical.js found it in the
  // file's calendar while reading the value (never in a registry other files can write).
  const defined = tzid && time.zone?.tzid === tzid ? time.zone : undefined;
  if (!defined) throw new Error(`unknown time zone ${tzid}`);
  const copy = time.clone();
  return { wall, zone: defaultZone, instant: new Date(copy.toUnixTime() * 1000), isDate: time.isDate };
}

/** An IANA zone named by a TZID, also in the `/mozilla.org/20050126_1/Europe/Berlin` style. */
function ianaName(tzid: string): string | undefined {
  if (isValidTimeZone(tzid)) return tzid;
  const parts = tzid.split('/');
  for (let i = 1; i < parts.length; i++) {
    const tail = parts.slice(i).join('/');
    if (tail.includes('/') && isValidTimeZone(tail)) return tail;
  }
  return undefined;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const clean = (value: unknown) =>
  typeof value === 'string'
    ? // biome-ignore lint/suspicious/noControlCharactersInRegex: stored text never holds NUL or other controls
      value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim()
    : '';

function fieldsOf(vevent: InstanceType<typeof ICAL.Component>, zone: string): ImportedFields {
  const url = clean(vevent.getFirstPropertyValue('url'));
  let description = clean(vevent.getFirstPropertyValue('description'));
  // Our own writer ends a description with the event's address: not part of the text.
  if (url && description.endsWith(url)) description = description.slice(0, -url.length).trimEnd();
  const status = clean(vevent.getFirstPropertyValue('status')).toUpperCase();
  const tags = new Map<string, string>();
  for (const prop of vevent.getAllProperties('categories'))
    for (const value of prop.getValues()) {
      const tag = clean(value).slice(0, LIMITS.tagMax);
      if (tag.length >= LIMITS.tagMin && tags.size < LIMITS.tagsMax && !tags.has(tag.toLowerCase()))
        tags.set(tag.toLowerCase(), tag);
    }
  const klass = clean(vevent.getFirstPropertyValue('class')).toUpperCase();
  return {
    title: clip(clean(vevent.getFirstPropertyValue('summary')) || 'Untitled event', TITLE_MAX),
    description: clip(description, DESCRIPTION_MAX),
    location: clip(clean(vevent.getFirstPropertyValue('location')), LOCATION_MAX),
    tags: [...tags.values()],
    visibility: klass === 'PRIVATE' || klass === 'CONFIDENTIAL' ? 'PRIVATE' : 'PUBLIC',
    timeZone: zone,
    cancelled: status === 'CANCELLED',
    draft: status === 'TENTATIVE',
  };
}

function readEvent(
  vevent: InstanceType<typeof ICAL.Component>,
  source: string,
  line: number,
  defaultZone: string,
  now: Date,
): ImportedItem[] {
  // A UID is required (RFC 5545); without one, the event's own text stands in, so importing the
  // same file again still finds it.
  const uid = clip(
    clean(vevent.getFirstPropertyValue('uid')) ||
      `sha256:${createHash('sha256').update(source).digest('hex')}`,
    UID_MAX,
  );
  const startProp = vevent.getFirstProperty('dtstart');
  const startValue = startProp?.getFirstValue();
  if (!startProp || !(startValue instanceof ICAL.Time)) throw new Error('the event has no start (DTSTART)');
  const start = zoned(startValue, paramOf(startProp, 'tzid'), defaultZone);
  const end = endOf(vevent, start, defaultZone);
  const fields = fieldsOf(vevent, start.zone);

  const recurrenceId = vevent.getFirstProperty('recurrence-id');
  const recurrenceValue = recurrenceId?.getFirstValue();
  if (recurrenceId && recurrenceValue instanceof ICAL.Time) {
    const at = zoned(recurrenceValue, paramOf(recurrenceId, 'tzid'), defaultZone).instant;
    return [{ kind: 'override', uid, line, at, start: start.instant, end, ...fields }];
  }

  const rruleValue = vevent.getFirstPropertyValue('rrule');
  if (!(rruleValue instanceof ICAL.Recur))
    return [{ kind: 'event', uid, line, start: start.instant, end, ...fields }];

  const durationMs = end.getTime() - start.instant.getTime();
  const series = asSeries(rruleValue, start, vevent, defaultZone);
  if (series)
    return [
      {
        kind: 'series',
        uid,
        line,
        ...series,
        // The first start as the series' zone reads it (a UTC DTSTART too).
        startLocal: formatLocal(wallTime(start.zone, start.instant)),
        durationMinutes: Math.max(1, Math.round(durationMs / 60_000)),
        ...fields,
      },
    ];
  // Any other rule: its occurrences in the window, each an event of its own.
  const out: ImportedEvent[] = [];
  const from = now.getTime() - YEAR_MS;
  const to = now.getTime() + HORIZON_MS;
  const iterator = new ICAL.Event(vevent).iterator();
  // Bounded by count and by time (decision 061): a rule that passed ruleProblem may still need
  // many steps between occurrences (an hourly rule with BYMONTH and BYDAY from years ago).
  const until = cpuMs() + EXPAND_BUDGET_MS;
  for (let next = iterator.next(), n = 0; next && n < 10_000; next = iterator.next(), n++) {
    if (cpuMs() > until) throw new Error(CLUB_IO_MSG.ruleTooCostly);
    const at = zoned(next, paramOf(startProp, 'tzid'), defaultZone).instant;
    if (at.getTime() > to || out.length >= EXPAND_MAX) break;
    if (at.getTime() < from) continue;
    out.push({
      kind: 'event',
      uid: `${uid}|${at.toISOString()}`,
      line,
      start: at,
      end: new Date(at.getTime() + durationMs),
      ...fields,
    });
  }
  return out;
}

function paramOf(prop: InstanceType<typeof ICAL.Property>, name: string): string | undefined {
  const value = prop.getParameter(name);
  return typeof value === 'string' ? value : undefined;
}

function endOf(vevent: InstanceType<typeof ICAL.Component>, start: Zoned, defaultZone: string): Date {
  const endProp = vevent.getFirstProperty('dtend');
  const endValue = endProp?.getFirstValue();
  let end: Date | undefined;
  if (endProp && endValue instanceof ICAL.Time)
    end = zoned(endValue, paramOf(endProp, 'tzid'), defaultZone).instant;
  const duration = vevent.getFirstPropertyValue('duration');
  if (!end && duration instanceof ICAL.Duration)
    end = new Date(start.instant.getTime() + duration.toSeconds() * 1000);
  // No end: a day for an all-day event, an hour otherwise (an event must end after it starts).
  if (!end || end <= start.instant)
    end = new Date(start.instant.getTime() + (start.isDate ? 86_400_000 : 3_600_000));
  return end;
}

/** The rule as a Townsquare series, when it can be one exactly. */
function asSeries(
  rule: InstanceType<typeof ICAL.Recur>,
  start: Zoned,
  vevent: InstanceType<typeof ICAL.Component>,
  defaultZone: string,
): Pick<ImportedSeries, 'freq' | 'interval' | 'until' | 'excluded'> | undefined {
  if (start.isDate || vevent.getFirstProperty('rdate')) return undefined;
  const parts = Object.entries(rule.parts ?? {}).filter(([, v]) => Array.isArray(v) && v.length > 0);
  const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][
    new Date(Date.UTC(start.wall.year, start.wall.month - 1, start.wall.day)).getUTCDay()
  ];
  let freq: 'weekly' | 'monthly';
  if (rule.freq === 'WEEKLY') {
    freq = 'weekly';
    if (!parts.every(([k, v]) => k === 'BYDAY' && v.length === 1 && String(v[0]).toUpperCase() === weekday))
      return undefined;
  } else if (rule.freq === 'MONTHLY') {
    freq = 'monthly';
    if (!parts.every(([k, v]) => k === 'BYMONTHDAY' && v.length === 1 && Number(v[0]) === start.wall.day))
      return undefined;
  } else return undefined;
  const interval = rule.interval ?? 1;
  if (interval < 1 || interval > 52) return undefined;
  let until: Date | null = null;
  if (rule.until)
    until = zoned(
      rule.until,
      undefined,
      rule.until.zone === ICAL.Timezone.utcTimezone ? 'UTC' : start.zone,
    ).instant;
  else if (rule.count) {
    // The start of the last occurrence.
    const iterator = new ICAL.Event(vevent).iterator();
    const deadline = cpuMs() + EXPAND_BUDGET_MS;
    let last: IcalTime | null = null;
    for (
      let i = 0, next = iterator.next();
      next && i < Math.min(rule.count, 5_000);
      i++, next = iterator.next()
    ) {
      if (cpuMs() > deadline) throw new Error(CLUB_IO_MSG.ruleTooCostly);
      last = next;
    }
    if (last) until = zoned(last, start.zone, defaultZone).instant;
  }
  const excluded: Date[] = [];
  for (const prop of vevent.getAllProperties('exdate'))
    for (const value of prop.getValues())
      if (value instanceof ICAL.Time) excluded.push(zoned(value, paramOf(prop, 'tzid'), defaultZone).instant);
  return { freq, interval, until, excluded };
}
