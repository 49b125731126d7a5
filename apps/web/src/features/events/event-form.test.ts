import { EVENT_MSG } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { createEventDto } from './event-fixtures.ts';
import {
  duplicateFormValues,
  type EventFormValues,
  eventFormResolver,
  eventTagProblem,
  formProblems,
  formValuesFor,
  fromLocalInput,
  toEventInput,
  toLocalInput,
  toSeriesInput,
} from './event-form.ts';
import { EVENT_TEXT } from './event-texts.ts';

/** What the dialog's one alert lists: the form's resolver (the contract's schemas), in form order. */
async function validateEventForm(values: EventFormValues): Promise<string[]> {
  const { errors } = await eventFormResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return formProblems(errors);
}

const filled = {
  ...formValuesFor(null),
  title: 'Board games night',
  description: 'Bring a game or learn a new one.',
  location: 'Library, room 2',
  startDate: '2030-03-08T19:00',
  endDate: '2030-03-08T22:00',
};

describe('the contract validates the event form (spec 5)', () => {
  it('returns every missing field at once', async () => {
    expect(await validateEventForm(formValuesFor(null))).toEqual([
      EVENT_MSG.titleRequired,
      EVENT_MSG.descriptionRequired,
      EVENT_MSG.locationRequired,
      EVENT_MSG.startRequired,
      EVENT_MSG.endRequired,
    ]);
  });

  it('says the end must be after the start, together with the other problems', async () => {
    expect(await validateEventForm({ ...filled, title: '  ', endDate: '2030-03-08T18:00' })).toEqual([
      'Title is required',
      'End date must be after start date',
    ]);
    expect(await validateEventForm({ ...filled, endDate: filled.startDate })).toEqual([
      'End date must be after start date',
    ]);
    expect(await validateEventForm(filled)).toEqual([]);
  });
});

describe('tag rules (spec 5)', () => {
  it('uses the shared rules and the spec texts', () => {
    expect(eventTagProblem([], 'a')).toBe('Tags must be at least 2 characters long');
    expect(eventTagProblem([], 'x'.repeat(21))).toBe('Tags cannot be longer than 20 characters');
    expect(eventTagProblem(['Chess'], 'chess')).toBe('This tag has already been added');
    const ten = Array.from({ length: 10 }, (_, i) => `Tag ${i}`);
    expect(eventTagProblem(ten, 'One more')).toBe('Maximum of 10 tags allowed');
    expect(eventTagProblem(['Chess'], 'Go')).toBeUndefined();
  });
});

describe('the request body', () => {
  const now = new Date('2030-06-01T12:00:00.000Z');

  it('sends ISO dates, the status of the button, and no cost while free', () => {
    const input = toEventInput({ ...filled, cost: '12', isFree: true, tags: ['Games'] }, 'publish', now);
    expect(input).toMatchObject({
      title: 'Board games night',
      startDate: new Date('2030-03-08T19:00').toISOString(),
      endDate: new Date('2030-03-08T22:00').toISOString(),
      isFree: true,
      cost: 0,
      status: 'PAST',
      tags: ['Games'],
      visibility: 'PUBLIC',
      recurrence: 'NONE',
      imageUrl: null,
    });
    expect(toEventInput({ ...filled, cost: '12.5', isFree: false }, 'draft', now)).toMatchObject({
      cost: 12.5,
      isFree: false,
      status: 'DRAFT',
    });
  });

  it('reads an event back into the form in local time', () => {
    const event = createEventDto({ isFree: false, cost: 8, startDate: '2030-03-08T09:30:00.000Z' });
    const values = formValuesFor(event);
    expect(values.cost).toBe('8');
    expect(fromLocalInput(values.startDate)?.toISOString()).toBe('2030-03-08T09:30:00.000Z');
    expect(toLocalInput('not a date')).toBe('');
  });

  it('keeps the page texts in step with the server', () => {
    expect(EVENT_TEXT.notFound).toBe(EVENT_MSG.notFound);
  });
});

describe('time zones and series in the form', () => {
  /** A complete form: 19:00–20:30 on 2 July 2026. */
  const filled = {
    ...formValuesFor(null),
    title: 'Run',
    description: 'Easy',
    location: 'Park',
    startDate: '2026-07-02T19:00',
    endDate: '2026-07-02T20:30',
  };

  it('reads the typed times in the chosen zone and sends it', () => {
    const values = { ...filled, timeZone: 'Europe/Berlin' };
    const input = toEventInput(values, 'publish', new Date('2026-06-01T00:00:00Z'));
    expect(input.startDate).toBe('2026-07-02T17:00:00.000Z');
    expect(input.timeZone).toBe('Europe/Berlin');
    // And shows an event's times in its own zone when editing.
    const back = formValuesFor({
      ...createEventDto(),
      startDate: input.startDate,
      timeZone: 'Europe/Berlin',
    });
    expect(back.startDate).toBe('2026-07-02T19:00');
  });

  it('a series needs weekly or monthly, and sends until as the end of that day in the zone', async () => {
    const values = { ...filled, timeZone: 'UTC', asSeries: true, recurrence: 'DAILY' as const };
    expect(await validateEventForm(values)).toContain('Repeat must be weekly or monthly');
    const weekly = { ...values, recurrence: 'WEEKLY' as const, until: '2026-08-31' };
    expect(await validateEventForm(weekly)).toEqual([]);
    expect(toSeriesInput(weekly)).toMatchObject({
      freq: 'weekly',
      timeZone: 'UTC',
      until: '2026-08-31T23:59:00.000Z',
      startDate: '2026-07-02T19:00:00.000Z',
    });
    expect(await validateEventForm({ ...weekly, until: '2026-06-01' })).toContain(
      'Repeat until must be a valid date after the first start',
    );
  });

  it('asks each time by default; "publish automatically" is sent only when chosen', () => {
    const weekly = { ...filled, timeZone: 'UTC', asSeries: true, recurrence: 'WEEKLY' as const };
    expect(weekly.autoPublish).toBe(false);
    expect(toSeriesInput(weekly)).not.toHaveProperty('autoPublish');
    expect(toSeriesInput({ ...weekly, autoPublish: true })).toMatchObject({ autoPublish: true });
  });
});

describe('capacity fields', () => {
  it('checks places, offer hours, guests and questions with the server texts', async () => {
    expect(await validateEventForm({ ...filled, capacity: '0', offerHours: '0', maxGuests: '6' })).toEqual([
      'Capacity must be a whole number between 1 and 10000, or empty for unlimited',
      'Offer time must be a whole number of hours between 1 and 168',
      'Guests per person must be a whole number between 0 and 5',
    ]);
    expect(await validateEventForm({ ...filled, questions: [{ text: ' ', required: true }] })).toEqual([
      'Each question needs a text of at most 200 characters',
    ]);
    expect(await validateEventForm({ ...filled, capacity: '12', maxGuests: '2' })).toEqual([]);
  });

  it('sends an empty capacity as unlimited and the rest as numbers', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(toEventInput(filled, 'publish', now)).toMatchObject({
      capacity: null,
      offerHours: 12,
      maxGuests: 0,
      allowTransfers: false,
      questions: [],
    });
    const input = toEventInput(
      { ...filled, capacity: '12', maxGuests: '2', questions: [{ text: ' Diet? ', required: true }] },
      'publish',
      now,
    );
    expect(input).toMatchObject({
      capacity: 12,
      maxGuests: 2,
      questions: [{ text: 'Diet?', required: true }],
    });
  });

  it('sends the capacity fields with a series too (the server copies them onto every date)', () => {
    const series = toSeriesInput({
      ...filled,
      asSeries: true,
      recurrence: 'WEEKLY',
      capacity: '2',
      offerHours: '6',
      maxGuests: '1',
      allowTransfers: true,
      questions: [{ text: 'Pace?', required: false }],
    });
    expect(series).toMatchObject({
      freq: 'weekly',
      capacity: 2,
      offerHours: 6,
      maxGuests: 1,
      allowTransfers: true,
      questions: [{ text: 'Pace?', required: false }],
    });
  });

  it('reads an event back into the form', () => {
    const values = formValuesFor(
      createEventDto({ capacity: 5, offerHours: 6, maxGuests: 1, allowTransfers: true, questions: [] }),
    );
    expect(values).toMatchObject({ capacity: '5', offerHours: '6', maxGuests: '1', allowTransfers: true });
  });
});

describe('places, address privacy and online events', () => {
  const berlin = {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    name: 'Berlin',
    address: '',
    city: 'Berlin',
    country: 'DE',
    lat: 52.52437,
    lon: 13.41053,
    timeZone: 'Europe/Berlin',
    source: 'gazetteer' as const,
    createdAt: '2026-11-26T00:00:00.000Z',
  };

  it('sends the picked place, and leaves the new fields out while they are the defaults', () => {
    const input = toEventInput({ ...filled, place: berlin }, 'publish');
    expect(input.placeId).toBe(berlin.id);
    expect(input).not.toHaveProperty('online');
    expect(input).not.toHaveProperty('onlineUrl');
    expect(input).not.toHaveProperty('addressVisibility');
    // An event without a place sends no placeId at all (the original body).
    expect(toEventInput(filled, 'publish')).not.toHaveProperty('placeId');
  });

  it('sends online, its link and address privacy when chosen', () => {
    const input = toEventInput(
      {
        ...filled,
        location: '',
        online: true,
        onlineUrl: ' https://meet.example.org/board-games ',
        addressVisibility: 'ATTENDEES',
      },
      'publish',
    );
    expect(input).toMatchObject({
      location: 'Online',
      online: true,
      onlineUrl: 'https://meet.example.org/board-games',
      addressVisibility: 'ATTENDEES',
    });
  });

  it('sends a field turned back off when editing, and clears a removed place', () => {
    const before = {
      ...filled,
      place: berlin,
      online: true,
      onlineUrl: 'https://x.example',
      addressVisibility: 'ATTENDEES' as const,
    };
    const input = toEventInput(
      { ...before, place: null, online: false, addressVisibility: 'PUBLIC' },
      'publish',
      new Date(),
      before,
    );
    expect(input).toMatchObject({
      placeId: null,
      online: false,
      onlineUrl: null,
      addressVisibility: 'PUBLIC',
    });
  });

  it('an online event needs no location, and its link must be https', async () => {
    expect(await validateEventForm({ ...filled, location: '', online: true })).toEqual([]);
    expect(
      await validateEventForm({ ...filled, online: true, onlineUrl: 'http://meet.example.org' }),
    ).toEqual([EVENT_MSG.onlineUrlInvalid]);
    expect(
      await validateEventForm({ ...filled, online: true, onlineUrl: `https://e.org/${'a'.repeat(500)}` }),
    ).toEqual([EVENT_MSG.onlineUrlInvalid]);
  });

  it('reads the place and the new fields back from an event', () => {
    const event = {
      ...createEventDto(),
      place: berlin,
      online: true,
      onlineUrl: 'https://x.example',
      addressVisibility: 'ATTENDEES' as const,
    };
    expect(formValuesFor(event)).toMatchObject({
      place: berlin,
      locationFromPlace: false,
      online: true,
      onlineUrl: 'https://x.example',
      addressVisibility: 'ATTENDEES',
    });
  });
});

describe('duplicate event', () => {
  const event = createEventDto({
    title: 'Clock change run',
    // 19:00–20:30 in Berlin on Saturday 24 October 2026, the day before summer time ends.
    startDate: '2026-10-24T17:00:00.000Z',
    endDate: '2026-10-24T18:30:00.000Z',
    timeZone: 'Europe/Berlin',
    isFree: false,
    cost: 5,
    capacity: 12,
    imageUrl: '/uploads/event-image/a.webp',
    recurrence: 'WEEKLY',
    seriesId: '0190a0b0-0000-7000-9000-00000000beef',
    questions: [{ id: '0190a0b0-0000-7000-9000-00000000f00d', text: 'Your size?', required: true }],
  });

  it('copies the fields with the dates one week later at the same local time, across the clock change', () => {
    const values = duplicateFormValues(event, true);
    expect(values.title).toBe('Clock change run');
    expect(values.startDate).toBe('2026-10-31T19:00');
    expect(values.endDate).toBe('2026-10-31T20:30');
    expect(values.timeZone).toBe('Europe/Berlin');
    expect(values.cost).toBe('5');
    expect(values.capacity).toBe('12');
    expect(values.imageUrl).toBe('/uploads/event-image/a.webp');
    expect(values.asSeries).toBe(false);
    // New questions: the copy's answers start empty.
    expect(values.questions).toEqual([{ text: 'Your size?', required: true }]);
    // In winter time now: 19:00 CET is 18:00 UTC.
    const input = toEventInput(values, 'publish', new Date('2026-10-01T00:00:00Z'));
    expect(input.startDate).toBe('2026-10-31T18:00:00.000Z');
    expect(input.status).toBe('LIVE');
    expect(input.questions).toEqual([{ text: 'Your size?', required: true }]);
  });

  it('leaves out a picture that is not the viewer’s own upload', () => {
    expect(duplicateFormValues(event, false).imageUrl).toBeNull();
  });
});
