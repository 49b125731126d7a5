/**
 * Reading another server's `Event` (decision 079): the JSON an origin serves at the event's id,
 * as Townsquare, Mobilizon and Gancio shape it (FEP-8a8e). Only plain data leaves here: text
 * (remote HTML reduced to text, never rendered as HTML), instants, an IANA zone, a place. Anything
 * unreadable makes the object unreadable (`undefined`), never a half event.
 */

/** An event object larger than this (its JSON) is not read at all. */
export const REMOTE_OBJECT_MAX_BYTES = 64 * 1024;
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;
const TEXT_MAX = 300;
/** When an event gives no end (Gancio may not), it is taken to last this long. */
export const DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000;

const PUBLIC_IDS = new Set(['https://www.w3.org/ns/activitystreams#Public', 'as:Public', 'Public']);

export type RemoteEventInput = {
  apId: string;
  /** The actor it is attributed to (a Group, an instance actor, a Person). */
  actorUri: string | undefined;
  url: string;
  title: string;
  description: string;
  startDate: Date;
  endDate: Date;
  timeZone: string | undefined;
  placeName: string | undefined;
  placeAddress: string | undefined;
  city: string | undefined;
  country: string | undefined;
  lat: number | undefined;
  lon: number | undefined;
  online: boolean;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  capacity: number | undefined;
  participantCount: number | undefined;
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  euro: '€',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Remote HTML as plain text: scripts and styles dropped with their content, block ends and
 * `<br>` as line breaks, every other tag removed, entities decoded, runs of blank lines
 * collapsed. What comes out is shown as text (React escapes it), so no markup can survive.
 */
export function htmlToText(html: string, max = DESCRIPTION_MAX): string {
  const text = decodeEntities(
    html
      .slice(0, REMOTE_OBJECT_MAX_BYTES)
      .replace(/<(script|style|template)[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|h[1-6]|blockquote|pre|tr)\s*>/gi, '\n\n')
      .replace(/<[^>]*>/g, '')
      .replace(/<[\s\S]*$/, ''),
  )
    // Control characters other than line breaks and tabs say nothing to a reader.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A name-like value: a string, or the first of a language map (`nameMap`). */
function textOf(value: unknown, map: unknown, max = TEXT_MAX): string | undefined {
  const raw =
    typeof value === 'string'
      ? value
      : isObject(map)
        ? Object.values(map).find((v) => typeof v === 'string')
        : undefined;
  if (typeof raw !== 'string') return undefined;
  const text = htmlToText(raw, max).replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}

function idOf(value: unknown): string | undefined {
  const first = list(value)[0];
  const id = typeof first === 'string' ? first : isObject(first) ? (first.id ?? first.href) : undefined;
  return typeof id === 'string' && /^https?:\/\//.test(id) ? id : undefined;
}

function instant(value: unknown): Date | undefined {
  if (typeof value !== 'string' || value.length > 40) return undefined;
  // An instant needs its offset: a floating local time would be read in this server's zone.
  if (!/([zZ]|[+-]\d\d:?\d\d)$/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** An IANA zone name this runtime knows, else undefined. */
export function ianaZone(value: unknown): string | undefined {
  if (
    typeof value !== 'string' ||
    value.length > 64 ||
    !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$|^UTC$/.test(value)
  )
    return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone === value
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

function coordinate(value: unknown, limit: number): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000
    ? value
    : undefined;
}

/** The event's page: the `url` (a string or an html `Link`), else its id. */
function pageOf(event: Json, apId: string): string {
  for (const u of list(event.url)) {
    if (typeof u === 'string' && /^https?:\/\//.test(u)) return u;
    if (isObject(u) && typeof u.href === 'string' && /^https?:\/\//.test(u.href)) {
      if (u.mediaType === undefined || String(u.mediaType).includes('html')) return u.href;
    }
  }
  return apId;
}

type PlaceParts = Pick<RemoteEventInput, 'placeName' | 'placeAddress' | 'city' | 'country' | 'lat' | 'lon'>;

/**
 * `location` as a `Place`: Mobilizon and Townsquare give a schema.org `PostalAddress`, Gancio a
 * street address as one string; coordinates as `latitude`/`longitude` where known.
 */
function placeOf(location: unknown): PlaceParts {
  const place = list(location).find((l) => isObject(l) && (l.type === 'Place' || l.type === undefined));
  const none = {
    placeName: undefined,
    placeAddress: undefined,
    city: undefined,
    country: undefined,
    lat: undefined,
    lon: undefined,
  };
  if (!isObject(place)) return none;
  const lat = coordinate(place.latitude, 90);
  const lon = coordinate(place.longitude, 180);
  const hasPoint = lat !== undefined && lon !== undefined && !(lat === 0 && lon === 0);
  const address = place.address;
  let street: string | undefined;
  let city: string | undefined;
  let country: string | undefined;
  if (isObject(address)) {
    street = textOf(address.streetAddress, undefined);
    city = textOf(address.addressLocality, undefined);
    const c = textOf(address.addressCountry, undefined);
    country = c && /^[A-Za-z]{2}$/.test(c) ? c.toUpperCase() : undefined;
    const postal = textOf(address.postalCode, undefined);
    const parts = [street, [postal, city].filter(Boolean).join(' ')].filter((p) => p && p !== '');
    street = parts.length > 0 ? parts.join(', ') : undefined;
  } else {
    street = textOf(address, undefined);
    // One string (Gancio): its last part names the locality, postal codes aside.
    const last = street
      ?.split(',')
      .at(-1)
      ?.replace(/\b[A-Z]{0,2}-?\d{4,6}\b/g, '')
      .trim();
    city = last && /^\p{L}[\p{L} .'-]{1,80}$/u.test(last) ? last : undefined;
  }
  return {
    placeName: textOf(place.name, place.nameMap),
    placeAddress: street,
    city,
    country,
    lat: hasPoint ? lat : undefined,
    lon: hasPoint ? lon : undefined,
  };
}

/** Whether the object is addressed to everyone (a private event never becomes a remote event). */
export function isPublic(object: Json): boolean {
  return [...list(object.to), ...list(object.cc)].some((a) => typeof a === 'string' && PUBLIC_IDS.has(a));
}

/**
 * The remote event an `Event` object describes, or undefined when it is no public event we can
 * read (wrong type, too large, no id, title or start, not addressed to Public).
 */
export function readRemoteEvent(object: unknown): RemoteEventInput | undefined {
  if (!isObject(object)) return undefined;
  if (JSON.stringify(object).length > REMOTE_OBJECT_MAX_BYTES) return undefined;
  if (!list(object.type).includes('Event')) return undefined;
  const apId = typeof object.id === 'string' && /^https?:\/\//.test(object.id) ? object.id : undefined;
  const title = textOf(object.name, object.nameMap, TITLE_MAX);
  const startDate = instant(object.startTime);
  if (!apId || !title || !startDate || !isPublic(object)) return undefined;
  const end = instant(object.endTime);
  const endDate =
    end && end.getTime() >= startDate.getTime() ? end : new Date(startDate.getTime() + DEFAULT_DURATION_MS);
  // Townsquare keeps plain text in `source`; otherwise the HTML `content`, or the summary.
  const source =
    isObject(object.source) && object.source.mediaType === 'text/plain' ? object.source.content : undefined;
  const rawDescription =
    typeof source === 'string'
      ? source
      : typeof object.content === 'string'
        ? object.content
        : isObject(object.contentMap)
          ? Object.values(object.contentMap).find((v) => typeof v === 'string')
          : object.summary;
  const description =
    typeof source === 'string'
      ? source.slice(0, DESCRIPTION_MAX).trim()
      : typeof rawDescription === 'string'
        ? htmlToText(rawDescription)
        : '';
  const rawStatus = String(object['ical:status'] ?? object.status ?? 'CONFIRMED').toUpperCase();
  const status = rawStatus === 'CANCELLED' || rawStatus === 'TENTATIVE' ? rawStatus : 'CONFIRMED';
  const place = placeOf(object.location);
  return {
    apId,
    actorUri: idOf(object.attributedTo) ?? idOf(object.actor),
    url: pageOf(object, apId),
    title,
    description,
    startDate,
    endDate,
    timeZone: ianaZone(object.timezone ?? object['mz:timezone']),
    ...place,
    online: object.isOnline === true,
    status,
    capacity: count(object.maximumAttendeeCapacity),
    participantCount: count(object.participantCount),
  };
}
