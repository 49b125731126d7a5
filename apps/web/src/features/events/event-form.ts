import { zodResolver } from '@hookform/resolvers/zod';
import {
  addDays,
  CAPACITY_LIMITS,
  createEventBody,
  createSeriesBody,
  dayIn,
  type EventDto,
  formatDay,
  fromWallTime,
  type Place,
  type Recurrence,
  tagProblem,
  type Visibility,
} from '@townsquare/contracts';
import { addWeeks, format, isValid, parse, parseISO } from 'date-fns';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { browserTimeZone, inTimeZone } from '../../lib/format.ts';
import type { AddressVisibility, EventPlaceExtras } from '../../lib/place-text.ts';
import type { EventInput } from './api/create-event.ts';
import type { SeriesInput } from './api/create-series.ts';
import { type SaveAction, statusForSave } from './event-status.ts';

/** What the create/edit dialog holds while it is open; dates as `<input type="datetime-local">` text. */
export interface EventFormValues {
  title: string;
  description: string;
  location: string;
  startDate: string;
  endDate: string;
  cost: string;
  isFree: boolean;
  visibility: Visibility;
  recurrence: Recurrence;
  tags: string[];
  imageUrl: string | null;
  /** IANA zone the dates are typed in (the browser's by default). */
  timeZone: string;
  /**
   * Whole days (decision 078): then `startDate` and `endDate` are the first and last day as
   * `<input type="date">` text (`yyyy-MM-dd`), and the body sends them as dates alone.
   */
  allDay: boolean;
  /** New events only: create each weekly or monthly date as its own event (a series). */
  asSeries: boolean;
  /** Last day of the series (`yyyy-MM-dd`), or empty for no end. */
  until: string;
  /** A series: "publish automatically" (true) or "ask me each time" (false, the default). */
  autoPublish: boolean;
  /** Places; '' is unlimited. */
  capacity: string;
  offerHours: string;
  maxGuests: string;
  allowTransfers: boolean;
  allowGuestRsvp: boolean;
  questions: Array<{ id?: string; text: string; required: boolean }>;
  /** Where it happens: the picked place, and whether `location` is the pick's text. */
  place: Place | null;
  locationFromPlace: boolean;
  online: boolean;
  onlineUrl: string;
  addressVisibility: AddressVisibility;
}

const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** An ISO instant as the "2025-03-08T19:30" a datetime-local input shows, in `timeZone` if given. */
export function toLocalInput(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const date = parseISO(iso);
  if (!isValid(date)) return '';
  return format(timeZone ? inTimeZone(date, timeZone) : date, LOCAL_FORMAT);
}

/**
 * The text of a datetime-local input as a Date, read in `timeZone` if given (else the
 * browser's), or null when it is empty or unreadable.
 */
export function fromLocalInput(value: string, timeZone?: string): Date | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || !timeZone) return Number.isNaN(date.getTime()) ? null : date;
  return fromWallTime(timeZone, {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: 0,
  });
}

/** What the form reads from an event: the list's and the public page's shapes both fit. */
export type EventFormSource = Omit<EventDto, 'rsvps'>;

export function formValuesFor(event: EventFormSource | null | undefined): EventFormValues {
  if (!event) {
    return {
      title: '',
      description: '',
      location: '',
      startDate: '',
      endDate: '',
      cost: '',
      isFree: true,
      visibility: 'PUBLIC',
      recurrence: 'NONE',
      tags: [],
      imageUrl: null,
      timeZone: browserTimeZone(),
      allDay: false,
      asSeries: false,
      until: '',
      autoPublish: false,
      capacity: '',
      offerHours: String(CAPACITY_LIMITS.offerHoursDefault),
      maxGuests: '0',
      allowTransfers: false,
      allowGuestRsvp: false,
      questions: [],
      place: null,
      locationFromPlace: false,
      online: false,
      onlineUrl: '',
      addressVisibility: 'PUBLIC',
    };
  }
  // The fields the server adds with address privacy and online events (read when present).
  const extras = event as EventDto & EventPlaceExtras;
  const timeZone = event.timeZone ?? browserTimeZone();
  const allDay = event.allDay === true;
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    // All day, the end shown is the last day: the one before the midnight the event ends at.
    startDate: allDay ? dayInput(event.startDate, timeZone) : toLocalInput(event.startDate, timeZone),
    endDate: allDay ? dayInput(event.endDate, timeZone, -1) : toLocalInput(event.endDate, timeZone),
    cost: event.isFree ? '' : String(event.cost),
    isFree: event.isFree,
    visibility: event.visibility,
    recurrence: event.recurrence,
    tags: [...event.tags],
    imageUrl: event.imageUrl ?? null,
    timeZone,
    allDay,
    asSeries: false,
    until: '',
    autoPublish: false,
    capacity: event.capacity == null ? '' : String(event.capacity),
    offerHours: String(event.offerHours ?? CAPACITY_LIMITS.offerHoursDefault),
    maxGuests: String(event.maxGuests ?? 0),
    allowTransfers: event.allowTransfers ?? false,
    allowGuestRsvp: event.allowGuestRsvp ?? false,
    questions: (event.questions ?? []).map((q) => ({ ...q })),
    place: event.place ?? null,
    locationFromPlace: false,
    online: extras.online ?? false,
    onlineUrl: extras.onlineUrl ?? '',
    addressVisibility: extras.addressVisibility ?? 'PUBLIC',
  };
}

const DAY_FORMAT = 'yyyy-MM-dd';

/** The day (`yyyy-MM-dd`) an instant falls on in `timeZone`, moved by `days`. */
function dayInput(iso: string, timeZone: string, days = 0): string {
  const date = parseISO(iso);
  if (!isValid(date)) return '';
  return formatDay(addDays(dayIn(timeZone, date), days));
}

/**
 * Turning "All day" on or off (decision 078): the dates keep their days; a day becomes its 00:00
 * again, and a date-and-time its day.
 */
export function withAllDay(values: EventFormValues, allDay: boolean): EventFormValues {
  if (values.allDay === allDay) return values;
  const convert = (text: string) => (!text ? '' : allDay ? text.slice(0, 10) : `${text.slice(0, 10)}T00:00`);
  return { ...values, allDay, startDate: convert(values.startDate), endDate: convert(values.endDate) };
}

/** A datetime-local (or date) text one week later, at the same wall-clock time (so across a DST change too). */
function weekLater(local: string): string {
  if (!local) return '';
  const pattern = local.length === DAY_FORMAT.length ? DAY_FORMAT : LOCAL_FORMAT;
  const date = parse(local, pattern, new Date(0));
  return isValid(date) ? format(addWeeks(date, 1), pattern) : '';
}

/** Whether the form sends whole days: all day, and not a series (a series repeats a time). */
const wholeDays = (values: EventFormValues) => values.allDay && !values.asSeries;

/** The instant the form's end names: all day, the midnight after the last day in the zone. */
function endInstant(values: EventFormValues): Date | null {
  if (!wholeDays(values)) return fromLocalInput(values.endDate, values.timeZone);
  const last = /^(\d{4})-(\d{2})-(\d{2})$/.exec(values.endDate);
  if (!last) return null;
  const day = {
    year: Number(last[1]),
    month: Number(last[2]),
    day: Number(last[3]),
    hour: 0,
    minute: 0,
    second: 0,
  };
  return fromWallTime(values.timeZone, addDays(day, 1));
}

/**
 * "Duplicate event": a new event's form with `event`'s fields and its dates one week
 * later at the same local time in the event's zone. Nothing else is copied (answers, RSVPs, the
 * series); the questions are new ones, and the picture only when it is the viewer's own upload
 * (`keepImage`: the server accepts only one's own images on a new event).
 */
export function duplicateFormValues(event: EventFormSource, keepImage: boolean): EventFormValues {
  const values = formValuesFor(event);
  return {
    ...values,
    startDate: weekLater(values.startDate),
    endDate: weekLater(values.endDate),
    imageUrl: keepImage ? values.imageUrl : null,
    questions: values.questions.map(({ text, required }) => ({ text, required })),
  };
}

/**
 * A date poll's kept date as a new event's starting values ("Make this the event", decision
 * 082): the poll's question and text, the date's time and place in the poll's zone; the host
 * finishes the rest in the form.
 */
export function pollFormValues(
  poll: { title: string; description: string; timeZone: string },
  option: { startsAt: string; endsAt: string; place: string | null },
): EventFormValues {
  const blank = formValuesFor(null);
  return {
    ...blank,
    title: poll.title,
    description: poll.description,
    location: option.place ?? '',
    timeZone: poll.timeZone,
    startDate: toLocalInput(option.startsAt, poll.timeZone),
    endDate: toLocalInput(option.endsAt, poll.timeZone),
  };
}

/**
 * What the contract's schema reads of the form: the body the dialog sends, with the typed texts
 * as they are (an empty date, a '' or 1.5 place count), so the contract's own checks and messages
 * say what is wrong, exactly as the server would (decision 069).
 */
function contractBody(values: EventFormValues): Record<string, unknown> {
  // All day, the days go as they are (dates alone); the contract reads them as days.
  const instant = (local: string) =>
    wholeDays(values) ? local : (fromLocalInput(local, values.timeZone)?.toISOString() ?? '');
  const url = values.onlineUrl.trim();
  const body: Record<string, unknown> = {
    title: values.title,
    description: values.description,
    // An online event with no place may leave the location empty (it is sent as "Online").
    ...(values.online && !values.location.trim() ? {} : { location: values.location }),
    startDate: instant(values.startDate),
    endDate: instant(values.endDate),
    ...(wholeDays(values) ? { allDay: true } : {}),
    cost: values.isFree || values.cost.trim() === '' ? 0 : values.cost,
    visibility: values.visibility,
    tags: values.tags,
    timeZone: values.timeZone,
    capacity: values.capacity.trim(),
    offerHours: values.offerHours.trim(),
    maxGuests: values.maxGuests.trim(),
    questions: values.questions.map(({ text, required }) => ({ text, required })),
    ...(values.online ? { online: true, onlineUrl: url === '' ? null : url } : {}),
  };
  if (!values.asSeries) return body;
  const until = values.until ? untilInstant(values.until, values.timeZone) : null;
  return {
    ...body,
    freq: values.recurrence.toLowerCase(),
    until: until === null ? null : Number.isNaN(until.getTime()) ? values.until : until.toISOString(),
  };
}

// The body is whatever the form holds; the contract's schema is the judge of it.
const anyBody = z.record(z.string(), z.unknown());
const eventBodyResolver = zodResolver(anyBody.pipe(createEventBody));
const seriesBodyResolver = zodResolver(anyBody.pipe(createSeriesBody));

/**
 * The event form's react-hook-form resolver: the contract's create schema (a series: the series
 * schema) over the body the form would send. Its errors are keyed by the body's fields.
 */
export const eventFormResolver: Resolver<EventFormValues> = async (values, _context, options) => {
  const bodyOptions = { fields: {}, shouldUseNativeValidation: false, criteriaMode: options.criteriaMode };
  const { errors } = values.asSeries
    ? await seriesBodyResolver(contractBody(values), undefined, bodyOptions)
    : await eventBodyResolver(contractBody(values), undefined, bodyOptions);
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  // The body's field names (`freq`, `until`, `questions.0.text`) are what the one alert lists.
  return { values: {}, errors: errors as FieldErrors<EventFormValues> };
};

/** The body's fields in the order the form shows them (spec 5: the one alert reads top to bottom). */
const FORM_ORDER = [
  'title',
  'description',
  'location',
  'startDate',
  'endDate',
  'cost',
  'tags',
  'freq',
  'until',
  'capacity',
  'offerHours',
  'maxGuests',
  'onlineUrl',
  'questions',
];

/** Every message of `errors`, in the order of the form, each once. */
export function formProblems(errors: FieldErrors): string[] {
  const messages = (node: unknown): string[] => {
    if (!node || typeof node !== 'object') return [];
    const { message } = node as { message?: unknown };
    if (typeof message === 'string') return [message];
    return Object.values(node).flatMap(messages);
  };
  const rank = (key: string) => (FORM_ORDER.includes(key) ? FORM_ORDER.indexOf(key) : FORM_ORDER.length);
  const keys = Object.keys(errors).sort((a, b) => rank(a) - rank(b));
  return [...new Set(keys.flatMap((key) => messages(errors[key])))];
}

/** The tag picker's rule for one more tag (spec 5, "Tags"), shared with the server. */
export function eventTagProblem(tags: string[], candidate: string): string | undefined {
  return tagProblem(tags, candidate);
}

/**
 * Address privacy and online fields: sent when they are not the defaults, or when they differ from
 * what the event had (`before`), so turning them off is saved and a plain event's body stays as it was.
 */
function placeExtras(values: EventFormValues, before?: EventFormValues): EventPlaceExtras {
  const extras: EventPlaceExtras = {};
  if (values.online || (before && before.online !== values.online)) {
    extras.online = values.online;
    extras.onlineUrl = values.online && values.onlineUrl.trim() !== '' ? values.onlineUrl.trim() : null;
  }
  if (
    values.addressVisibility !== 'PUBLIC' ||
    (before && before.addressVisibility !== values.addressVisibility)
  )
    extras.addressVisibility = values.addressVisibility;
  return extras;
}

/** The request body for valid values; `action` decides the status (spec 4); `before` when editing. */
export function toEventInput(
  values: EventFormValues,
  action: SaveAction,
  now: Date = new Date(),
  before?: EventFormValues,
): EventInput {
  const start = fromLocalInput(values.startDate, values.timeZone) ?? now;
  const end = endInstant(values) ?? now;
  const cost = Number(values.cost);
  const days = wholeDays(values);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    location: values.location.trim() || (values.online ? 'Online' : ''),
    // All day: the first and last day as dates alone; the server makes them 00:00 and 24:00.
    startDate: days ? values.startDate : start.toISOString(),
    endDate: days ? values.endDate : end.toISOString(),
    // Sent when on, or when turned off while editing, so the server keeps what the form shows.
    ...(days || before?.allDay ? { allDay: days } : {}),
    isFree: values.isFree,
    cost: values.isFree || !Number.isFinite(cost) ? 0 : cost,
    visibility: values.visibility,
    recurrence: values.recurrence,
    tags: values.tags,
    status: statusForSave(action, end, now),
    imageUrl: values.imageUrl,
    timeZone: values.timeZone,
    capacity: values.capacity.trim() === '' ? null : Number(values.capacity),
    offerHours: Number(values.offerHours),
    maxGuests: Number(values.maxGuests),
    allowTransfers: values.allowTransfers,
    allowGuestRsvp: values.visibility === 'PUBLIC' && values.allowGuestRsvp,
    questions: values.questions.map((q) => ({ ...q, text: q.text.trim() })),
    ...(values.place || before?.place ? { placeId: values.place?.id ?? null } : {}),
    ...placeExtras(values, before),
  };
}

/** The end of the `until` day in the series' zone. */
function untilInstant(day: string, timeZone: string): Date {
  return fromLocalInput(`${day}T23:59`, timeZone) ?? new Date(Number.NaN);
}

/** The POST /api/series body for valid values with `asSeries` (every date starts as a draft). */
export function toSeriesInput(values: EventFormValues): SeriesInput {
  const { status: _status, recurrence: _recurrence, ...event } = toEventInput(values, 'draft');
  return {
    ...event,
    timeZone: values.timeZone,
    freq: values.recurrence === 'MONTHLY' ? 'monthly' : 'weekly',
    until: values.until ? untilInstant(values.until, values.timeZone).toISOString() : null,
    ...(values.autoPublish ? { autoPublish: true } : {}),
  };
}
