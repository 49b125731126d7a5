import { z } from 'zod';
import { personSummary } from './chat.ts';
import { pageLimitField, requiredText, text } from './fields.ts';

/**
 * Event albums and recaps (decision 075): the photos people who were there add to an event, and
 * the write-ups a Creator or a host makes of it from them.
 */

export const ALBUM_LIMITS = {
  /** Photos one person may add to one event's album. */
  photosPerPersonPerEvent: 40,
  /** Photos one person may add over all albums in 24 hours. */
  photosPerPersonPerDay: 100,
  captionMax: 300,
  pageDefault: 30,
  pageMax: 100,
} as const;

export const RECAP_LIMITS = {
  titleMax: 120,
  bodyMax: 20_000,
  /** Photos one recap may show (its cover among them). */
  photosMax: 40,
  /** Featured recaps a community page lists. */
  featuredMax: 12,
} as const;

/** Who sees a public event's album: whoever sees the event, or only its hosts and people going. */
export const ALBUM_AUDIENCES = ['event', 'attendees'] as const;
export type AlbumAudience = (typeof ALBUM_AUDIENCES)[number];

export const ALBUM_MSG = {
  photoNotFound: 'Photo not found',
  attendeesOnly: 'This album is for the people who were there',
  notAttendee: 'Only hosts and people who were going can add photos to this event',
  notStarted: 'Photos can be added once the event has started',
  imageInvalid: 'The photo must be an image you uploaded. Please upload it again.',
  alreadyAdded: 'This photo is already in an album',
  imageUrlRequired: 'Image URL is required',
  captionTooLong: `Caption must be at most ${ALBUM_LIMITS.captionMax} characters`,
  tooManyForEvent: `You can add at most ${ALBUM_LIMITS.photosPerPersonPerEvent} photos to one event`,
  tooManyToday: `You can add at most ${ALBUM_LIMITS.photosPerPersonPerDay} photos a day. Please try again tomorrow.`,
  cannotRemove: 'Only the person who added a photo or a host of the event can remove it',
  notHost: 'Only a host of this event can choose who sees its album',
  audienceInvalid: 'Audience must be event or attendees',
  cursorInvalid: 'Invalid cursor',
  limitInvalid: `Limit must be a whole number from 1 to ${ALBUM_LIMITS.pageMax}`,
  tagNotThere: 'Only people who were there can be tagged',
  cannotTag: 'Only the person who added a photo or a host of the event can tag people in it',
  cannotUntag: 'Only the person tagged, who tagged them or a host of the event can remove a tag',
  tagNotFound: 'This person is not tagged in the photo',
  userIdRequired: 'User id is required',
  hideTaggedInvalid: 'Hide tagged photos from outsiders must be true or false',
} as const;

export const RECAP_MSG = {
  notFound: 'Recap not found',
  notAllowed: 'Only a Creator who was going or a host of the event can write its recap',
  notStarted: 'A recap can be written once the event has started',
  alreadyWritten: 'You have already written a recap of this event',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${RECAP_LIMITS.titleMax} characters`,
  bodyRequired: 'Text is required',
  bodyTooLong: `Text must be at most ${RECAP_LIMITS.bodyMax} characters`,
  tooManyPhotos: `A recap can show at most ${RECAP_LIMITS.photosMax} photos`,
  photoInvalid: 'Every photo of a recap must be in the event’s album',
  coverNotChosen: 'The cover must be one of the chosen photos',
  notAuthor: 'Only the author can change this recap',
  cannotRemove: 'Only the author or a host of the event can remove this recap',
  notOrganizer: 'Only an organiser of the event’s community can feature its recaps',
  noCommunity: 'Only the recap of a community’s event can be featured',
  featuredInvalid: 'Featured must be true or false',
} as const;

/** Control characters but tab and line feed, zero-width and bidirectional override characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text as people write it, kept as plain text (never HTML): control characters other than line
 * breaks and tabs go, line breaks become `\n`, trailing spaces of lines and runs of more than two
 * blank lines are dropped. Pages and the web app escape it on output.
 */
export function plainText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const caption = text('Caption')
  .transform(plainText)
  .pipe(z.string().max(ALBUM_LIMITS.captionMax, ALBUM_MSG.captionTooLong));

export const albumAbilities = z.object({
  /** May add photos (a host, or someone going, once the event has started). */
  add: z.boolean(),
  /** May choose the audience and remove anyone's photos (a host). */
  manage: z.boolean(),
  /** May write a recap (a host, or a Creator going, once it started; one each). */
  recap: z.boolean(),
});

export const eventPhoto = z.object({
  id: z.string(),
  eventId: z.string(),
  /** The stored picture; `imageSources(imageUrl)` gives its WebP copies for `srcset`. */
  imageUrl: z.string(),
  caption: z.string(),
  addedBy: personSummary,
  /** The people tagged in it (only people who were there). */
  tags: z.array(personSummary),
  createdAt: z.string(),
  can: z.object({ remove: z.boolean() }),
});
export type EventPhoto = z.infer<typeof eventPhoto>;

export const albumInfo = z.object({
  eventId: z.string(),
  audience: z.enum(ALBUM_AUDIENCES),
  photoCount: z.number().int(),
  can: albumAbilities,
});
export type AlbumInfo = z.infer<typeof albumInfo>;

/** GET /api/events/:id/album: the album and one page of photos, oldest first. */
export const albumResponse = z.object({
  album: albumInfo,
  photos: z.array(eventPhoto),
  nextCursor: z.string().nullable(),
});
export type AlbumResponse = z.infer<typeof albumResponse>;

export const albumQuery = z.object({
  cursor: text('Cursor').max(64, ALBUM_MSG.cursorInvalid).optional(),
  limit: pageLimitField(ALBUM_LIMITS.pageMax, ALBUM_LIMITS.pageDefault, ALBUM_MSG.limitInvalid),
});

/** POST /api/events/:id/album: an image uploaded through /api/upload (signed URL or file), and a caption. */
export const addPhotoBody = z.object({
  imageUrl: text('Image URL', ALBUM_MSG.imageUrlRequired)
    .min(1, ALBUM_MSG.imageUrlRequired)
    .max(2048, ALBUM_MSG.imageInvalid),
  caption: caption.optional(),
});
export type AddPhotoBody = z.infer<typeof addPhotoBody>;

export const photoResponse = z.object({ photo: eventPhoto });

/** PATCH /api/events/:id/album (hosts). */
export const albumSettingsBody = z.object({
  audience: z.enum(ALBUM_AUDIENCES, { error: ALBUM_MSG.audienceInvalid }),
});

export const albumPhotoParams = z.object({ id: z.string(), photoId: z.string() });

export const recapEvent = z.object({
  id: z.string(),
  title: z.string(),
  startDate: z.string(),
  timeZone: z.string(),
});

export const recapAbilities = z.object({
  edit: z.boolean(),
  remove: z.boolean(),
  feature: z.boolean(),
});

export const recap = z.object({
  id: z.string(),
  eventId: z.string(),
  event: recapEvent,
  title: z.string(),
  /** Plain text; paragraphs are separated by blank lines. */
  body: z.string(),
  author: personSummary,
  cover: eventPhoto.nullable(),
  photos: z.array(eventPhoto),
  featured: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: recapAbilities,
});
export type Recap = z.infer<typeof recap>;

/** A recap in lists: no photos beyond the cover, the text cut to a teaser. */
export const recapSummary = recap.omit({ photos: true, body: true }).extend({ excerpt: z.string() });
export type RecapSummary = z.infer<typeof recapSummary>;

export const recapResponse = z.object({ recap });
export const recapsResponse = z.object({ recaps: z.array(recapSummary) });
export type RecapsResponse = z.infer<typeof recapsResponse>;

const recapTitle = requiredText(
  'Title',
  RECAP_MSG.titleRequired,
  RECAP_LIMITS.titleMax,
  RECAP_MSG.titleTooLong,
);
const recapBody = text('Text', RECAP_MSG.bodyRequired)
  .transform(plainText)
  .pipe(z.string().min(1, RECAP_MSG.bodyRequired).max(RECAP_LIMITS.bodyMax, RECAP_MSG.bodyTooLong));
const photoIds = z
  .array(z.string({ error: RECAP_MSG.photoInvalid }).max(64, RECAP_MSG.photoInvalid), {
    error: RECAP_MSG.photoInvalid,
  })
  .max(RECAP_LIMITS.photosMax, RECAP_MSG.tooManyPhotos);

/** POST /api/events/:id/recaps: published at once. The cover must be one of `photoIds`. */
export const createRecapBody = z.object({
  title: recapTitle,
  body: recapBody,
  photoIds: photoIds.default([]),
  coverPhotoId: z
    .string({ error: RECAP_MSG.coverNotChosen })
    .max(64, RECAP_MSG.coverNotChosen)
    .nullable()
    .optional(),
});
export type CreateRecapBody = z.infer<typeof createRecapBody>;

/** PATCH /api/recaps/:id (the author): what is given replaces what was. */
export const updateRecapBody = z.object({
  title: recapTitle.optional(),
  body: recapBody.optional(),
  photoIds: photoIds.optional(),
  coverPhotoId: z
    .string({ error: RECAP_MSG.coverNotChosen })
    .max(64, RECAP_MSG.coverNotChosen)
    .nullable()
    .optional(),
});
export type UpdateRecapBody = z.infer<typeof updateRecapBody>;

/** PUT /api/recaps/:id/featured (the community's organisers). */
export const featureRecapBody = z.object({ featured: z.boolean({ error: RECAP_MSG.featuredInvalid }) });

/** DELETE of a photo or a recap. */
export const removedResponse = z.object({ removed: z.literal(true) });

export const photoTagParams = z.object({ id: z.string(), photoId: z.string(), userId: z.string() });

/** POST /api/events/:id/album/:photoId/tags (who added the photo, hosts): someone who was there. */
export const tagBody = z.object({
  userId: text('User id', ALBUM_MSG.userIdRequired)
    .min(1, ALBUM_MSG.userIdRequired)
    .max(64, ALBUM_MSG.tagNotThere),
});

/** GET and PUT /api/users/me/album-preferences: photos one is tagged in shown only to attendees. */
export const albumPreferences = z.object({
  hideTaggedFromOutsiders: z.boolean({ error: ALBUM_MSG.hideTaggedInvalid }),
});
export type AlbumPreferences = z.infer<typeof albumPreferences>;
