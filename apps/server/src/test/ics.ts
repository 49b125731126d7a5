/**
 * The lines of a VTIMEZONE named `tzid` that stays at +05:00 all year: a zone only the file itself
 * can define, so an event naming it starts five hours before the same wall time in UTC.
 */
export const fixedZone = (tzid: string) => [
  'BEGIN:VTIMEZONE',
  `TZID:${tzid}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0500',
  'TZOFFSETTO:+0500',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The outside tester's event: a daily rule whose parts can never all match (no February has a 30th). */
export const NEVER_EVENT = [
  'BEGIN:VEVENT',
  'UID:never@example.com',
  'DTSTAMP:20261120T150000Z',
  'DTSTART:20261201T100000Z',
  'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
  'SUMMARY:Never',
  'END:VEVENT',
];
