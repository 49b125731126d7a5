import { z } from 'zod';
import { requiredText, text } from './fields.ts';
import { LIMITS } from './limits.ts';

/** Bringing a club in and taking it out: ICS imports, member invitations, the export. */
export const CLUB_IO_LIMITS = {
  /** An ICS file or feed, uploaded or fetched (the push endpoint guard's fetch limit too). */
  icsMaxBytes: 5 * 1024 * 1024,
  fetchTimeoutMs: 10_000,
  /** Rows of one member CSV. */
  csvMaxRows: 2_000,
  csvMaxChars: 512 * 1024,
  /** Errors kept in one import's report (the rest are counted in `skipped`). */
  errorsKept: 200,
  /** Invitation e-mails the queue sends per minute for one community. */
  invitesPerMinute: 30,
  /** Invitations one community may send in 24 hours, all lists together (decision 063). */
  invitesPerCommunityPerDay: 200,
  /** Invitations one organiser may send in 24 hours, from every community they run (decision 063). */
  invitesPerOrganiserPerDay: 500,
  /** Invitations one address may receive in 7 days, from every community together (decision 063). */
  invitesPerAddressPerWeek: 3,
  /** Days an invitation link works (decision 063). */
  invitationTtlDays: 14,
  /** Characters of a CSV name kept for the greeting (decision 063). */
  inviteNameMax: 60,
  /** Member CSVs one organiser may send per hour. */
  memberImportsPerHour: 10,
  /** Member CSVs one organiser may preview per hour (decision 076). */
  memberPreviewsPerHour: 60,
  /** Imports one organiser may start per hour. */
  importsPerHour: 30,
  /** Communities with more events than this are exported by a job (202), smaller ones at once. */
  exportInlineMaxEvents: 1_000,
} as const;

export const CLUB_IO_MSG = {
  sourceRequired: 'Give the address of a calendar feed or upload an .ics file',
  urlInvalid: 'The calendar address must be an http or https URL',
  urlRefused: 'This calendar address cannot be fetched: it must be a public https address',
  fetchFailed: 'The calendar could not be fetched',
  tooLarge: 'The calendar is larger than 5 MB',
  notCalendar: 'This is not an iCalendar (.ics) file',
  subscribeInvalid: 'Subscribe must be true or false',
  /** `dates` of an import is neither choice (decision 070). */
  datesInvalid: 'Dates must be "publish" or "ask"',
  subscribeNeedsUrl: 'Only a calendar address can be subscribed to; an uploaded file is read once',
  importNotFound: 'Import not found',
  importerGone: 'Whoever started this import no longer organises the community; start it again',
  tooManyImports: 'Too many imports; try again in an hour',
  csvRequired: 'Give the members as CSV: one "name,email" a line',
  csvTooLong: `A member list can have at most ${CLUB_IO_LIMITS.csvMaxRows} lines`,
  tooManyMemberImports: 'Too many member lists; try again in an hour',
  /** A member list with a header but no column of addresses (decision 076). */
  csvNoEmailColumn:
    'This file has no e-mail column: add a column headed Email (or E-mail, E-Mail-Adresse, Courriel, Correo) with one address a row',
  /** An Excel workbook (.xlsx or .xls) sent as a member list (decision 076). */
  csvWorkbook:
    'This is a spreadsheet workbook, not a CSV file: save it as "CSV UTF-8" (File > Save as) and choose that file',
  /** A Meetup member export: Meetup leaves the addresses out (decision 076). */
  csvMeetupNoEmails:
    "This file has no e-mail addresses: Meetup does not export them; share the community's join link instead",
  tokenInvalid: 'This invitation link is not valid',
  exportNotFound: 'Export not found',
  exportNotReady: 'The export is not ready yet',
  shareEmailInvalid: 'Share must be true or false',
  /** One event's error (after "Line N: "): its rule needed more than the expansion's time budget. */
  ruleTooCostly: 'the rule (RRULE) takes too long to expand; give it fewer occurrences',
  /** The import's reading process ran past IMPORT_DEADLINE_MS and was stopped (decision 061). */
  importTooSlow: 'Reading the calendar took too long and was stopped; nothing was imported',
  /** The reading process ended without an answer (it ran out of memory, or crashed). */
  importUnreadable: 'The calendar could not be read; nothing was imported',
  /** A retry found the import still running: the attempt before it never finished. */
  importInterrupted: 'The import stopped before it finished and was not run again; start it again',
  /** One event's error (after "Line N: "): the database refused it (decision 070). */
  eventNotSaved:
    'the event could not be saved (a date or a text is out of range); correct it in the calendar and import again',
  /** A report entry: the importer may not publish yet (the events form's rule, EVENT_MSG.verifyToPublish). */
  importedAsDrafts:
    'Your email address is not verified yet, so the imported events were saved as drafts: verify it, then publish them',
} as const;

/** Invitation links and the member CSV's guards (decision 063); codes `INVITATION_*`. */
export const INVITATION_MSG = {
  verifyToInvite: 'Verify your email address to invite people by e-mail',
  verifyToAccept: 'Verify your email address to accept this invitation',
  wrongAccount:
    'This invitation was sent to another e-mail address: sign in with the account of that address',
  expired: 'This invitation has expired: ask the organisers for a new one',
  used: 'This invitation has already been used',
  neverLinkInvalid: 'This “never invite me” link is not valid',
  /** The answer of the "never invite me again" link (a success, not an error). */
  neverInvited: 'This address will not be invited to communities again',
} as const;

export const IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * What becomes of the dates of an imported series (decision 070): `publish` (the default) makes
 * them public as they were in the calendar and publishes later ones by themselves (decision 057);
 * `ask` keeps them drafts and asks the hosts to confirm each, as a series made here does.
 */
export const IMPORT_DATES = ['publish', 'ask'] as const;
export type ImportDates = (typeof IMPORT_DATES)[number];
export const importDatesField = z.enum(IMPORT_DATES, { error: CLUB_IO_MSG.datesInvalid });

/** POST /api/communities/:slug/imports (JSON; a file comes as multipart field `file`). */
export const createImportBody = z.object({
  url: requiredText('Address', CLUB_IO_MSG.sourceRequired, LIMITS.urlMax, CLUB_IO_MSG.urlInvalid),
  subscribe: z.boolean({ error: CLUB_IO_MSG.subscribeInvalid }).optional(),
  dates: importDatesField.optional(),
});

/** PATCH /api/imports/:id */
export const updateImportBody = z.object({
  subscribed: z.boolean({ error: CLUB_IO_MSG.subscribeInvalid }),
});

export const importErrorSchema = z.object({
  /** The line of the file where the broken event starts, when known. */
  line: z.number().nullable(),
  uid: z.string().nullable(),
  /** The title of the event the line is about, when it is about one (decision 070). */
  title: z.string().optional(),
  message: z.string(),
});

export const importSchema = z.object({
  id: z.string(),
  communityId: z.string(),
  url: z.string().nullable(),
  fileName: z.string().nullable(),
  subscribed: z.boolean(),
  state: z.enum(IMPORT_STATES),
  total: z.number(),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.array(importErrorSchema),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CommunityImport = z.infer<typeof importSchema>;
export const importResponse = z.object({ import: importSchema });
export const importListResponse = z.object({ imports: z.array(importSchema) });

/**
 * POST /api/communities/:slug/member-imports (and its `/preview`): the CSV text of a member list
 * from any tool; columns are found by their header, the delimiter is detected (decision 076).
 */
export const memberImportBody = z.object({
  csv: text('Member list', CLUB_IO_MSG.csvRequired)
    .min(1, CLUB_IO_MSG.csvRequired)
    .max(CLUB_IO_LIMITS.csvMaxChars, CLUB_IO_MSG.csvTooLong),
});

export const INVITE_SKIP_REASONS = [
  'invalid',
  'already a member',
  'already invited',
  'blocked',
  'duplicate',
  /** The address refused e-mail or invitations (email_suppressions, decision 063). */
  'suppressed',
  /** The community reached `invitesPerCommunityPerDay`, or its organiser `invitesPerOrganiserPerDay`. */
  'daily limit',
  /** The address reached `invitesPerAddressPerWeek`. */
  'recipient limit',
  /** The row has no address at all (its e-mail cell is empty; decision 076). */
  'no address',
] as const;
export type InviteSkipReason = (typeof INVITE_SKIP_REASONS)[number];
const memberRow = z.object({ line: z.number(), name: z.string(), email: z.string() });
/** One row left out and why; `line` is the row's number as a spreadsheet shows it (header: 1). */
const skippedRow = memberRow.extend({
  reason: z.enum(INVITE_SKIP_REASONS),
  /** A `duplicate`: the row the address first appeared in (decision 076). */
  duplicateOf: z.number().optional(),
});
/** How many rows were held back, by reason (every reason, 0 included). */
// fromEntries loses the keys' type: they are exactly INVITE_SKIP_REASONS.
const heldCounts = z.object(
  Object.fromEntries(INVITE_SKIP_REASONS.map((r) => [r, z.number()])) as Record<
    InviteSkipReason,
    z.ZodNumber
  >,
);
export const memberImportResponse = z.object({
  report: z.object({
    sent: z.array(memberRow),
    skipped: z.array(skippedRow),
    held: heldCounts,
  }),
});
export type MemberImportReport = z.infer<typeof memberImportResponse>['report'];

/**
 * POST /api/communities/:slug/member-imports/preview: what sending the list would do, sending
 * nothing (decision 076). `rows` counts the data rows, `withoutAddress` those with no address or
 * one that is none; `columns` names the headers the addresses and names were read from (empty
 * for a file without a header).
 */
export const memberImportPreviewResponse = z.object({
  preview: z.object({
    rows: z.number(),
    toInvite: z.number(),
    alreadyMembers: z.number(),
    withoutAddress: z.number(),
    columns: z.object({ email: z.array(z.string()), name: z.array(z.string()) }),
    invite: z.array(memberRow),
    skipped: z.array(skippedRow),
    held: heldCounts,
  }),
});
export type MemberImportPreview = z.infer<typeof memberImportPreviewResponse>['preview'];

/** POST|GET /api/community-invitations/never-invite?token= (the mail's one-click link). */
export const neverInviteQuery = z.object({
  token: text('Token', INVITATION_MSG.neverLinkInvalid).max(2000, INVITATION_MSG.neverLinkInvalid),
});
export const neverInviteResponse = z.object({ message: z.string() });

/** POST /api/community-invitations/accept */
export const acceptInvitationBody = z.object({
  token: text('Token', CLUB_IO_MSG.tokenInvalid).max(200, CLUB_IO_MSG.tokenInvalid),
});

/** PUT /api/communities/:slug/share-email: a member lets organisers see their e-mail (the export). */
export const shareEmailBody = z.object({
  share: z.boolean({ error: CLUB_IO_MSG.shareEmailInvalid }),
});
export const shareEmailResponse = z.object({ shareEmail: z.boolean() });

/** An export job: the fields it shares with an import job (the same states). */
export const exportSchema = importSchema.pick({
  id: true,
  communityId: true,
  state: true,
  createdAt: true,
  finishedAt: true,
});
export type CommunityExport = z.infer<typeof exportSchema>;
export const exportResponse = z.object({ export: exportSchema });
