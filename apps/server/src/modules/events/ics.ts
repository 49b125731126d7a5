import type { EventRow } from '../../db/schema/index.ts';

/**
 * RFC 5545 TEXT (3.3.11): backslash, semicolon and comma escaped; every line break (CRLF, a lone
 * CR or LF) becomes `\n`; the other control characters (CONTROL, all but HTAB) cannot appear in
 * TEXT and have no escape, so they are dropped.
 */
const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: RFC 5545 CONTROL characters
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '');

/** 20261122T080000Z */
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded: CRLF followed by one space (RFC 5545 3.1). */
function fold(line: string): string {
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

const RRULE: Partial<Record<EventRow['recurrence'], string>> = {
  DAILY: 'FREQ=DAILY',
  WEEKLY: 'FREQ=WEEKLY',
  MONTHLY: 'FREQ=MONTHLY',
};

/** An iCalendar file with one VEVENT (and its recurrence rule, where it has a standard one). */
export function eventToIcs(event: EventRow, options: { url: string; host: string; now?: Date }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Townsquare//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@${options.host}`,
    `DTSTAMP:${stamp(options.now ?? new Date())}`,
    `DTSTART:${stamp(event.startDate)}`,
    `DTEND:${stamp(event.endDate)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(`${event.description}\n\n${options.url}`)}`,
    `LOCATION:${escapeText(event.location)}`,
    `URL:${options.url}`,
    ...(RRULE[event.recurrence] ? [`RRULE:${RRULE[event.recurrence]}`] : []),
    ...(event.tags.length ? [`CATEGORIES:${event.tags.map(escapeText).join(',')}`] : []),
    `STATUS:${event.status === 'DRAFT' ? 'TENTATIVE' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
