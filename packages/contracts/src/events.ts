import { z } from 'zod';
import { capacityEventFields, capacityFields, rsvpExtras } from './capacity.ts';
import { personSummary } from './chat.ts';
import { eventOrigin } from './federation.ts';
import { bothIds, requiredText, text, timeZoneField } from './fields.ts';
import { LIMITS } from './limits.ts';
import { nearField, PLACE_LIMITS, placeIdField, placeSchema, radiusKmField } from './places.ts';

export const EVENT_STATUSES = ['DRAFT', 'LIVE', 'PAST'] as const;
export const VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;
export const RECURRENCES = ['NONE', 'DAILY', 'WEEKLY', 'MONTHLY', 'CUSTOM'] as const;
export const RSVP_STATUSES = ['going', 'maybe', 'not_going'] as const;
/** Who sees an event's address (decision 044): everyone, or only its hosts and the people going. */
export const ADDRESS_VISIBILITIES = ['PUBLIC', 'ATTENDEES'] as const;
export type AddressVisibility = (typeof ADDRESS_VISIBILITIES)[number];
export type EventStatus = (typeof EVENT_STATUSES)[number];
export type Visibility = (typeof VISIBILITIES)[number];
export type Recurrence = (typeof RECURRENCES)[number];
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** The longest title and description an event keeps (the form counts toward them). */
export const EVENT_LIMITS = { titleMax: 200, descriptionMax: 5000 } as const;

/** Event form and API messages (spec sections 5 and 8, contract 4.3). */
export const EVENT_MSG = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  locationRequired: 'Location is required',
  startRequired: 'Start date is required',
  endRequired: 'End date is required',
  endBeforeStart: 'End date must be after start date',
  allDayInvalid: 'All day must be true or false',
  allDayEndBeforeStart: 'The last day must not be before the first day',
  startInvalid: 'Start date must be a valid date',
  endInvalid: 'End date must be a valid date',
  titleTooLong: 'Title must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 5000 characters',
  locationTooLong: 'Location must be at most 300 characters',
  costInvalid: 'Cost must be a number between 0 and 100000',
  isFreeInvalid: 'Free must be true or false',
  statusInvalid: 'Status must be DRAFT, LIVE or PAST',
  visibilityInvalid: 'Visibility must be PUBLIC or PRIVATE',
  recurrenceInvalid: 'Recurrence must be NONE, DAILY, WEEKLY, MONTHLY or CUSTOM',
  tagTooShort: 'Tags must be at least 2 characters long',
  tagTooLong: 'Tags cannot be longer than 20 characters',
  tagDuplicate: 'This tag has already been added',
  tagsInvalid: 'Tags must be a list of words',
  imageInvalid: 'Event image must be an image uploaded to Townsquare',
  notFound: 'Event not found',
  notAvailablePublicly: 'Event not found',
  notCreator: 'Only the creator of this event can do this',
  /** Publishing (not drafting) needs a verified e-mail address (403). */
  verifyToPublish:
    'Verify your email address to publish events. You can save this event as a draft until then.',
  rsvpStatusInvalid: 'RSVP status must be going, maybe or not_going',
  rsvpDraft: 'You cannot RSVP to an event that has not been published yet',
  rsvpPast: 'This event has already ended',
  rsvpOwn: 'You are the creator of this event',
  /** 409: an answer (or a standing series answer) to an occurrence or event that was called off. */
  rsvpCancelled: 'This event was cancelled',
  deleted: 'Event deleted',
  eventIdMissing: 'Event ID is missing - cannot update event',
  cancelledInvalid: 'Cancelled must be true or false',
  /** `{ cancelled: true }` on a draft (400): nobody can see it yet, so it is deleted instead. */
  cancelDraft: 'A draft cannot be cancelled. Delete it instead.',
  /** `{ cancelled: false }` once the event has started (400). */
  uncancelStarted: 'This event has already started, so it cannot be restored',
  cancelEnded: 'This event has already ended, so it cannot be cancelled',
  addressVisibilityInvalid: 'Address visibility must be PUBLIC or ATTENDEES',
  onlineInvalid: 'Online must be true or false',
  onlineUrlInvalid: 'Online link must be an https:// address of at most 500 characters',
  /** `location` of an ATTENDEES event without a place, for everyone but its hosts and people going. */
  addressForAttendees: 'Address shared with people going',
  /** `location` of an online event created without a place or a typed location. */
  onlineLocation: 'Online',
} as const;

/** An online event's link: https only (decision 044). */
export const ONLINE_URL_MAX = 500;

export const maxTagsMessage = (n: number) => `Maximum of ${n} tags allowed`;

/** Accepts an array, a JSON-encoded array (the original client) or a comma-separated string. */
export function normalizeTags(value: unknown): unknown {
  if (Array.isArray(value))
    return value.flatMap((v) => (typeof v === 'string' ? normalizeTags(v) : [v])) as unknown[];
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return [];
  if (text.startsWith('[')) {
    try {
      return normalizeTags(JSON.parse(text));
    } catch {
      // not JSON: treat as plain text below
    }
  }
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** The spec's tag rules, shared by the tag picker and the server. Returns the first problem. */
export function tagProblem(tags: string[], candidate?: string): string | undefined {
  const all = candidate === undefined ? tags : [...tags, candidate];
  const seen = new Set<string>();
  for (const tag of all) {
    if (tag.length < LIMITS.tagMin) return EVENT_MSG.tagTooShort;
    if (tag.length > LIMITS.tagMax) return EVENT_MSG.tagTooLong;
    const key = tag.toLowerCase();
    if (seen.has(key)) return EVENT_MSG.tagDuplicate;
    seen.add(key);
  }
  if (all.length > LIMITS.tagsMax) return maxTagsMessage(LIMITS.tagsMax);
  return undefined;
}

export const tagsField = z.preprocess(
  normalizeTags,
  z
    .array(z.string({ error: EVENT_MSG.tagsInvalid }).trim(), { error: EVENT_MSG.tagsInvalid })
    .superRefine((tags, ctx) => {
      const problem = tagProblem(tags);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
);

/** A date as ISO text (or anything `Date.parse` reads), with the field's own messages. */
export const dateField = (required: string, invalid: string) =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? required : invalid) })
    .trim()
    .min(1, required)
    .max(64, invalid)
    .refine((v) => !Number.isNaN(Date.parse(v)), invalid)
    .transform((v) => {
      const date = new Date(v);
      // A date alone names a day, whatever the zone (all-day events, decision 078).
      if (DATE_ONLY.test(v)) dateOnly.add(date);
      return date;
    });

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const dateOnly = new WeakSet<Date>();

/** Whether a body's date was written as a date alone (`2026-12-14`), not a moment (decision 078). */
export const isDateOnly = (date: Date): boolean => dateOnly.has(date);

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

const costField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? 0 : v),
  z
    .number({ error: EVENT_MSG.costInvalid })
    .finite(EVENT_MSG.costInvalid)
    .min(0, EVENT_MSG.costInvalid)
    .max(100_000, EVENT_MSG.costInvalid),
);

const boolField = (message: string) =>
  z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: message }));

/** `""` or `null` clears the image; anything else must be one of our uploads (checked by the server). */
const imageUrlField = z
  .union([z.null(), z.string().trim().max(LIMITS.urlMax, EVENT_MSG.imageInvalid)], {
    error: EVENT_MSG.imageInvalid,
  })
  .transform((v) => (v === '' ? null : v));

/** `""` or `null` clears the link. */
const onlineUrlField = z
  .union([z.null(), z.string().trim().max(ONLINE_URL_MAX, EVENT_MSG.onlineUrlInvalid)], {
    error: EVENT_MSG.onlineUrlInvalid,
  })
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || /^https:\/\/[^\s/?#]+[^\s]*$/i.test(v), EVENT_MSG.onlineUrlInvalid);

/**
 * Create and update bodies. The original client sends every value as a string (`cost` "12",
 * `isFree` "true", `tags` as JSON text); typed JSON works too. Multipart bodies are turned into
 * the same object (with the uploaded `image` as `imageUrl`) before validation.
 */
export const eventFields = {
  title: requiredText('Title', EVENT_MSG.titleRequired, EVENT_LIMITS.titleMax, EVENT_MSG.titleTooLong),
  description: requiredText(
    'Description',
    EVENT_MSG.descriptionRequired,
    EVENT_LIMITS.descriptionMax,
    EVENT_MSG.descriptionTooLong,
  ),
  location: requiredText('Location', EVENT_MSG.locationRequired, 300, EVENT_MSG.locationTooLong),
  startDate: dateField(EVENT_MSG.startRequired, EVENT_MSG.startInvalid),
  endDate: dateField(EVENT_MSG.endRequired, EVENT_MSG.endInvalid),
  /**
   * Whole days in the event's zone (decision 078): the server moves the start to the first day's
   * 00:00 and the end to the last day's 24:00. With it, `startDate`/`endDate` may be dates alone.
   */
  allDay: boolField(EVENT_MSG.allDayInvalid).optional(),
  cost: costField.optional(),
  isFree: boolField(EVENT_MSG.isFreeInvalid).optional(),
  visibility: z.preprocess(upper, z.enum(VISIBILITIES, { error: EVENT_MSG.visibilityInvalid })).optional(),
  recurrence: z.preprocess(upper, z.enum(RECURRENCES, { error: EVENT_MSG.recurrenceInvalid })).optional(),
  status: z.preprocess(upper, z.enum(EVENT_STATUSES, { error: EVENT_MSG.statusInvalid })).optional(),
  tags: tagsField.optional(),
  imageUrl: imageUrlField.optional(),
  /** The original form repeats the image URL here; a file arrives through multipart instead. */
  image: z.unknown().optional(),
  /** IANA zone of the event's local time; the web client sends the browser's, the server defaults to UTC. */
  timeZone: timeZoneField.optional(),
  /** Where it happens: a saved place, or null to clear it. */
  placeId: placeIdField.optional(),
  /** ATTENDEES: only hosts and people going see the address (decision 044). */
  addressVisibility: z
    .preprocess(upper, z.enum(ADDRESS_VISIBILITIES, { error: EVENT_MSG.addressVisibilityInvalid }))
    .optional(),
  /** Happens online; then it may have no place. */
  online: boolField(EVENT_MSG.onlineInvalid).optional(),
  /** The link to join (https): shown only to hosts and people going. */
  onlineUrl: onlineUrlField.optional(),
  ...capacityFields,
};

/**
 * A cross-field check that runs whatever the fields' own checks found (zod skips it otherwise), as
 * long as there is an object to read: a body that is not one has no fields to compare.
 */
export const checkEvenWithIssues = (payload: { value: unknown }) =>
  typeof payload.value === 'object' && payload.value !== null;

export const createEventBody = z
  .object({
    ...eventFields,
    // With a place (or online), a missing location is filled from the place's display text (or "Online").
    location: eventFields.location.optional(),
    /** Host the event as this community (its organisers and owner only). */
    communityId: text('Community').trim().max(64, 'Community not found').optional(),
  })
  .refine((e) => e.location !== undefined || (e.placeId ?? null) !== null || e.online === true, {
    message: EVENT_MSG.locationRequired,
    path: ['location'],
  })
  // Runs even when another field failed its own check (`when`), so a form lists every problem at
  // once (decision 069); a date that failed leaves nothing to compare. The first issue, the one
  // the API answers with, is unchanged.
  // All day, the first and last day may be the same (the server checks the days in the zone).
  .refine(
    (e) =>
      !(e.startDate instanceof Date && e.endDate instanceof Date) ||
      (e.allDay === true ? e.endDate >= e.startDate : e.endDate > e.startDate),
    { message: EVENT_MSG.endBeforeStart, path: ['endDate'], when: checkEvenWithIssues },
  );
export const updateEventBody = z.object({
  ...eventFields,
  title: eventFields.title.optional(),
  description: eventFields.description.optional(),
  location: eventFields.location.optional(),
  startDate: eventFields.startDate.optional(),
  endDate: eventFields.endDate.optional(),
  /**
   * An addition to contract E5: `true` calls a published event off (it stays readable, marked
   * cancelled); `false` restores it while it has not started. Hosts only; drafts are deleted instead.
   */
  cancelled: boolField(EVENT_MSG.cancelledInvalid).optional(),
});
export type CreateEventInput = z.output<typeof createEventBody>;
export type UpdateEventInput = z.output<typeof updateEventBody>;

/** No body (or an empty one) toggles "going". */
export const rsvpBody = z
  .object({ status: z.enum(RSVP_STATUSES, { error: EVENT_MSG.rsvpStatusInvalid }).optional(), ...rsvpExtras })
  .nullish();

export const eventListQuery = z.object({
  status: z.preprocess(upper, z.enum(EVENT_STATUSES, { error: EVENT_MSG.statusInvalid })).optional(),
  /** `mine`: only events I created. */
  scope: z.enum(['all', 'mine'], { error: 'Scope must be all or mine' }).default('all'),
  // A repeated query key arrives as an array: text() names the field instead of zod's generic text.
  cursor: text('Cursor').max(200, 'Invalid cursor').optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int()
    .min(1, 'Limit must be between 1 and 100')
    .max(100, 'Limit must be between 1 and 100')
    .default(100),
  /** `friends`: upcoming events with the most friends going first (all or LIVE events, not `mine`). */
  sort: z
    .enum(['date', 'friends', 'distance'], { error: 'Sort must be date or friends (or distance, with near)' })
    .default('date'),
  /**
   * Near me: only upcoming live events whose place lies within `radiusKm` of `near`,
   * each with `distanceKm`; `sort=distance` orders them nearest first.
   */
  near: nearField.optional(),
  radiusKm: radiusKmField.default(PLACE_LIMITS.radiusKmDefault),
  /** With `near`: online events join the list too (without a distance when they have no place). */
  includeOnline: boolField('Include online must be true or false').default(false),
});

const personRef = z.object({
  ...bothIds,
  username: z.string().optional(),
  fullName: z.string().optional(),
  profileImage: z.string().nullable().optional(),
});

/**
 * The viewer's friends going to an event, where the viewer may see it: up to 3 of them
 * by name (first to answer first) and how many there are. Only for a signed-in viewer.
 */
export const friendsGoingSchema = z.object({ users: z.array(personRef), total: z.number().int() });
export type FriendsGoing = z.infer<typeof friendsGoingSchema>;

export const rsvpEntry = z.object({ id: z.string(), username: z.string(), status: z.enum(RSVP_STATUSES) });

/** The host shown on an event of a community ("Hosted by …", with the verified badge). */
export const communityHost = z.object({
  ...bothIds,
  slug: z.string(),
  name: z.string(),
  verified: z.boolean(),
  /** The currency of its events' costs, when it chose one (decision 082); else the instance's. */
  currency: z.string().nullable().optional(),
});
export type CommunityHost = z.infer<typeof communityHost>;

/**
 * What the viewer may do to an event (decision 068), from the server's policy floor: edit it
 * (hosts: the creator and co-hosts), manage it (the creator: delete, co-hosts), check people in
 * (hosts). An addition: clients that predate it ignore it.
 */
export const eventAbilities = z.object({ edit: z.boolean(), manage: z.boolean(), checkIn: z.boolean() });
export type EventAbilities = z.infer<typeof eventAbilities>;

const eventBase = {
  id: z.string(),
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  cost: z.number(),
  isFree: z.boolean(),
  status: z.enum(EVENT_STATUSES),
  visibility: z.enum(VISIBILITIES),
  recurrence: z.enum(RECURRENCES),
  tags: z.array(z.string()),
  imageUrl: z.string().optional(),
  creatorId: z.string(),
  /** Events hosted by a community carry it (an addition to contract 2.5). */
  communityId: z.string().nullable().optional(),
  community: communityHost.optional(),
  attendeeCount: z.number().int(),
  maybeCount: z.number().int(),
  myRsvp: z.enum(RSVP_STATUSES).nullable(),
  /** Additions for calendars and series: IANA zone, iCalendar SEQUENCE, cancellation. */
  timeZone: z.string().optional(),
  /**
   * An addition (decision 078): whole days in `timeZone`, from the first day's 00:00 to the last
   * day's 24:00 (`endDate` is then the next day's midnight); shown without times.
   */
  allDay: z.boolean(),
  /** An addition: the start it had before it last moved while published; null if it never moved. */
  previousStartDate: z.string().nullable().optional(),
  sequence: z.number().int().optional(),
  cancelled: z.boolean().optional(),
  /** The series this event is an occurrence of, when it is one. */
  seriesId: z.string().nullable().optional(),
  /** An addition to contract 2.5: present for a signed-in viewer, absent signed out. */
  friendsGoing: friendsGoingSchema.optional(),
  /** Additions for places: the place next to the free-text `location`. */
  placeId: z.string().nullable().optional(),
  place: placeSchema.optional(),
  /**
   * Decision 044: with ATTENDEES, everyone but hosts and people going gets `location` as the city
   * only, `place` reduced to its city (address empty, coordinates rounded to 0.01°).
   */
  addressVisibility: z.enum(ADDRESS_VISIBILITIES).optional(),
  online: z.boolean().optional(),
  /** Only for hosts and people going. */
  onlineUrl: z.string().optional(),
  /** On `near=` lists: the distance from that point in km, one decimal. */
  distanceKm: z.number().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: eventAbilities.optional(),
  /**
   * An addition (decision 079): only on an event another server published (followed from here),
   * read-only; its page and answers are there.
   */
  origin: eventOrigin.optional(),
  ...capacityEventFields,
};

/** List, detail, create, update, delete, publish and RSVP responses (contract 2.5). */
export const eventSchema = z.object({ ...eventBase, creator: personRef, rsvps: z.array(rsvpEntry) });
/** The public page's form: `rsvps` are the attendees' user ids. */
export const publicEventSchema = z.object({ ...eventBase, creator: personRef, rsvps: z.array(z.string()) });
export type EventDto = z.infer<typeof eventSchema>;
export type PublicEventDto = z.infer<typeof publicEventSchema>;

export const eventListResponse = z.object({
  events: z.array(eventSchema),
  nextCursor: z.string().nullable(),
});
export const eventResponse = z.object({ event: eventSchema });
export const publicEventResponse = z.object({ data: publicEventSchema });
/** Counts stop at `cap` (a tile then shows "1000+" rather than the database counting a whole city). */
export const eventCountsResponse = z.object({
  draft: z.number().int(),
  live: z.number().int(),
  past: z.number().int(),
  cap: z.number().int(),
});

export const searchQuery = z.object({
  q: text('Search text').max(100, 'Search text is too long').optional(),
});
export const searchResponse = z.object({
  users: z.array(personSummary.extend({ interests: z.array(z.string()) })),
  events: z.array(
    z
      .object(eventBase)
      .pick({
        id: true,
        _id: true,
        title: true,
        description: true,
        startDate: true,
        endDate: true,
        location: true,
        tags: true,
        status: true,
        imageUrl: true,
      })
      .extend({ friendsGoing: friendsGoingSchema.optional() }),
  ),
  /** Communities whose name, place or address matches, most members first. */
  communities: z.array(
    z.object({
      id: z.string(),
      _id: z.string(),
      slug: z.string(),
      name: z.string(),
      location: z.string(),
      memberCount: z.number().int(),
      imageUrl: z.string().nullable(),
    }),
  ),
});
export type SearchResponse = z.infer<typeof searchResponse>;
