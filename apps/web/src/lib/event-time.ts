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
  event: { startDate: string; endDate: string; timeZone?: string },
  viewerZone: string | null = viewerTimeZone(),
): EventTimeText {
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
  event: { startDate: string; timeZone?: string },
  viewerZone: string | null = viewerTimeZone(),
): string {
  const zone = event.timeZone ?? viewerZone ?? 'UTC';
  const start = inTimeZone(event.startDate, zone);
  return `${formatCardDate(start)} · ${formatTime(start)} ${formatZoneName(event.startDate, zone)}`;
}
