import { z } from 'zod';
import { personSummary } from './chat.ts';
import { pageLimitField } from './fields.ts';

/** Notifications: in the app, by e-mail and by Web Push. */
export const NOTIFICATION_KINDS = [
  'friend_request',
  'friend_accepted',
  'rsvp',
  'event_updated',
  'event_cancelled',
  'event_reminder',
  'direct_message',
  'mention',
  'community_event',
  'community_request',
  'community_approved',
  'community_invite',
  'community_announcement',
  'waitlist_offer',
  'report_resolved',
  'series_confirm',
  'poll_finalized',
  'poll_closing',
  'signup_released',
  'event_announcement',
  'events_nearby',
  'sponsorship_proposed',
  'sponsorship_answered',
  'sponsorship_ending',
  'event_photos',
  'event_recap',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The groups a person turns on or off per channel (settings, one-click unsubscribe). */
export const NOTIFICATION_GROUPS = [
  'friends',
  'rsvp',
  'eventUpdates',
  'reminders',
  'directMessages',
  'mentions',
  'communities',
  'reports',
  'nearby',
] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

export const NOTIFICATION_GROUP_OF: Record<NotificationKind, NotificationGroup> = {
  friend_request: 'friends',
  friend_accepted: 'friends',
  rsvp: 'rsvp',
  event_updated: 'eventUpdates',
  event_cancelled: 'eventUpdates',
  event_reminder: 'reminders',
  direct_message: 'directMessages',
  mention: 'mentions',
  community_event: 'communities',
  community_request: 'communities',
  community_approved: 'communities',
  community_invite: 'communities',
  community_announcement: 'communities',
  waitlist_offer: 'eventUpdates',
  report_resolved: 'reports',
  // Asks a host to confirm a date of their series: about hosting, like RSVPs to their events.
  series_confirm: 'rsvp',
  // A date poll you answered became an event: news about an event you may go to.
  poll_finalized: 'eventUpdates',
  poll_closing: 'reminders',
  // Someone who had signed up to bring something is no longer going: about hosting.
  signup_released: 'rsvp',
  // A host's message to the people of an event: news about an event you answered.
  event_announcement: 'eventUpdates',
  // The weekly digest of new events near home, for people who turned it on.
  events_nearby: 'nearby',
  // A business and a club's organisers agreeing on a sponsorship: community news for both.
  sponsorship_proposed: 'communities',
  sponsorship_answered: 'communities',
  // 30 and 7 days before a sponsorship ends, to both sides.
  sponsorship_ending: 'communities',
  // The first photos of an event you went to, and a recap of it (decision 075).
  event_photos: 'eventUpdates',
  event_recap: 'eventUpdates',
};

/** What a group is called in e-mails and on the unsubscribe page. */
export const NOTIFICATION_GROUP_LABELS: Record<NotificationGroup, string> = {
  friends: 'friend requests',
  rsvp: 'RSVPs to your events and dates to confirm',
  eventUpdates: 'changes to events you are going to',
  reminders: 'event reminders',
  directMessages: 'direct messages',
  mentions: 'mentions',
  communities: 'community news',
  reports: 'outcomes of your reports',
  nearby: 'new events near you',
};

export type ChannelPreferences = Record<NotificationGroup, boolean>;

/**
 * How a host hears that people are going to their events: `instant`, each answer at once;
 * `digest` (the default), the answers of a quarter of an hour gathered in one notification.
 * Someone going who cancels is always told at once.
 */
export const RSVP_TIMINGS = ['instant', 'digest'] as const;
export type RsvpTiming = (typeof RSVP_TIMINGS)[number];

export const DEFAULT_EMAIL_PREFERENCES: ChannelPreferences = {
  friends: false,
  rsvp: true,
  eventUpdates: true,
  reminders: true,
  directMessages: true,
  mentions: false,
  communities: true,
  reports: true,
  nearby: true,
};
export const DEFAULT_PUSH_PREFERENCES: ChannelPreferences = {
  friends: true,
  rsvp: true,
  eventUpdates: true,
  reminders: true,
  directMessages: true,
  mentions: true,
  communities: true,
  reports: true,
  // A weekly digest is not worth a buzz; the app and the mailbox have it.
  nearby: false,
};

const groupFlag = (group: NotificationGroup) =>
  z.boolean({ error: `Notification setting ${group} must be true or false` });

/** `{ friends, rsvp, … }`, each true or false. */
export const channelPreferences = z.object({
  friends: groupFlag('friends'),
  rsvp: groupFlag('rsvp'),
  eventUpdates: groupFlag('eventUpdates'),
  reminders: groupFlag('reminders'),
  directMessages: groupFlag('directMessages'),
  mentions: groupFlag('mentions'),
  communities: groupFlag('communities'),
  reports: groupFlag('reports'),
  nearby: groupFlag('nearby'),
});

export const NOTIFICATION_SUBJECT_TYPES = [
  'event',
  'community',
  'user',
  'chat',
  'report',
  'poll',
  'sponsorship',
] as const;
export type NotificationSubjectType = (typeof NOTIFICATION_SUBJECT_TYPES)[number];

export const NOTIFICATION_LIMITS = { pageDefault: 20, pageMax: 100, idsMax: 200 } as const;

export const NOTIFICATION_MSG = {
  cursorInvalid: 'Invalid cursor',
  limitInvalid: `Limit must be a whole number from 1 to ${NOTIFICATION_LIMITS.pageMax}`,
  idsInvalid: `ids must be a list of at most ${NOTIFICATION_LIMITS.idsMax} notification ids`,
  tokenInvalid: 'This unsubscribe link is not valid',
  eventsChoiceInvalid: 'events must be "all" or "none"',
} as const;

/** One notification, in the list and as the socket event `notification`. */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** Who did it; null for the system (reminders) or a deleted account. */
  actor: personSummary.nullable(),
  /** What it is about; `chat` ids are channel names (`event:<id>`, `general`, …). */
  subject: z.object({ type: z.enum(NOTIFICATION_SUBJECT_TYPES), id: z.string() }),
  text: z.string(),
  /** A path in the web app (`/event/<id>`), never another origin. */
  url: z.string(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationsQuery = z.object({
  cursor: z
    .string({ error: NOTIFICATION_MSG.cursorInvalid })
    .max(100, NOTIFICATION_MSG.cursorInvalid)
    .optional(),
  limit: pageLimitField(
    NOTIFICATION_LIMITS.pageMax,
    NOTIFICATION_LIMITS.pageDefault,
    NOTIFICATION_MSG.limitInvalid,
  ),
});

export const notificationsResponse = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

export const unreadResponse = z.object({ unread: z.number().int() });
export type UnreadResponse = z.infer<typeof unreadResponse>;

/** POST /api/notifications/read: these ids, or (no body, no ids) every notification. */
export const markReadBody = z
  .object({
    ids: z
      .array(z.string({ error: NOTIFICATION_MSG.idsInvalid }).max(64, NOTIFICATION_MSG.idsInvalid), {
        error: NOTIFICATION_MSG.idsInvalid,
      })
      .max(NOTIFICATION_LIMITS.idsMax, NOTIFICATION_MSG.idsInvalid)
      .optional(),
  })
  .nullish();

export const unsubscribeQuery = z.object({
  token: z
    .string({ error: NOTIFICATION_MSG.tokenInvalid })
    .min(1, NOTIFICATION_MSG.tokenInvalid)
    .max(300, NOTIFICATION_MSG.tokenInvalid),
});
export const unsubscribeResponse = z.object({
  group: z.enum(NOTIFICATION_GROUPS),
  email: z.literal(false),
  message: z.string(),
});

/** PUT /api/communities/:slug/notifications */
export const COMMUNITY_EVENT_CHOICES = ['all', 'none'] as const;
export type CommunityEventChoice = (typeof COMMUNITY_EVENT_CHOICES)[number];
export const communityNotificationsBody = z.object({
  events: z.enum(COMMUNITY_EVENT_CHOICES, { error: NOTIFICATION_MSG.eventsChoiceInvalid }),
});
