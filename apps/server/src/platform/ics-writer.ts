import { ALL_DAY_ZONE, offsetMinutes, transitions, wallTime } from '@townsquare/contracts';
import type { EventRow } from '../db/schema/index.ts';

/**
 * The one iCalendar (RFC 5545) writer: the per-event file, the private feed and community feeds
 * all go through `writeCalendar`. Times are written in the event's zone (DTSTART;TZID=…) with a
 * VTIMEZONE built from Intl for the span the file needs; lines are CRLF, folded at 75 octets.
 */

/**
 * RFC 5545 TEXT (3.3.11): backslash, semicolon and comma escaped; every line break (CRLF, a lone
 * CR or LF) becomes `\n`; the other control characters (CONTROL, all but HTAB) cannot appear in
 * TEXT and have no escape, so they are dropped.
 */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: RFC 5545 CONTROL characters
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '');

/** 20261122T080000Z */
const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 20261122T090000: the wall-clock time in `timeZone` (a DATE-TIME with a TZID). */
function localStamp(timeZone: string, date: Date): string {
  const w = wallTime(timeZone, date);
  return `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

/** +0100, -0330 */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** Lines longer than 75 octets are folded: CRLF followed by one space (RFC 5545 3.1). */
export function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Never split a UTF-8 sequence: back up to a character boundary.
    while (end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74; // continuation lines start with a space
  }
  return parts.join('\r\n ');
}

/**
 * A VTIMEZONE valid from `from` to `to`: the offset in force at `from`, then every change in the
 * span as its own observance (no RRULE, so it is exact for whatever rules the zone had).
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string[] {
  const start = offsetMinutes(timeZone, from);
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    'BEGIN:STANDARD',
    `DTSTART:${localStamp(timeZone, from)}`,
    `TZOFFSETFROM:${utcOffset(start)}`,
    `TZOFFSETTO:${utcOffset(start)}`,
    'END:STANDARD',
  ];
  for (const t of transitions(timeZone, from, to)) {
    const kind = t.to > t.from ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART of an observance is the local time of the change in the offset before it.
    const localBefore = new Date(t.at.getTime() + t.from * 60_000);
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${utcStamp(localBefore).replace('Z', '')}`,
      `TZOFFSETFROM:${utcOffset(t.from)}`,
      `TZOFFSETTO:${utcOffset(t.to)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

const RRULE: Partial<Record<EventRow['recurrence'], string>> = {
  DAILY: 'FREQ=DAILY',
  WEEKLY: 'FREQ=WEEKLY',
  MONTHLY: 'FREQ=MONTHLY',
};

/** What the writer needs of an event (a row of `events`). */
export type CalendarEvent = Pick<
  EventRow,
  | 'id'
  | 'title'
  | 'description'
  | 'location'
  | 'startDate'
  | 'endDate'
  | 'allDay'
  | 'status'
  | 'recurrence'
  | 'tags'
  | 'timeZone'
  | 'sequence'
  | 'cancelledAt'
  | 'seriesId'
  | 'updatedAt'
>;

function vevent(event: CalendarEvent, o: { publicUrl: string; host: string }): string[] {
  const url = `${o.publicUrl}/event/${event.id}`;
  const tz = event.timeZone;
  const status = event.cancelledAt ? 'CANCELLED' : event.status === 'DRAFT' ? 'TENTATIVE' : 'CONFIRMED';
  // Occurrences of a series are separate events; only a legacy single event carries an RRULE.
  const rrule = event.seriesId ? undefined : RRULE[event.recurrence];
  return [
    'BEGIN:VEVENT',
    `UID:${event.id}@${o.host}`,
    // The last change, not the time of the request: the same feed is the same bytes (ETag).
    `DTSTAMP:${utcStamp(event.updatedAt)}`,
    `LAST-MODIFIED:${utcStamp(event.updatedAt)}`,
    `SEQUENCE:${event.sequence}`,
    // All day (decision 078): dates in the event's zone, the end exclusive (the day after the last).
    ...(event.allDay
      ? [
          `DTSTART;VALUE=DATE:${localStamp(tz, event.startDate).slice(0, 8)}`,
          `DTEND;VALUE=DATE:${localStamp(tz, event.endDate).slice(0, 8)}`,
          `${ALL_DAY_ZONE}:${tz}`,
        ]
      : [
          `DTSTART;TZID=${tz}:${localStamp(tz, event.startDate)}`,
          `DTEND;TZID=${tz}:${localStamp(tz, event.endDate)}`,
        ]),
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(`${event.description}\n\n${url}`)}`,
    `LOCATION:${escapeText(event.location)}`,
    `URL:${url}`,
    ...(rrule ? [`RRULE:${rrule}`] : []),
    ...(event.tags.length ? [`CATEGORIES:${event.tags.map(escapeText).join(',')}`] : []),
    `STATUS:${status}`,
    'END:VEVENT',
  ];
}

const DAY = 86_400_000;

/**
 * A whole iCalendar object: one VTIMEZONE per zone used (covering its events, with a year's
 * margin after the last for recurring ones), then the events.
 */
export function writeCalendar(events: CalendarEvent[], o: { publicUrl: string; name?: string }): string {
  const host = new URL(o.publicUrl).host;
  const spans = new Map<string, { from: number; to: number }>();
  for (const e of events) {
    const span = spans.get(e.timeZone);
    const from = e.startDate.getTime() - DAY;
    const to = e.endDate.getTime() + (e.seriesId || e.recurrence === 'NONE' ? DAY : 366 * DAY);
    spans.set(
      e.timeZone,
      span ? { from: Math.min(span.from, from), to: Math.max(span.to, to) } : { from, to },
    );
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Townsquare//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(o.name ? [`X-WR-CALNAME:${escapeText(o.name)}`] : []),
    ...[...spans].flatMap(([tz, s]) => vtimezone(tz, new Date(s.from), new Date(s.to))),
    ...events.flatMap((e) => vevent(e, { publicUrl: o.publicUrl, host })),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
