// The subpath, not the package index: the index evaluates every zod schema, which the public event
// page (this file's main reader) does not need.
import { offsetMinutes } from '@townsquare/contracts/time-zones';
import {
  formatCardDate,
  formatLongDate,
  formatTime,
  formatZoneName,
  inTimeZone,
  viewerTimeZone,
} from './format.ts';
import { translate } from './i18n/intl.tsx';

type AllDaySource = { startDate: string; endDate: string; timeZone?: string; allDay?: boolean };

/**
 * An all-day event's days (decision 078), read in its zone: the first, and the last (the day
 * before the midnight it ends at). The same days for every viewer: no "your time".
 */
function allDayDays(event: AllDaySource, viewerZone: string | null) {
  const zone = event.timeZone ?? viewerZone ?? 'UTC';
  const first = inTimeZone(event.startDate, zone);
  const last = inTimeZone(new Date(new Date(event.endDate).getTime() - 1), zone);
  const sameDay =
    first.getFullYear() === last.getFullYear() &&
    first.getMonth() === last.getMonth() &&
    first.getDate() === last.getDate();
  return { first, last: sameDay ? null : last };
}

/**
 * A card's date and time lines: all day (decision 078), the first day where it happens and
 * "All day" (or "All day, until …"); otherwise null (the card shows its own times).
 */
export function allDayCardText(event: AllDaySource): { date: string; time: string } | null {
  if (!event.allDay) return null;
  const { first, last } = allDayDays(event, viewerTimeZone());
  return {
    date: formatCardDate(first),
    time: last
      ? translate('events.time.allDayUntil', { date: formatCardDate(last) })
      : translate('events.time.allDay'),
  };
}

export interface EventTimeText {
  date: string;
  /** "7:00 PM - 8:30 PM (GMT+1)". */
  time: string;
  /** The same times in the viewer's zone, when it is not the event's: "Your time: …". */
  yours: string | null;
}

function describe(startIso: string, endIso: string, timeZone: string) {
  const start = inTimeZone(startIso, timeZone);
  const end = inTimeZone(endIso, timeZone);
  const startDay = formatLongDate(start);
  const endDay = formatLongDate(end);
  const endText = `${endDay !== startDay ? `${endDay}, ` : ''}${formatTime(end)}`;
  return {
    date: startDay,
    time: `${formatTime(start)} - ${endText} (${formatZoneName(startIso, timeZone)})`,
  };
}

/**
 * An event's date and time as they read where it happens (its `timeZone`), and, when the viewer's
 * zone has another offset then, as they read for the viewer. With no viewer zone (a server render
 * and the app's first render of it, see `viewerTimeZone`) only the event's own; an event without a
 * zone then reads in UTC.
 */
export function eventTimeText(
  event: AllDaySource,
  viewerZone: string | null = viewerTimeZone(),
): EventTimeText {
  if (event.allDay) {
    const { first, last } = allDayDays(event, viewerZone);
    return {
      date: formatLongDate(first),
      time: last
        ? translate('events.time.allDayUntil', { date: formatLongDate(last) })
        : translate('events.time.allDay'),
      yours: null,
    };
  }
  const zone = event.timeZone ?? viewerZone ?? 'UTC';
  const local = describe(event.startDate, event.endDate, zone);
  if (!viewerZone) return { ...local, yours: null };
  const start = new Date(event.startDate);
  const differs = offsetMinutes(zone, start) !== offsetMinutes(viewerZone, start);
  const mine = describe(event.startDate, event.endDate, viewerZone);
  return { ...local, yours: differs ? `${mine.date}, ${mine.time}` : null };
}

/**
 * "Dec 1, 2026 · 12:55 PM CET": when an event starts as it reads where it happens (its zone,
 * named), for short lists. The same text on the server and in any browser, so a rendered page
 * hydrates without a mismatch.
 */
export function eventStartText(
  event: { startDate: string; endDate?: string; timeZone?: string; allDay?: boolean },
  viewerZone: string | null = viewerTimeZone(),
): string {
  // All day: "Dec 14, 2026 · All day", the day where it happens (decision 078).
  if (event.allDay && event.endDate)
    return `${formatCardDate(allDayDays({ ...event, endDate: event.endDate }, viewerZone).first)} · ${translate('events.time.allDay')}`;
  const zone = event.timeZone ?? viewerZone ?? 'UTC';
  const start = inTimeZone(event.startDate, zone);
  return `${formatCardDate(start)} · ${formatTime(start)} ${formatZoneName(event.startDate, zone)}`;
}
