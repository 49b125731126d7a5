import { formatDay, wallTime } from '@townsquare/contracts/time-zones';
import { useSyncExternalStore } from 'react';

/**
 * One-click links to put an event in Google Calendar or Outlook on the web (the .ics download
 * covers Apple Calendar and the rest), and the event's own address to share.
 */

type CalendarEvent = {
  id: string;
  title: string;
  description: string;
  location: string;
  startDate: string;
  endDate: string;
  timeZone?: string | undefined;
  allDay?: boolean | undefined;
};

/** 2027-01-12: the day an all-day event's instant is in its zone (decision 078). */
const dayOf = (event: CalendarEvent, iso: string) =>
  formatDay(wallTime(event.timeZone ?? 'UTC', new Date(iso)));

/** 20270112T180000Z: the UTC form both calendars read. */
const utcStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The event page's address, under the page's own origin (what a shared link opens). Components
 * pass the origin from `usePageOrigin` ('' on the server: the event page is rendered there too).
 */
export function eventUrl(eventId: string, origin: string): string {
  return `${origin}/event/${encodeURIComponent(eventId)}`;
}

/** Google Calendar's "create event" template, the event's zone as its display zone. */
export function googleCalendarUrl(event: CalendarEvent, origin: string): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    // All day: dates alone, the end the day after the last (as in iCalendar).
    dates: event.allDay
      ? `${dayOf(event, event.startDate).replaceAll('-', '')}/${dayOf(event, event.endDate).replaceAll('-', '')}`
      : `${utcStamp(event.startDate)}/${utcStamp(event.endDate)}`,
    details: `${event.description}\n\n${eventUrl(event.id, origin)}`,
    location: event.location,
  });
  if (event.timeZone) params.set('ctz', event.timeZone);
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** Outlook on the web's compose form (personal accounts; work accounts get the same fields). */
export function outlookCalendarUrl(event: CalendarEvent, origin: string): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: event.allDay ? dayOf(event, event.startDate) : new Date(event.startDate).toISOString(),
    enddt: event.allDay ? dayOf(event, event.endDate) : new Date(event.endDate).toISOString(),
    ...(event.allDay ? { allday: 'true' } : {}),
    body: `${event.description}\n\n${eventUrl(event.id, origin)}`,
    location: event.location,
  });
  return `https://outlook.live.com/calendar/0/action/compose?${params}`;
}

const noSubscription = () => () => undefined;

/**
 * The page's origin in the browser, '' while rendering on the server and while hydrating, then
 * the real one: the server-rendered event page hydrates without a mismatch, and the links are
 * complete right after.
 */
export function usePageOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
}
