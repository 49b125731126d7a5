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
