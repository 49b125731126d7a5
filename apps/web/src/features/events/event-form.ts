import {
  CAPACITY_LIMITS,
  CAPACITY_MSG,
  EVENT_MSG,
  type EventDto,
  type Recurrence,
  tagProblem,
  type Visibility,
} from '@townsquare/contracts';
import { format, isValid, parseISO } from 'date-fns';
import type { EventInput } from './api/create-event.ts';
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
  /** Places; '' is unlimited. */
  capacity: string;
  offerHours: string;
  maxGuests: string;
  allowTransfers: boolean;
  questions: Array<{ id?: string; text: string; required: boolean }>;
}

const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** An ISO instant as the local "2025-03-08T19:30" a datetime-local input shows. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, LOCAL_FORMAT) : '';
}

/** The local text of a datetime-local input as a Date, or null when it is empty or unreadable. */
export function fromLocalInput(value: string): Date | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formValuesFor(event: EventDto | null | undefined): EventFormValues {
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
      capacity: '',
      offerHours: String(CAPACITY_LIMITS.offerHoursDefault),
      maxGuests: '0',
      allowTransfers: false,
      questions: [],
    };
  }
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    startDate: toLocalInput(event.startDate),
    endDate: toLocalInput(event.endDate),
    cost: event.isFree ? '' : String(event.cost),
    isFree: event.isFree,
    visibility: event.visibility,
    recurrence: event.recurrence,
    tags: [...event.tags],
    imageUrl: event.imageUrl ?? null,
    capacity: event.capacity == null ? '' : String(event.capacity),
    offerHours: String(event.offerHours ?? CAPACITY_LIMITS.offerHoursDefault),
    maxGuests: String(event.maxGuests ?? 0),
    allowTransfers: event.allowTransfers ?? false,
    questions: (event.questions ?? []).map((q) => ({ ...q })),
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
  if (!values.title.trim()) problems.push(EVENT_MSG.titleRequired);
  if (!values.description.trim()) problems.push(EVENT_MSG.descriptionRequired);
  if (!values.location.trim()) problems.push(EVENT_MSG.locationRequired);
  const start = fromLocalInput(values.startDate);
  const end = fromLocalInput(values.endDate);
  if (!start) problems.push(EVENT_MSG.startRequired);
  if (!end) problems.push(EVENT_MSG.endRequired);
  if (start && end && end.getTime() <= start.getTime()) problems.push(EVENT_MSG.endBeforeStart);
  const tags = tagProblem(values.tags);
  if (tags) problems.push(tags);
  if (values.capacity.trim() !== '' && !wholeIn(values.capacity, 1, CAPACITY_LIMITS.capacityMax))
    problems.push(CAPACITY_MSG.capacityInvalid);
  if (!wholeIn(values.offerHours, 1, CAPACITY_LIMITS.offerHoursMax))
    problems.push(CAPACITY_MSG.offerHoursInvalid);
  if (!wholeIn(values.maxGuests, 0, CAPACITY_LIMITS.guestsMax)) problems.push(CAPACITY_MSG.maxGuestsInvalid);
  if (values.questions.length > CAPACITY_LIMITS.questionsMax) problems.push(CAPACITY_MSG.questionsInvalid);
  if (values.questions.some((q) => !q.text.trim() || q.text.trim().length > CAPACITY_LIMITS.questionMax))
    problems.push(CAPACITY_MSG.questionTextInvalid);
  return problems;
}

/** The tag picker's rule for one more tag (spec 5, "Tags"), shared with the server. */
export function eventTagProblem(tags: string[], candidate: string): string | undefined {
  return tagProblem(tags, candidate);
}

/** The request body for valid values; `action` decides the status (spec 4). */
export function toEventInput(
  values: EventFormValues,
  action: SaveAction,
  now: Date = new Date(),
): EventInput {
  const start = fromLocalInput(values.startDate) ?? now;
  const end = fromLocalInput(values.endDate) ?? now;
  const cost = Number(values.cost);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    location: values.location.trim(),
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    isFree: values.isFree,
    cost: values.isFree || !Number.isFinite(cost) ? 0 : cost,
    visibility: values.visibility,
    recurrence: values.recurrence,
    tags: values.tags,
    status: statusForSave(action, end, now),
    imageUrl: values.imageUrl,
    capacity: values.capacity.trim() === '' ? null : Number(values.capacity),
    offerHours: Number(values.offerHours),
    maxGuests: Number(values.maxGuests),
    allowTransfers: values.allowTransfers,
    questions: values.questions.map((q) => ({ ...q, text: q.text.trim() })),
  };
}
