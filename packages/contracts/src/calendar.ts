import { z } from 'zod';
import { capacityFields } from './capacity.ts';
import { checkEvenWithIssues, EVENT_MSG, eventFields, eventSchema } from './events.ts';
import { text } from './fields.ts';

/** Series (decision 023) and calendar feed messages. */
export const SERIES_MSG = {
  notFound: 'Series not found',
  freqInvalid: 'Repeat must be weekly or monthly',
  intervalInvalid: 'Repeat interval must be a whole number between 1 and 12',
  untilInvalid: 'Repeat until must be a valid date after the first start',
  standingInvalid: 'Series RSVP status must be going or none',
  scopeInvalid: 'Scope must be this or following',
  notOccurrence: 'This event is not part of a series',
  confirmNotDraft: 'This date is already confirmed',
  standingOwn: 'You are the creator of this series',
  tooLong: 'An occurrence must last less than 7 days',
  autoPublishInvalid: 'Publish automatically must be true or false',
  notCreator: 'Only the creator of this series can change it',
} as const;

export const SERIES_FREQS = ['weekly', 'monthly'] as const;
export type SeriesFreq = (typeof SERIES_FREQS)[number];

const untilField = z
  .union([z.string(), z.null()], { error: SERIES_MSG.untilInvalid })
  .refine((v) => v === null || !Number.isNaN(Date.parse(v)), SERIES_MSG.untilInvalid)
  .transform((v) => (v === null ? null : new Date(v)));

/**
 * `POST /api/series`: the first occurrence's fields plus how it repeats. Occurrences are created
 * as drafts up to 8 weeks ahead; each goes live when a host confirms it. The capacity, guest and
 * question fields are those of a single event, copied onto every occurrence.
 */
export const createSeriesBody = z
  .object({
    title: eventFields.title,
    description: eventFields.description,
    // As for an event: with a place (or online), a missing location is filled from the place.
    location: eventFields.location.optional(),
    startDate: eventFields.startDate,
    endDate: eventFields.endDate,
    cost: eventFields.cost,
    isFree: eventFields.isFree,
    visibility: eventFields.visibility,
    tags: eventFields.tags,
    imageUrl: eventFields.imageUrl,
    timeZone: eventFields.timeZone,
    /** Where every occurrence happens: copied onto each, like the other fields. */
    placeId: eventFields.placeId,
    addressVisibility: eventFields.addressVisibility,
    online: eventFields.online,
    onlineUrl: eventFields.onlineUrl,
    ...capacityFields,
    communityId: text('Community').trim().max(64, 'Community not found').optional(),
    freq: z.enum(SERIES_FREQS, { error: SERIES_MSG.freqInvalid }),
    interval: z
      .number({ error: SERIES_MSG.intervalInvalid })
      .int(SERIES_MSG.intervalInvalid)
      .min(1, SERIES_MSG.intervalInvalid)
      .max(12, SERIES_MSG.intervalInvalid)
      .optional(),
    until: untilField.optional(),
    /**
     * The host's choice: each date goes live by itself when it enters the confirmation
     * window (`true`), or the host is asked to confirm it (`false`, the default, as before).
     */
    autoPublish: z.boolean({ error: SERIES_MSG.autoPublishInvalid }).optional(),
  })
  .refine((e) => e.location !== undefined || (e.placeId ?? null) !== null || e.online === true, {
    message: EVENT_MSG.locationRequired,
    path: ['location'],
  })
  .refine((e) => !(e.startDate instanceof Date && e.endDate instanceof Date) || e.endDate > e.startDate, {
    message: 'End date must be after start date',
    path: ['endDate'],
    when: checkEvenWithIssues,
  })
  .refine(
    (e) =>
      !(e.startDate instanceof Date && e.endDate instanceof Date) ||
      e.endDate.getTime() - e.startDate.getTime() < 7 * 24 * 3600_000,
    { message: SERIES_MSG.tooLong, path: ['endDate'], when: checkEvenWithIssues },
  )
  .refine((e) => !(e.until instanceof Date && e.startDate instanceof Date) || e.until >= e.startDate, {
    message: SERIES_MSG.untilInvalid,
    path: ['until'],
    when: checkEvenWithIssues,
  });
export type CreateSeriesInput = z.output<typeof createSeriesBody>;

export const seriesSchema = z.object({
  id: z.string(),
  creatorId: z.string(),
  title: z.string(),
  freq: z.enum(SERIES_FREQS),
  interval: z.number().int(),
  until: z.string().nullable(),
  timeZone: z.string(),
  /** The caller is "going to the whole series". */
  standing: z.boolean(),
  /** How many people are going to the whole series. */
  standingCount: z.number().int(),
  /** Dates go live by themselves (true) or wait for the host to confirm them (false). */
  autoPublish: z.boolean(),
});
export type SeriesDto = z.infer<typeof seriesSchema>;

export const seriesResponse = z.object({ series: seriesSchema });
/** `POST /api/series`: the series and its occurrences so far (drafts, soonest first). */
export const createSeriesResponse = z.object({ series: seriesSchema, events: z.array(eventSchema) });
/** `GET /api/series/pending`: the caller's draft occurrences starting in the next 7 days. */
export const pendingOccurrencesResponse = z.object({ events: z.array(eventSchema) });

/** `PATCH /api/series/:id` (its creator): "publish automatically" or "ask me each time". */
export const updateSeriesBody = z.object({
  autoPublish: z.boolean({ error: SERIES_MSG.autoPublishInvalid }),
});

export const seriesRsvpBody = z.object({
  status: z.enum(['going', 'none'], { error: SERIES_MSG.standingInvalid }),
});

/** `?scope=following` on PUT/DELETE /api/events/:id applies to this occurrence and the later ones. */
export const occurrenceScopeQuery = z.object({
  scope: z.enum(['this', 'following'], { error: SERIES_MSG.scopeInvalid }).default('this'),
});

export const calendarFeedResponse = z.object({ calendarFeedUrl: z.string() });
