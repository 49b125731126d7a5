import { z } from 'zod';
import { text } from './fields.ts';

/** Reports, moderation, suspension and the audit log (decision 021). */

/** `photo`: a photo of an event's album (decision 075). */
export const REPORT_SUBJECT_TYPES = ['user', 'message', 'event', 'community', 'photo'] as const;
export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'other'] as const;
export const REPORT_ACTIONS = ['dismiss', 'hide', 'suspend'] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];
export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const MODERATION_LIMITS = {
  detailsMax: 1000,
  noteMax: 1000,
  reasonMax: 500,
  daysMax: 3650,
  /** Messages shown before and after a reported message. */
  neighbours: 3,
} as const;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate content',
  other: 'Something else',
};

/** "3 December 2026" (UTC), the date format of the suspension message. */
export function formatSuspensionDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

const OUTCOME_DETAIL: Record<ReportAction, string> = {
  dismiss: 'no action was needed',
  hide: 'the content was removed',
  suspend: 'the account was suspended',
};

export const MODERATION_MSG = {
  reportSent: 'Report sent',
  alreadyReported: 'You have already reported this. We will let you know what happens.',
  subjectNotFound: 'There is nothing to report here',
  cannotReportSelf: 'You cannot report yourself',
  reportNotFound: 'Report not found',
  reportResolved: 'This report has already been resolved',
  nothingToHide: 'Only a message or an event can be hidden',
  noAuthor: 'There is no author to suspend',
  cannotSuspendSelf: 'You cannot suspend yourself',
  cannotSuspendAdmin: 'Administrators cannot be suspended; revoke the admin role first',
  userNotFound: 'User not found',
  notSuspended: 'This account is not suspended',
  messageNotFound: 'Message not found',
  notModerator: 'You can only delete your own messages',
  messageDeleted: 'Message deleted successfully',
  cursorInvalid: 'Invalid cursor',
  /** What the reporter reads on their reports list and in the outcome e-mail. */
  outcome: {
    open: 'Under review',
    dismiss: `Reviewed: ${OUTCOME_DETAIL.dismiss}`,
    hide: `Reviewed: ${OUTCOME_DETAIL.hide}`,
    suspend: `Reviewed: ${OUTCOME_DETAIL.suspend}`,
  } as Record<'open' | ReportAction, string>,
  /** What came of it, for a sentence that already says it was reviewed (the reporter's notification). */
  outcomeDetail: OUTCOME_DETAIL,
} as const;

/** The sign-in refusal for a suspended account, with its end date (or without, indefinitely). */
export function suspendedMessage(until: Date | null): string {
  return until
    ? `This account is suspended until ${formatSuspensionDate(until)}.`
    : 'This account is suspended.';
}

/** Optional free text, trimmed, at most `max` characters. */
const optionalText = (label: string, max: number) =>
  text(label).trim().max(max, `${label} must be at most ${max} characters`).optional();

const days = z
  .number({ error: 'Days must be a whole number between 1 and 3650, or null' })
  .int('Days must be a whole number between 1 and 3650, or null')
  .min(1, 'Days must be a whole number between 1 and 3650, or null')
  .max(MODERATION_LIMITS.daysMax, 'Days must be a whole number between 1 and 3650, or null');

export const createReportBody = z.object({
  subjectType: z.enum(REPORT_SUBJECT_TYPES, {
    error: 'Subject type must be one of user, message, event, community, photo',
  }),
  subjectId: text('Subject id').max(64, 'Subject id is not valid'),
  reason: z.enum(REPORT_REASONS, { error: 'Reason must be one of spam, harassment, inappropriate, other' }),
  details: optionalText('Details', MODERATION_LIMITS.detailsMax),
});
export type CreateReportBody = z.infer<typeof createReportBody>;

export const resolveReportBody = z.object({
  action: z.enum(REPORT_ACTIONS, { error: 'Action must be one of dismiss, hide, suspend' }),
  days: days.nullable().optional(),
  note: optionalText('Note', MODERATION_LIMITS.noteMax),
});
export type ResolveReportBody = z.infer<typeof resolveReportBody>;

export const suspendBody = z.object({
  days: days.nullable(),
  reason: text('Reason')
    .trim()
    .min(1, 'Reason is required')
    .max(MODERATION_LIMITS.reasonMax, `Reason must be at most ${MODERATION_LIMITS.reasonMax} characters`),
});
export type SuspendBody = z.infer<typeof suspendBody>;

export const reportsQuery = z.object({
  state: z.enum(['open', 'resolved'], { error: 'State must be open or resolved' }).default('open'),
  cursor: text('Cursor').max(64, 'Invalid cursor').optional(),
});

export const auditQuery = z.object({ cursor: text('Cursor').max(64, 'Invalid cursor').optional() });

const person = z.object({
  id: z.string(),
  _id: z.string(),
  username: z.string().nullable(),
  fullName: z.string(),
});
export type ModerationPerson = z.infer<typeof person>;

export const report = z.object({
  id: z.string(),
  _id: z.string(),
  subjectType: z.enum(REPORT_SUBJECT_TYPES),
  subjectId: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  state: z.enum(['open', 'resolved']),
  action: z.enum(REPORT_ACTIONS).nullable(),
  /** What the reporter is told: "Under review", or what was done. */
  outcome: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Report = z.infer<typeof report>;

export const reportResponse = z.object({ report });
export const myReportsResponse = z.object({ reports: z.array(report) });

/** A message shown around a reported one, in its room. */
export const contextMessage = z.object({
  id: z.string(),
  sender: person.nullable(),
  content: z.string(),
  createdAt: z.string(),
  hidden: z.boolean(),
  /** The reported message itself. */
  reported: z.boolean(),
});
export type ContextMessage = z.infer<typeof contextMessage>;

/**
 * The title of a reported message: the kind of room it was written in (the web shows
 * `admin.reports.room.<room>` in the admin's language; `title` keeps the English).
 */
export const REPORT_ROOM_TITLES = {
  general: 'Message in the general chat',
  event: 'Message in an event chat',
  community: 'Message in a community chat',
  subgroup: 'Message in a sub-group chat',
  group: 'Message in a friend group chat',
  direct: 'Direct message',
} as const;
export type ReportRoom = keyof typeof REPORT_ROOM_TITLES;
// `Object.keys` types its answer as string[]; the keys are exactly the rooms.
const REPORT_ROOMS = Object.keys(REPORT_ROOM_TITLES) as [ReportRoom, ...ReportRoom[]];

/** The English title of a subject deleted since it was reported (the web shows `admin.reports.gone`). */
export const REPORT_SUBJECT_GONE = 'No longer exists';

/** The reported thing as an admin reviews it; `exists` false when it was deleted since. */
export const reportSubject = z.object({
  type: z.enum(REPORT_SUBJECT_TYPES),
  id: z.string(),
  exists: z.boolean(),
  /** "Message in the general chat", the event's title, the person's or community's name. */
  title: z.string(),
  /** For a message: the kind of room, whose title the web shows translated; else null. */
  room: z.enum(REPORT_ROOMS).nullable(),
  /** The message, the event's description, the profile's bio, the community's description. */
  text: z.string(),
  /** Who wrote or created it (the person themselves for a profile); null for a community. */
  author: person.extend({ suspended: z.boolean(), isAdmin: z.boolean() }).nullable(),
  hidden: z.boolean(),
  /** Where the web app shows it (null for a direct message). */
  url: z.string().nullable(),
  /** For a message: up to 3 neighbours before and after it in its room, oldest first. */
  context: z.array(contextMessage),
});
export type ReportSubject = z.infer<typeof reportSubject>;

export const adminReport = report.extend({
  reporter: person.nullable(),
  resolvedBy: person.nullable(),
  note: z.string().nullable(),
  /** Open reports on the same subject (all reports for a resolved one). */
  subjectReportCount: z.number().int(),
  subject: reportSubject,
});
export type AdminReport = z.infer<typeof adminReport>;

export const adminReportsResponse = z.object({
  reports: z.array(adminReport),
  /** Open reports in all: the badge on the Reports tab. */
  openCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type AdminReportsResponse = z.infer<typeof adminReportsResponse>;

export const resolveReportResponse = z.object({ report: adminReport, resolved: z.number().int() });

export const suspensionResponse = z.object({
  userId: z.string(),
  suspended: z.boolean(),
  suspendedUntil: z.string().nullable(),
  suspensionReason: z.string().nullable(),
});
export type SuspensionResponse = z.infer<typeof suspensionResponse>;

export const auditEntry = z.object({
  id: z.string(),
  actor: person.nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditResponse = z.object({ entries: z.array(auditEntry), nextCursor: z.string().nullable() });

/** Socket: a message was hidden or deleted; clients drop it from the room `room` (a channel name). */
export type MessageRemovedPayload = { id: string; room: string };
/** Socket (to everyone): an event was hidden by a moderator. */
export type EventHiddenPayload = { eventId: string };
