import type { Attendee, EventQuestionDto } from '@townsquare/contracts';
import { sheetTime } from '../../platform/dates.ts';

/**
 * One CSV cell: quoted when it holds a comma, quote or line break (RFC 4180), and prefixed with
 * an apostrophe when it starts like a formula (= + - @, tab, carriage return), so a spreadsheet
 * shows it as text instead of running it.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The hosts' attendee list: name, username, status, guests, one column per question, checked in
 * (in the event's time zone, named), and, when the event has a sign-up sheet with claims, what each
 * person is bringing; when someone answered without an account, an "Account" column tells guests
 * from members (decision 040); when someone answered from another server, a "Fediverse" column gives
 * their handle (decision 080).
 */
export function attendeesCsv(
  attendees: Attendee[],
  questions: EventQuestionDto[],
  timeZone: string,
  bringing: Map<string, string> = new Map(),
): string {
  const sheet = bringing.size > 0;
  const guests = attendees.some((a) => a.guest);
  const remote = attendees.some((a) => a.fediverse);
  const header = [
    'Name',
    'Username',
    'Status',
    'Guests',
    ...questions.map((q) => q.text),
    'Checked in',
    ...(sheet ? ['Bringing'] : []),
    ...(guests ? ['Account'] : []),
    ...(remote ? ['Fediverse'] : []),
  ];
  const lines = attendees.map((a) => [
    a.fullName,
    a.username ?? '',
    a.status,
    a.guests.map((g) => g || '(unnamed)').join('; '),
    ...questions.map((q) => a.answers[q.id] ?? ''),
    a.checkedInAt ? sheetTime(new Date(a.checkedInAt), timeZone) : '',
    ...(sheet ? [bringing.get(a.userId) ?? ''] : []),
    ...(guests ? [a.fediverse ? 'fediverse' : a.guest ? 'guest' : 'member'] : []),
    ...(remote ? [a.fediverse?.handle ?? ''] : []),
  ]);
  return `${[header, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
