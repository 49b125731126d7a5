import {
  CAPACITY_LIMITS,
  CAPACITY_MSG,
  EVENT_LIMITS,
  EVENT_MSG,
  type EventDto,
  fromWallTime,
  type Place,
  type Recurrence,
  SERIES_MSG,
  tagProblem,
  type Visibility,
} from '@townsquare/contracts';
import { addWeeks, format, isValid, parse, parseISO } from 'date-fns';
import { browserTimeZone, inTimeZone } from '../../lib/format.ts';
import {
  type AddressVisibility,
  type EventPlaceExtras,
  ONLINE_URL_MAX,
  PLACE_TEXT,
} from '../../lib/place-text.ts';
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
  /** Where it happens (issue 22): the picked place, and whether `location` is the pick's text. */
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
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    startDate: toLocalInput(event.startDate, timeZone),
    endDate: toLocalInput(event.endDate, timeZone),
    cost: event.isFree ? '' : String(event.cost),
    isFree: event.isFree,
    visibility: event.visibility,
    recurrence: event.recurrence,
    tags: [...event.tags],
    imageUrl: event.imageUrl ?? null,
    timeZone,
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

/** A datetime-local text one week later, at the same wall-clock time (so across a DST change too). */
function weekLater(local: string): string {
  if (!local) return '';
  const date = parse(local, LOCAL_FORMAT, new Date(0));
  return isValid(date) ? format(addWeeks(date, 1), LOCAL_FORMAT) : '';
}

/**
 * "Duplicate event" (issue 23): a new event's form with `event`'s fields and its dates one week
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

const wholeIn = (value: string, min: number, max: number) => {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= min && n <= max;
};

/**
 * Spec 5, "Event form": every problem at once, in the order of the form, for the one alert.
 */
export function validateEventForm(values: EventFormValues): string[] {
  const problems: string[] = [];
  const title = values.title.trim();
  const description = values.description.trim();
  if (!title) problems.push(EVENT_MSG.titleRequired);
  if (title.length > EVENT_LIMITS.titleMax) problems.push(EVENT_MSG.titleTooLong);
  if (!description) problems.push(EVENT_MSG.descriptionRequired);
  if (description.length > EVENT_LIMITS.descriptionMax) problems.push(EVENT_MSG.descriptionTooLong);
  // An online event with no place may leave the location empty (it is sent as "Online").
  if (!values.location.trim() && !values.online) problems.push(EVENT_MSG.locationRequired);
  const start = fromLocalInput(values.startDate, values.timeZone);
  const end = fromLocalInput(values.endDate, values.timeZone);
  if (!start) problems.push(EVENT_MSG.startRequired);
  if (!end) problems.push(EVENT_MSG.endRequired);
  if (start && end && end.getTime() <= start.getTime()) problems.push(EVENT_MSG.endBeforeStart);
  const tags = tagProblem(values.tags);
  if (tags) problems.push(tags);
  if (values.asSeries && values.recurrence !== 'WEEKLY' && values.recurrence !== 'MONTHLY')
    problems.push(SERIES_MSG.freqInvalid);
  if (values.asSeries && values.until && start && untilInstant(values.until, values.timeZone) < start)
    problems.push(SERIES_MSG.untilInvalid);
  if (values.capacity.trim() !== '' && !wholeIn(values.capacity, 1, CAPACITY_LIMITS.capacityMax))
    problems.push(CAPACITY_MSG.capacityInvalid);
  if (!wholeIn(values.offerHours, 1, CAPACITY_LIMITS.offerHoursMax))
    problems.push(CAPACITY_MSG.offerHoursInvalid);
  if (!wholeIn(values.maxGuests, 0, CAPACITY_LIMITS.guestsMax)) problems.push(CAPACITY_MSG.maxGuestsInvalid);
  const url = values.onlineUrl.trim();
  if (values.online && url !== '' && !/^https:\/\/[^\s/]+\.[^\s]+$/i.test(url))
    problems.push(PLACE_TEXT.onlineUrlInvalid);
  if (values.online && url.length > ONLINE_URL_MAX) problems.push(PLACE_TEXT.onlineUrlTooLong);
  if (values.questions.length > CAPACITY_LIMITS.questionsMax) problems.push(CAPACITY_MSG.questionsInvalid);
  if (values.questions.some((q) => !q.text.trim() || q.text.trim().length > CAPACITY_LIMITS.questionMax))
    problems.push(CAPACITY_MSG.questionTextInvalid);
  return problems;
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
  const end = fromLocalInput(values.endDate, values.timeZone) ?? now;
  const cost = Number(values.cost);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    location: values.location.trim() || (values.online ? 'Online' : ''),
    startDate: start.toISOString(),
    endDate: end.toISOString(),
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
