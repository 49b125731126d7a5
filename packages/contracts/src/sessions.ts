import { z } from 'zod';
import { selfUser } from './users.ts';

/**
 * GET /api/auth/sessions: the caller's live sign-ins (one refresh-token family each), most
 * recently used first. `current` marks the session the request's access token belongs to.
 */
export const sessionSummary = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;
export const sessionsResponse = z.object({ sessions: z.array(sessionSummary) });
export type SessionsResponse = z.infer<typeof sessionsResponse>;

const when = z.string();
const event = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  startDate: when,
  endDate: when,
  isFree: z.boolean(),
  cost: z.number(),
  status: z.string(),
  visibility: z.string(),
  recurrence: z.string(),
  tags: z.array(z.string()),
  imageUrl: z.string().nullable(),
  createdAt: when,
  updatedAt: when,
});
const person = { userId: z.string(), username: z.string().nullable(), fullName: z.string() };

/**
 * GET /api/users/me/export: everything the person put into Townsquare, as one JSON file. Other
 * people appear only by id, username and name (what links the records), never by e-mail.
 */
export const accountExport = z.object({
  exportedAt: when,
  profile: selfUser,
  eventsCreated: z.array(event),
  rsvps: z.array(
    z.object({
      eventId: z.string(),
      /** Null when the person can no longer see the event (its current title is not theirs). */
      eventTitle: z.string().nullable(),
      status: z.string(),
      createdAt: when,
      updatedAt: when,
    }),
  ),
  friends: z.array(z.object({ ...person, since: when })),
  friendRequests: z.object({
    sent: z.array(z.object({ ...person, createdAt: when })),
    received: z.array(z.object({ ...person, createdAt: when })),
  }),
  friendGroups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      createdByYou: z.boolean(),
      memberIds: z.array(z.string()),
      createdAt: when,
    }),
  ),
  subgroups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      eventId: z.string(),
      createdByYou: z.boolean(),
      memberIds: z.array(z.string()),
      createdAt: when,
    }),
  ),
  /** Every community row of the person: member, pending (with the answers given), invited, banned. */
  communities: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      role: z.enum(['OWNER', 'ORGANIZER', 'MEMBER']),
      state: z.enum(['member', 'pending', 'invited', 'banned']),
      answers: z.array(z.string()),
      since: when,
    }),
  ),
  messagesSent: z.array(
    z.object({
      id: z.string(),
      channel: z.string(),
      receiverId: z.string().nullable(),
      content: z.string(),
      createdAt: when,
    }),
  ),
  /** The photos one added to event albums (decision 075), as stored: metadata already stripped. */
  photos: z.array(
    z.object({
      id: z.string(),
      eventId: z.string(),
      imageUrl: z.string(),
      caption: z.string(),
      createdAt: when,
    }),
  ),
  /** The recaps one wrote (decision 075). */
  recaps: z.array(
    z.object({ id: z.string(), eventId: z.string(), title: z.string(), body: z.string(), createdAt: when }),
  ),
});
export type AccountExport = z.infer<typeof accountExport>;
