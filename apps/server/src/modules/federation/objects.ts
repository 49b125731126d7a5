import { escapeHtml } from '../../platform/mail/templates.ts';
import { cityLevelPlace } from '../access/places.ts';
import { presentPlace } from '../places/places.service.ts';
import type { FederatedEvent } from './federation.repository.ts';

/**
 * What a federated event looks like (decision 073): an ActivityStreams `Event` with the
 * properties of FEP-8a8e as Mobilizon and Gancio read them. The address rule (decision 044)
 * holds: an ATTENDEES event's place leaves as its city only, an online link never leaves.
 */
/** The terms of FEP-8a8e (Mobilizon's and schema.org's) the library's vocabulary has no names for. */
export const EVENT_TERMS = {
  mz: 'https://joinmobilizon.org/ns#',
  ical: 'http://www.w3.org/2002/12/cal/ical#',
  sc: 'http://schema.org/',
  timezone: { '@id': 'mz:timezone', '@type': 'sc:Text' },
  joinMode: { '@id': 'mz:joinMode', '@type': 'mz:joinModeType' },
  maximumAttendeeCapacity: 'sc:maximumAttendeeCapacity',
  remainingAttendeeCapacity: 'sc:remainingAttendeeCapacity',
  participantCount: { '@id': 'mz:participantCount', '@type': 'sc:Integer' },
  isOnline: { '@id': 'mz:isOnline', '@type': 'sc:Boolean' },
  PostalAddress: 'sc:PostalAddress',
  address: { '@id': 'sc:address', '@type': 'sc:PostalAddress' },
  addressLocality: 'sc:addressLocality',
  addressCountry: 'sc:addressCountry',
  streetAddress: 'sc:streetAddress',
} as const;

export const EVENT_CONTEXT = ['https://www.w3.org/ns/activitystreams', EVENT_TERMS] as const;

/** The properties of an event's JSON the library's `Event` drops when it serialises one. */
const EXTENSION_KEYS = [
  'timezone',
  'ical:status',
  'joinMode',
  'participantCount',
  'isOnline',
  'maximumAttendeeCapacity',
  'remainingAttendeeCapacity',
] as const;

export function eventExtensions(json: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of EXTENSION_KEYS) if (json[key] !== undefined) out[key] = json[key];
  if (json.location) out.location = json.location;
  return out;
}

/**
 * A compacted activity with the event's extension properties put back on its `object` and their
 * terms added to its context: what the library sends (and signs) is then the whole event.
 */
export function withExtensions(compacted: unknown, extensions: Record<string, unknown>): unknown {
  if (!compacted || typeof compacted !== 'object' || Object.keys(extensions).length === 0) return compacted;
  const activity = compacted as Record<string, unknown>;
  const object = activity.object;
  if (!object || typeof object !== 'object' || Array.isArray(object)) return compacted;
  const context = activity['@context'];
  const contexts = Array.isArray(context) ? context : context === undefined ? [] : [context];
  const place = (object as Record<string, unknown>).location;
  return {
    ...activity,
    '@context': [...contexts, EVENT_TERMS],
    object: {
      ...object,
      ...extensions,
      ...(extensions.location && place && typeof place === 'object'
        ? { location: { ...place, ...(extensions.location as object) } }
        : {}),
    },
  };
}

export const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

export type EventUris = { event: URL; group: URL; followers: URL; page: URL };

/** `ical:status` of an event: CANCELLED once called off, else CONFIRMED. */
export const eventStatus = (event: Pick<FederatedEvent, 'cancelledAt'>) =>
  event.cancelledAt ? 'CANCELLED' : 'CONFIRMED';

/**
 * "Friday, 5 December 2026 at 19:00 (Europe/Berlin)": when, in the event's zone; an all-day event
 * by its day alone (decision 078), never its stored midnight as "00:00".
 */
export function whenText(
  event: Pick<FederatedEvent, 'startDate' | 'timeZone'> & { allDay?: boolean },
): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: event.timeZone,
    dateStyle: 'full',
    ...(event.allDay ? {} : { timeStyle: 'short' }),
  })
    .format(event.startDate)
    .concat(event.allDay ? ', all day' : ` (${event.timeZone})`);
}

/** The place as anyone may know it (the address rule), or null for none / online only. */
export function shownPlace(event: FederatedEvent): Record<string, unknown> | null {
  const restricted = event.addressVisibility === 'ATTENDEES';
  if (event.place) {
    const full = presentPlace(event.place);
    const place = restricted ? cityLevelPlace(full) : full;
    return {
      type: 'Place',
      name: place.name,
      latitude: place.lat,
      longitude: place.lon,
      address: {
        type: 'PostalAddress',
        ...(place.address ? { streetAddress: place.address } : {}),
        addressLocality: place.city,
        addressCountry: place.country,
      },
    };
  }
  // A typed location only: an ATTENDEES event keeps it to itself.
  if (restricted || !event.location || event.online) return null;
  return { type: 'Place', name: event.location };
}

/** Mastodon shows name, summary and url only: the summary says when and where. */
export function summaryText(event: FederatedEvent): string {
  const place = shownPlace(event);
  const where = place ? String(place.name) : event.online ? 'Online' : '';
  const status = event.cancelledAt ? 'CANCELLED: ' : '';
  return `${status}${whenText(event)}${where ? ` · ${where}` : ''}`;
}

/**
 * Plain text as the HTML every ActivityPub server reads `content` and `summary` as (whatever
 * `mediaType` says): escaped, blank lines making paragraphs, line breaks kept.
 */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The event as JSON-LD (compacted, with its own context). */
export function eventJson(event: FederatedEvent, uris: EventUris): Record<string, unknown> {
  const place = shownPlace(event);
  const remaining = event.capacity === null ? undefined : Math.max(0, event.capacity - event.going);
  return {
    '@context': EVENT_CONTEXT,
    id: uris.event.href,
    type: 'Event',
    name: event.title,
    summary: escapeHtml(summaryText(event)),
    content: textToHtml(event.description),
    mediaType: 'text/html',
    source: { content: event.description, mediaType: 'text/plain' },
    startTime: event.startDate.toISOString(),
    endTime: event.endDate.toISOString(),
    timezone: event.timeZone,
    ...(place ? { location: place } : {}),
    isOnline: event.online,
    url: uris.page.href,
    attributedTo: uris.group.href,
    audience: uris.group.href,
    to: [PUBLIC],
    cc: [uris.followers.href],
    published: event.createdAt.toISOString(),
    updated: event.updatedAt.toISOString(),
    'ical:status': eventStatus(event),
    // `Join` is an RSVP (decision 080); questions a person going must answer are asked on the page.
    joinMode: event.questions.some((q) => q.required) ? 'external' : 'free',
    participantCount: event.going,
    ...(event.capacity === null
      ? {}
      : { maximumAttendeeCapacity: event.capacity, remainingAttendeeCapacity: remaining }),
    ...(event.imageUrl ? { image: { type: 'Image', url: new URL(event.imageUrl, uris.page).href } } : {}),
  };
}
