import { createHash } from 'node:crypto';
import {
  ALL_DAY_ZONE,
  addDays,
  CLUB_IO_MSG,
  dayIn,
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
import { type ResolvedZone, zoneResolver } from './ics-zones.ts';
import { type RuleParts, ruleProblem } from './recurrence-guard.ts';

/**
 * The iCalendar reader of imports (decisions 041 and 070). A file is cut into its
 * VEVENTs first, each parsed by ical.js on its own, so one broken event is one entry in the report
 * (with the line it starts on and its title) and the rest still import. Of several VEVENTs with
 * one UID and RECURRENCE-ID the highest SEQUENCE is the event (RFC 5546; the later one on a tie).
 * What each VEVENT becomes:
 *
 * - no RRULE or RDATE: one event, matched on re-import by its UID;
 * - one RRULE Townsquare's series can say (weekly or monthly, any interval, on the first
 *   occurrence's weekday or day of the month, UNTIL or COUNT or neither) in an IANA zone: a series;
 * - any other rules (daily, yearly, several weekdays, "second Tuesday", several RRULEs, RDATEs,
 *   all-day): its occurrences from a year ago to the series horizon (8 weeks ahead), at most
 *   `EXPAND_MAX`, each an event;
 * - a changed occurrence (RECURRENCE-ID): applied to the occurrence it names, found by its instant
 *   or, when either side is all-day, by its date; one of an occurrence outside that window is left
 *   out with it; one whose series is not in the file is an event.
 *
 * Zones: see ics-zones.ts. It runs in the import's child process (ics-worker.ts, decision 061),
 * never on the server's event loop; a rule that can never occur is refused before ical.js
 * iterates it (recurrence-guard.ts), and the file's limits below are reported, not fatal.
 */

export type ImportedFields = {
  title: string;
  description: string;
  location: string;
  tags: string[];
  visibility: 'PUBLIC' | 'PRIVATE';
  timeZone: string;
  /** A DATE-valued DTSTART: whole days in `timeZone` (decision 078). */
  allDay: boolean;
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

/** Where a content line's value starts: the first colon outside a quoted parameter value. */
function valueStart(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) return i;
  }
  return -1;
}

const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'DUE', 'RECURRENCE-ID', 'EXDATE', 'RDATE']);

/**
 * A date written without `VALUE=DATE` (`DTSTART:20220101`, as some generators write a whole day)
 * is read as the date it is: ical.js would take it for a broken date-time.
 */
function markBareDate(line: string): string {
  if (!DATE_PROPERTIES.has(nameOf(line))) return line;
  const at = valueStart(line);
  if (at < 0 || !/^\d{8}(,\d{8})*$/.test(line.slice(at + 1).trim())) return line;
  const head = line.slice(0, at);
  if (/;VALUE=/i.test(head)) return line;
  return `${head};VALUE=DATE${line.slice(at)}`;
}

/** The plain text of a property straight from its line (for reports of events ical.js refused). */
function rawText(lines: string[], name: string): string | null {
  const line = lines.find((l) => nameOf(l) === name);
  if (!line) return null;
  const at = valueStart(line);
  return at < 0
    ? null
    : line
        .slice(at + 1)
        .replace(/\\([,;\\])/g, '$1')
        .trim() || null;
}

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

/** Calendar scales of RFC 7529 by their names in a report. */
const scaleName = (scale: string) => scale.charAt(0) + scale.slice(1).toLowerCase();

/** A reason to refuse a component's recurrence rules before anything iterates them. */
function rulesProblem(component: InstanceType<typeof ICAL.Component>): string | undefined {
  for (const prop of component.getAllProperties())
    if (RULE_NAMES.has(prop.name.toUpperCase()))
      for (const value of prop.getValues())
        if (value instanceof ICAL.Recur) {
          // RFC 7529: ical.js reads the scale but repeats in the Gregorian calendar whatever it is.
          const scale =
            /(?:^|[:;])RSCALE=([A-Z0-9-]+)/i.exec(prop.toICALString())?.[1]?.toUpperCase() ?? 'GREGORIAN';
          if (scale !== 'GREGORIAN')
            return `the event repeats in the ${scaleName(scale)} calendar (RSCALE=${scale}), which Townsquare cannot follow; repeat it by Gregorian dates, or import its dates one by one`;
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

type Vevent = InstanceType<typeof ICAL.Component>;
type Block = { lines: string[]; line: number };
/** One VEVENT as ical.js parsed it, before its values are read. */
type Entry = {
  block: Block;
  vevent: Vevent;
  uid: string;
  title: string;
  sequence: number;
  rid: string | null;
};

/** What a changed occurrence needs to know of its series. */
type Master =
  | { kind: 'single' }
  | { kind: 'series'; zone: string; wall: WallTime }
  | {
      kind: 'expanded';
      zone: string;
      wall: WallTime;
      isDate: boolean;
      /** Where each occurrence sits in `items`, by its start. */
      at: Map<number, number>;
    };

/** What reading one file shares: its zones, its default zone, the window of expanded rules. */
type Context = {
  resolve: (tzid: string) => ResolvedZone | undefined;
  defaultZone: string;
  from: number;
  to: number;
};

function readCalendar(text: string, now: Date): ParsedCalendar {
  const lines = logicalLines(text);
  if (!lines.some((l) => l.text.toUpperCase() === 'BEGIN:VCALENDAR'))
    throw new Error(CLUB_IO_MSG.notCalendar);
  const zones: Block[] = [];
  const blocks: Block[] = [];
  let calendarZone: string | undefined;
  let current: (Block & { kind: 'VEVENT' | 'VTIMEZONE' }) | undefined;
  for (const l of lines) {
    const upper = l.text.toUpperCase();
    if (!current && (upper === 'BEGIN:VEVENT' || upper === 'BEGIN:VTIMEZONE')) {
      current = { lines: [l.text], line: l.line, kind: upper === 'BEGIN:VEVENT' ? 'VEVENT' : 'VTIMEZONE' };
    } else if (current) {
      current.lines.push(current.kind === 'VEVENT' ? markBareDate(l.text) : l.text);
      if (upper === `END:${current.kind}`) {
        if (current.kind === 'VEVENT') blocks.push(current);
        else zones.push(current);
        current = undefined;
      }
    } else if (nameOf(l.text) === 'X-WR-TIMEZONE') {
      calendarZone = l.text.slice(l.text.indexOf(':') + 1).trim();
    }
  }
  if (current?.kind === 'VEVENT') blocks.push(current);

  const errors: ImportError[] = [];
  const fileProblem = (message: string) => errors.push({ line: null, uid: null, message });
  // Zones the file defines (VTIMEZONE) for TZIDs that are not IANA names (Outlook's): each parsed
  // once, into the calendar every event of this file is read in (ical.js finds an event's zone by
  // walking up to it, and keeps each zone it built).
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  const defined = new Map<string, InstanceType<typeof ICAL.Timezone>>();
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
      const tzid = vtimezone.getFirstPropertyValue('tzid');
      if (typeof tzid === 'string') defined.set(tzid, new ICAL.Timezone(vtimezone));
    } catch {
      // a broken VTIMEZONE: events using it report their own problem
    }
  }
  const resolve = zoneResolver(defined, now);
  // The zone of floating times and all-day events: the calendar's own (X-WR-TIMEZONE), else the
  // one zone the file defines (Outlook writes no X-WR-TIMEZONE), else UTC.
  const only = defined.size === 1 ? [...defined.keys()][0] : undefined;
  const defaultZone = ianaOf(calendarZone && resolve(calendarZone)) ?? ianaOf(only && resolve(only)) ?? 'UTC';
  const ctx: Context = {
    resolve,
    defaultZone,
    from: now.getTime() - YEAR_MS,
    to: now.getTime() + HORIZON_MS,
  };

  if (blocks.length > VEVENTS_MAX)
    fileProblem(`The calendar has ${blocks.length} events; only the first ${VEVENTS_MAX} were read`);
  const problems: ImportError[] = [];
  const report = (block: Block, uid: string | null, title: string | null, err: unknown) =>
    problems.push({
      line: block.line,
      uid: uid?.slice(0, UID_MAX) ?? null,
      ...(title ? { title: clip(title, TITLE_MAX) } : {}),
      message: `Line ${block.line}: ${(err as Error).message || 'the event could not be read'}`,
    });

  // Parsed first, so that of several copies of one event only the current one is read.
  const current_ = new Map<string, Entry>();
  for (const block of blocks.slice(0, VEVENTS_MAX)) {
    try {
      if (block.lines.at(-1)?.toUpperCase() !== 'END:VEVENT') throw new Error('the event has no END:VEVENT');
      const jcal = ICAL.parse(`BEGIN:VCALENDAR\r\n${block.lines.join('\r\n')}\r\nEND:VCALENDAR`);
      const vevent = new ICAL.Component(jcal).getFirstSubcomponent('vevent') ?? undefined;
      if (!vevent) throw new Error('no event found');
      // A UID is required (RFC 5545); without one, the event's own text stands in, so importing
      // the same file again still finds it.
      const uid = clip(
        clean(vevent.getFirstPropertyValue('uid')) ||
          `sha256:${createHash('sha256').update(block.lines.join('\n')).digest('hex')}`,
        UID_MAX,
      );
      const ridProp = vevent.getFirstProperty('recurrence-id');
      const entry: Entry = {
        block,
        vevent,
        uid,
        title: clip(clean(vevent.getFirstPropertyValue('summary')) || 'Untitled event', TITLE_MAX),
        sequence: Number(vevent.getFirstPropertyValue('sequence')) || 0,
        rid: ridProp ? ridProp.toICALString().replace(/^[^:;]*/, '') : null,
      };
      const key = `${uid}\u0000${entry.rid ?? ''}`;
      const seen = current_.get(key);
      if (!seen || seen.sequence <= entry.sequence) {
        if (seen) current_.delete(key);
        current_.set(key, entry);
      }
    } catch (err) {
      report(block, rawText(block.lines, 'UID'), rawText(block.lines, 'SUMMARY'), err);
    }
  }

  const items: ImportedItem[] = [];
  let itemsCut = false;
  const masters = new Map<string, Master>();
  const entries = [...current_.values()];
  // Series first, then their changed occurrences.
  for (const entry of [...entries.filter((e) => !e.rid), ...entries.filter((e) => e.rid)]) {
    const { vevent, block } = entry;
    try {
      const problem = rulesProblem(vevent);
      if (problem) throw new Error(problem);
      calendar.addSubcomponent(vevent);
      // Our own writer names an all-day event's zone (decision 078): its days are read there.
      const own = clean(vevent.getFirstPropertyValue(ALL_DAY_ZONE.toLowerCase()));
      const entryCtx = own && isValidTimeZone(own) ? { ...ctx, defaultZone: own } : ctx;
      const read = entry.rid
        ? readChange(entry, entryCtx, masters.get(entry.uid), items)
        : readMaster(entry, entryCtx, masters, items.length);
      if (items.length + read.length > ITEMS_MAX) {
        itemsCut = true;
        break;
      }
      items.push(...read);
    } catch (err) {
      report(block, entry.uid, entry.title, err);
    } finally {
      if (vevent.parent === calendar) calendar.removeSubcomponent(vevent);
    }
  }
  // The events' problems in the file's order, after the file's own and before the cut.
  errors.push(...problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
  if (itemsCut)
    fileProblem(
      `The calendar gives more than ${ITEMS_MAX} events (occurrences counted); the rest were not imported`,
    );
  return { items, errors, total: blocks.length };
}

const ianaOf = (zone: ResolvedZone | undefined | '') =>
  zone && zone.kind === 'iana' ? zone.iana : undefined;

type IcalTime = InstanceType<typeof ICAL.Time>;
/** A DTSTART-like value: its instant, the zone it is read in, and whether that zone is exact. */
type Zoned = { wall: WallTime; zone: string; instant: Date; isDate: boolean; exact: boolean };

/** A DTSTART-like value as an instant and the zone its wall-clock time is in. */
function zoned(time: IcalTime, tzid: string | undefined, ctx: Context): Zoned {
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
    return { wall, zone: ctx.defaultZone, instant: fromWallTime('UTC', wall), isDate: false, exact: true };
  if (!tzid)
    return {
      wall,
      zone: ctx.defaultZone,
      instant: fromWallTime(ctx.defaultZone, wall),
      isDate: time.isDate,
      exact: true,
    };
  const resolved = ctx.resolve(tzid);
  if (!resolved) throw new Error(`unknown time zone ${tzid}`);
  if (resolved.kind === 'iana')
    return {
      wall,
      zone: resolved.iana,
      instant: fromWallTime(resolved.iana, wall),
      isDate: time.isDate,
      exact: true,
    };
  // A zone of the file's own that matches no IANA zone: its rules give the instant.
  const copy = time.clone();
  copy.zone = resolved.ical;
  return {
    wall,
    zone: ctx.defaultZone,
    instant: new Date(copy.toUnixTime() * 1000),
    isDate: time.isDate,
    exact: false,
  };
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const clean = (value: unknown) =>
  typeof value === 'string'
    ? // biome-ignore lint/suspicious/noControlCharactersInRegex: stored text never holds NUL or other controls
      value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim()
    : '';

function fieldsOf(vevent: Vevent, title: string, zone: string, allDay: boolean): ImportedFields {
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
    title,
    description: clip(description, DESCRIPTION_MAX),
    location: clip(clean(vevent.getFirstPropertyValue('location')), LOCATION_MAX),
    tags: [...tags.values()],
    visibility: klass === 'PRIVATE' || klass === 'CONFIDENTIAL' ? 'PRIVATE' : 'PUBLIC',
    timeZone: zone,
    allDay,
    cancelled: status === 'CANCELLED',
    draft: status === 'TENTATIVE',
  };
}

/** The event's start, end and fields: what every kind of VEVENT has. */
function basics(entry: Entry, ctx: Context) {
  const startProp = entry.vevent.getFirstProperty('dtstart');
  const startValue = startProp?.getFirstValue();
  if (!startProp || !(startValue instanceof ICAL.Time)) throw new Error('the event has no start (DTSTART)');
  const start = zoned(startValue, paramOf(startProp, 'tzid'), ctx);
  const end = endOf(entry.vevent, start, ctx);
  return { startProp, start, end, fields: fieldsOf(entry.vevent, entry.title, start.zone, start.isDate) };
}

function readMaster(
  entry: Entry,
  ctx: Context,
  masters: Map<string, Master>,
  offset: number,
): ImportedItem[] {
  const { vevent, uid, block } = entry;
  const line = block.line;
  const { startProp, start, end, fields } = basics(entry, ctx);
  const rules = vevent.getAllProperties('rrule');
  const dates = vevent.getAllProperties('rdate');
  if (rules.length === 0 && dates.length === 0) {
    masters.set(uid, { kind: 'single' });
    return [{ kind: 'event', uid, line, start: start.instant, end, ...fields }];
  }

  const durationMs = end.getTime() - start.instant.getTime();
  const rule = rules[0]?.getFirstValue();
  // Several RRULEs, an RDATE or an EXRULE are no series of ours: expanded below.
  const single = rules.length === 1 && dates.length === 0 && !vevent.getFirstProperty('exrule');
  const series = single && rule instanceof ICAL.Recur ? asSeries(rule, start, vevent, ctx) : undefined;
  if (series) {
    masters.set(uid, { kind: 'series', zone: start.zone, wall: start.wall });
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
  }
  // Any other rules: the occurrences in the window, each an event of its own.
  const out: ImportedEvent[] = [];
  const at = new Map<number, number>();
  for (const when of occurrences(vevent, paramOf(startProp, 'tzid'), ctx)) {
    at.set(when.getTime(), offset + out.length);
    out.push({
      kind: 'event',
      uid: `${uid}|${when.toISOString()}`,
      line,
      start: when,
      // An all-day occurrence is as many days as the first, whatever a clock change does to them.
      end: start.isDate
        ? afterDays(start.zone, when, wholeDays(durationMs))
        : new Date(when.getTime() + durationMs),
      ...fields,
    });
  }
  masters.set(uid, { kind: 'expanded', zone: start.zone, wall: start.wall, isDate: start.isDate, at });
  return out;
}

/**
 * Starts of the event's occurrences in the window, at most EXPAND_MAX. Each RRULE is expanded on
 * its own, then the RDATEs (with DTSTART, and less the EXDATEs, each time): ical.js stops all of
 * a VEVENT's rules once its first one ends, so a second rule lost its later dates.
 */
function occurrences(vevent: Vevent, tzid: string | undefined, ctx: Context): Date[] {
  const rules = vevent.getAllProperties('rrule');
  const dates = vevent.getAllProperties('rdate');
  const passes = [...rules.map((rule) => [rule]), ...(dates.length > 0 ? [dates] : [])];
  const found = new Set<number>();
  // Bounded by count and by time (decision 061): a rule that passed ruleProblem may still need
  // many steps between occurrences (an hourly rule with BYMONTH and BYDAY from years ago).
  const until = cpuMs() + EXPAND_BUDGET_MS;
  try {
    for (const pass of passes) {
      vevent.removeAllProperties('rrule');
      vevent.removeAllProperties('rdate');
      for (const prop of pass) vevent.addProperty(prop);
      const iterator = new ICAL.Event(vevent).iterator();
      let inWindow = 0;
      for (let next = iterator.next(), n = 0; next && n < 10_000; next = iterator.next(), n++) {
        if (cpuMs() > until) throw new Error(CLUB_IO_MSG.ruleTooCostly);
        const when = zoned(next, tzid, ctx).instant.getTime();
        if (when > ctx.to || inWindow >= EXPAND_MAX) break;
        if (when < ctx.from) continue;
        found.add(when);
        inWindow++;
      }
    }
  } finally {
    vevent.removeAllProperties('rrule');
    vevent.removeAllProperties('rdate');
    for (const prop of [...rules, ...dates]) vevent.addProperty(prop);
  }
  return [...found]
    .sort((a, b) => a - b)
    .slice(0, EXPAND_MAX)
    .map((ms) => new Date(ms));
}

const sameDate = (a: WallTime, b: WallTime) => a.year === b.year && a.month === b.month && a.day === b.day;

/**
 * A changed occurrence (RECURRENCE-ID). Of a series: an override of the occurrence its original
 * start names. Of an expanded rule: it takes that occurrence's place in `items` (and answers
 * nothing), or is left out when neither its old nor its new start is in the window.
 */
function readChange(
  entry: Entry,
  ctx: Context,
  master: Master | undefined,
  items: ImportedItem[],
): ImportedItem[] {
  const { vevent, uid, block } = entry;
  const line = block.line;
  const { start, end, fields } = basics(entry, ctx);
  const ridProp = vevent.getFirstProperty('recurrence-id');
  const ridValue = ridProp?.getFirstValue();
  if (!ridProp || !(ridValue instanceof ICAL.Time))
    throw new Error('the changed occurrence has no date (RECURRENCE-ID)');
  const rid = zoned(ridValue, paramOf(ridProp, 'tzid'), ctx);
  const alone = (at: Date): ImportedEvent => ({
    kind: 'event',
    uid: `${uid}|${at.toISOString()}`,
    line,
    start: start.instant,
    end,
    ...fields,
  });
  if (master?.kind === 'series') {
    // An all-day RECURRENCE-ID names the series' occurrence of that day.
    const at = rid.isDate ? fromWallTime(master.zone, { ...master.wall, ...dateOf(rid.wall) }) : rid.instant;
    return [{ kind: 'override', uid, line, at, start: start.instant, end, ...fields }];
  }
  if (master?.kind === 'expanded') {
    let index = master.at.get(rid.instant.getTime());
    if (index === undefined && (rid.isDate || master.isDate))
      for (const [ms, i] of master.at)
        if (sameDate(wallTime(master.zone, new Date(ms)), rid.wall)) {
          index = i;
          break;
        }
    const original = index === undefined ? undefined : items[index];
    if (index !== undefined && original?.kind === 'event') {
      items[index] = { ...alone(rid.instant), uid: original.uid };
      return [];
    }
    const inWindow = (d: Date) => d.getTime() >= ctx.from && d.getTime() <= ctx.to;
    if (!inWindow(rid.instant) && !inWindow(start.instant)) return [];
  }
  return [alone(rid.instant)];
}

const dateOf = (w: WallTime) => ({ year: w.year, month: w.month, day: w.day });

function paramOf(prop: InstanceType<typeof ICAL.Property>, name: string): string | undefined {
  const value = prop.getParameter(name);
  return typeof value === 'string' ? value : undefined;
}

/** An event longer than this is taken for a broken end (DTEND or DURATION). */
const SPAN_MAX_MS = 5 * YEAR_MS;

function endOf(vevent: Vevent, start: Zoned, ctx: Context): Date {
  const endProp = vevent.getFirstProperty('dtend');
  const endValue = endProp?.getFirstValue();
  let end: Date | undefined;
  if (endProp && endValue instanceof ICAL.Time) end = zoned(endValue, paramOf(endProp, 'tzid'), ctx).instant;
  const duration = vevent.getFirstPropertyValue('duration');
  if (!end && duration instanceof ICAL.Duration)
    end = new Date(start.instant.getTime() + duration.toSeconds() * 1000);
  if (end && !(Math.abs(end.getTime() - start.instant.getTime()) <= SPAN_MAX_MS))
    throw new Error('the event ends too far from its start (DTEND or DURATION); give it a real end');
  // No end: a day for an all-day event, an hour otherwise (an event must end after it starts).
  if (!end || end <= start.instant)
    end = start.isDate
      ? afterDays(start.zone, start.instant, 1)
      : new Date(start.instant.getTime() + 3_600_000);
  // An all-day event ends at a midnight in its zone (decision 078): whole days, at least one.
  else if (start.isDate)
    end = afterDays(start.zone, start.instant, wholeDays(end.getTime() - start.instant.getTime()));
  return end;
}

/** Days in a span of whole days (23 or 25 hours across a clock change are one). */
const wholeDays = (ms: number) => Math.max(1, Math.round(ms / 86_400_000));

/** The midnight `days` calendar days after the day `date` falls on in `zone`. */
const afterDays = (zone: string, date: Date, days: number) =>
  fromWallTime(zone, addDays(dayIn(zone, date), days));

/** The rule as a Townsquare series, when it can be one exactly. */
function asSeries(
  rule: InstanceType<typeof ICAL.Recur>,
  start: Zoned,
  vevent: Vevent,
  ctx: Context,
): Pick<ImportedSeries, 'freq' | 'interval' | 'until' | 'excluded'> | undefined {
  // A series repeats a wall-clock time in an IANA zone: not a day, not a zone only the file knows.
  if (start.isDate || !start.exact) return undefined;
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
      rule.until.zone === ICAL.Timezone.utcTimezone ? undefined : start.zone,
      ctx,
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
    if (last) until = zoned(last, start.zone, ctx).instant;
  }
  const excluded: Date[] = [];
  for (const prop of vevent.getAllProperties('exdate'))
    for (const value of prop.getValues())
      if (value instanceof ICAL.Time) excluded.push(zoned(value, paramOf(prop, 'tzid'), ctx).instant);
  return { freq, interval, until, excluded };
}
