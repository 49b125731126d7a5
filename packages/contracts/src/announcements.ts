import { z } from 'zod';
import { requiredText } from './fields.ts';

/** Hosts' messages to an event's people and organisers' announcements to a community. */
export const ANNOUNCEMENT_LIMITS = {
  messageMax: 1000,
  titleMax: 120,
  /** Announcements one event (or community) may send per window, whoever of its hosts sends them. */
  perWindow: 3,
  windowMs: 60 * 60_000,
} as const;

export const ANNOUNCEMENT_AUDIENCES = ['going', 'waitlist', 'all'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export const ANNOUNCEMENT_MSG = {
  messageRequired: 'Write a message',
  messageTooLong: `A message can be at most ${ANNOUNCEMENT_LIMITS.messageMax} characters`,
  titleRequired: 'Give the announcement a title',
  titleTooLong: `A title can be at most ${ANNOUNCEMENT_LIMITS.titleMax} characters`,
  audienceInvalid: 'Choose who hears it: going, waitlist or all',
  tooMany: `At most ${ANNOUNCEMENT_LIMITS.perWindow} announcements an hour; try again later`,
  notOrganiser: 'Only organisers can announce to the community',
  membersOnly: "Only members can read this community's announcements",
} as const;

const message = requiredText(
  'Message',
  ANNOUNCEMENT_MSG.messageRequired,
  ANNOUNCEMENT_LIMITS.messageMax,
  ANNOUNCEMENT_MSG.messageTooLong,
);

export const eventAnnouncementBody = z.object({
  message,
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: ANNOUNCEMENT_MSG.audienceInvalid }),
});
export type EventAnnouncementInput = z.infer<typeof eventAnnouncementBody>;

/** How many people it went to (those who can still see the event). */
export const eventAnnouncementResponse = z.object({ recipients: z.number().int() });

export const communityAnnouncementBody = z.object({
  title: requiredText(
    'Title',
    ANNOUNCEMENT_MSG.titleRequired,
    ANNOUNCEMENT_LIMITS.titleMax,
    ANNOUNCEMENT_MSG.titleTooLong,
  ),
  message,
});
export type CommunityAnnouncementInput = z.infer<typeof communityAnnouncementBody>;

export const communityAnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  createdAt: z.string(),
  author: z.object({ id: z.string(), username: z.string().nullable(), fullName: z.string() }).nullable(),
});
export type CommunityAnnouncementDto = z.infer<typeof communityAnnouncementSchema>;
export const communityAnnouncementResponse = z.object({
  announcement: communityAnnouncementSchema,
  recipients: z.number().int(),
});
/** The newest announcements (at most 20). */
export const communityAnnouncementsResponse = z.object({
  announcements: z.array(communityAnnouncementSchema),
});
