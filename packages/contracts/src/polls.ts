import { z } from 'zod';
import { personSummary } from './chat.ts';
import { createEventBody, dateField, EVENT_MSG, eventResponse, VISIBILITIES } from './events.ts';
import { pageLimitField, requiredText, text, timeZoneField } from './fields.ts';

/** Date polls: a host proposes dates, people answer, the chosen one becomes the event. */
export const POLL_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  placeMax: 300,
  optionsMin: 2,
  optionsMax: 10,
  /** Reminders to those who have not voted go this long before the poll closes. */
  reminderLeadMs: 24 * 60 * 60_000,
  /** Voters in the poll's answer and per page of GET /api/polls/:id/voters (at most `votersPageMax`). */
  votersPage: 50,
  votersPageMax: 200,
} as const;

export const VOTE_CHOICES = ['yes', 'if_need_be', 'no'] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number];

export const POLL_MSG = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${POLL_LIMITS.titleMax} characters`,
  descriptionTooLong: `Description must be at most ${POLL_LIMITS.descriptionMax} characters`,
  placeTooLong: `Place must be at most ${POLL_LIMITS.placeMax} characters`,
  optionsInvalid: 'Options must be a list of dates, each with a start and an end',
  tooFewOptions: `Propose at least ${POLL_LIMITS.optionsMin} dates`,
  tooManyOptions: `A poll has at most ${POLL_LIMITS.optionsMax} dates`,
  startRequired: 'Each date needs a start',
  startInvalid: 'Start must be a valid date',
  endRequired: 'Each date needs an end',
  endInvalid: 'End must be a valid date',
  endBeforeStart: 'Each date must end after it starts',
  optionInPast: 'Dates must be in the future',
  closesRequired: 'Closing time is required',
  closesInvalid: 'Closing time must be a valid date',
  closesInPast: 'Closing time must be in the future',
  votesInvalid: 'Votes must map each date to yes, if_need_be or no',
  voteInvalid: 'Each vote must be yes, if_need_be or no',
  optionUnknown: 'This date is not part of the poll',
  optionRequired: 'Choose the date to keep',
  statusInvalid: 'Status must be DRAFT or LIVE',
  communityInvalid: 'Community not found',
  notFound: 'Poll not found',
  notHost: 'Only the host of this poll can do this',
  verifyToHost: 'Verify your email address to start a date poll',
  closed: 'This poll is closed',
  finalized: 'This poll already has its date',
  nothingToChange: 'Send something to change',
  deleted: 'Poll deleted',
  cursorInvalid: 'Invalid cursor',
  limitInvalid: `Limit must be a whole number between 1 and ${POLL_LIMITS.votersPageMax}`,
  guestVotesInvalid: 'Allow votes without an account must be true or false',
  guestVotesCommunity: 'A community poll is for its members: it cannot take votes without an account',
  guestVotesNotAllowed: 'This poll does not take votes without an account',
  votesRequired: 'Choose an answer for at least one date',
} as const;

export const pollOptionInput = z
  .object(
    {
      startsAt: dateField(POLL_MSG.startRequired, POLL_MSG.startInvalid),
      endsAt: dateField(POLL_MSG.endRequired, POLL_MSG.endInvalid),
      place: text('Place').trim().max(POLL_LIMITS.placeMax, POLL_MSG.placeTooLong).optional(),
    },
    { error: POLL_MSG.optionsInvalid },
  )
  .refine(
    (o) => !(o.startsAt instanceof Date && o.endsAt instanceof Date) || o.endsAt > o.startsAt,
    POLL_MSG.endBeforeStart,
  );
export type PollOptionInput = z.infer<typeof pollOptionInput>;

const optionsList = z.array(pollOptionInput, { error: POLL_MSG.optionsInvalid });

const titleField = requiredText('Title', POLL_MSG.titleRequired, POLL_LIMITS.titleMax, POLL_MSG.titleTooLong);
const descriptionField = text('Description')
  .trim()
  .max(POLL_LIMITS.descriptionMax, POLL_MSG.descriptionTooLong);
const closesField = dateField(POLL_MSG.closesRequired, POLL_MSG.closesInvalid);
/** People without an account may vote with a name and a confirmed e-mail (decision 056). */
const allowGuestVotesField = z.boolean({ error: POLL_MSG.guestVotesInvalid });

/** POST /api/polls */
export const createPollBody = z.object({
  title: titleField,
  description: descriptionField.optional(),
  /** A community poll: its members see it and vote; its organisers and owner may start one. */
  communityId: text('Community').trim().max(64, POLL_MSG.communityInvalid).optional(),
  closesAt: closesField,
  /** The zone the dates are shown in (the host's). */
  timeZone: timeZoneField.optional(),
  options: optionsList
    .min(POLL_LIMITS.optionsMin, POLL_MSG.tooFewOptions)
    .max(POLL_LIMITS.optionsMax, POLL_MSG.tooManyOptions),
  /** A poll without a community only (default false). */
  allowGuestVotes: allowGuestVotesField.optional(),
});
export type CreatePollInput = z.infer<typeof createPollBody>;

/** PATCH /api/polls/:id: the host edits the text or closing time and adds dates while it is open. */
export const updatePollBody = z.object({
  title: titleField.optional(),
  description: descriptionField.optional(),
  closesAt: closesField.optional(),
  addOptions: optionsList.max(POLL_LIMITS.optionsMax, POLL_MSG.tooManyOptions).optional(),
  allowGuestVotes: allowGuestVotesField.optional(),
});
export type UpdatePollInput = z.infer<typeof updatePollBody>;

/** A whole answer: date id → choice. */
export const pollVotesField = z
  .record(
    // Any key: a wrong one is answered "not part of the poll" by the service.
    z.string(),
    z.enum(VOTE_CHOICES, { error: POLL_MSG.voteInvalid }),
    { error: POLL_MSG.votesInvalid },
  )
  .refine((v) => Object.keys(v).length <= POLL_LIMITS.optionsMax, POLL_MSG.optionUnknown);

/** PUT /api/polls/:id/votes: the caller's whole answer, replacing any earlier one. */
export const pollVotesBody = z.object({ votes: pollVotesField });

/** POST /api/polls/:id/finalize */
export const finalizePollBody = z.object({
  optionId: text('Date', POLL_MSG.optionRequired).max(64, POLL_MSG.optionUnknown),
  /** The event starts as a draft or published (the default). */
  status: z.enum(['DRAFT', 'LIVE'], { error: POLL_MSG.statusInvalid }).optional(),
  /** PUBLIC by default; a community poll's event is for the community's members either way when it is PRIVATE. */
  visibility: z.enum(VISIBILITIES, { error: EVENT_MSG.visibilityInvalid }).optional(),
  /**
   * The event as the host finished it in the event form (filled from the poll and the kept date):
   * made as sent instead of from the poll's fields; `status` and `visibility` above are then unused.
   */
  event: createEventBody.optional(),
});

export const pollListQuery = z.object({
  community: z.string({ error: POLL_MSG.communityInvalid }).max(64, POLL_MSG.communityInvalid),
});

export const pollOption = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string().nullable(),
  yes: z.number().int(),
  ifNeedBe: z.number().int(),
  no: z.number().int(),
  /** Most yes, then most if-need-be (ties: the earlier date); none before anyone said yes or if-need-be. */
  best: z.boolean(),
});
export type PollOption = z.infer<typeof pollOption>;

/** One voter and their answers, in the order of `options` (null: no answer for that date). */
export const pollVoter = z.object({
  /** A guest without an account: `user` carries their id and name only. */
  user: personSummary,
  choices: z.array(z.enum(VOTE_CHOICES).nullable()),
  /** Present (true) for someone who voted without an account (decision 056). */
  guest: z.boolean().optional(),
});
export type PollVoter = z.infer<typeof pollVoter>;

export const POLL_STATES = ['open', 'closed', 'finalized'] as const;

export const pollSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  community: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  host: personSummary,
  timeZone: z.string(),
  closesAt: z.string(),
  createdAt: z.string(),
  state: z.enum(POLL_STATES),
  /** Once finalized: the date kept and the event made from it (null if that event was deleted). */
  chosenOptionId: z.string().nullable(),
  eventId: z.string().nullable(),
  options: z.array(pollOption),
  /** The first page of voters, first to answer first (the rest: GET /api/polls/:id/voters). */
  voters: z.array(pollVoter),
  /** How many people answered. */
  voterCount: z.number().int(),
  /** The cursor of the next page of voters (`?after=`), null when `voters` is everyone. */
  votersNext: z.string().nullable(),
  /** The viewer's own answers, wherever they are in the list (null before they answer). */
  mine: pollVoter.nullable(),
  isHost: z.boolean(),
  /** People without an account may vote (a link poll only, decision 056). */
  allowGuestVotes: z.boolean(),
});
export type Poll = z.infer<typeof pollSchema>;

export const pollResponse = z.object({ poll: pollSchema });
export type PollResponse = z.infer<typeof pollResponse>;

/** GET /api/polls/:id/voters: the voters after a cursor (a poll's `votersNext`, or a page's `next`). */
export const pollVotersQuery = z.object({
  after: z
    .string({ error: POLL_MSG.cursorInvalid })
    .regex(/^\d{1,18}$/, POLL_MSG.cursorInvalid)
    .optional(),
  limit: pageLimitField(POLL_LIMITS.votersPageMax, POLL_LIMITS.votersPage, POLL_MSG.limitInvalid),
});
export const pollVotersResponse = z.object({ voters: z.array(pollVoter), next: z.string().nullable() });
export type PollVotersResponse = z.infer<typeof pollVotersResponse>;

/** A poll in a list (the community page's open polls). */
export const pollSummary = pollSchema.pick({
  id: true,
  title: true,
  closesAt: true,
  state: true,
  eventId: true,
  host: true,
});
export const pollListResponse = z.object({
  polls: z.array(pollSummary.extend({ options: z.number().int(), voters: z.number().int() })),
});
export type PollListResponse = z.infer<typeof pollListResponse>;

/** An option's counts, without its (unchanging) dates: what changes with each answer. */
export const pollTally = pollOption.pick({ id: true, yes: true, ifNeedBe: true, no: true, best: true });
export type PollTally = z.infer<typeof pollTally>;

/**
 * Socket `poll-updated` to the poll's room (`join-poll` { pollId }): the counts after a vote, an
 * edit or the finalisation, and the voter whose answer changed (absent for edits). It is sent to
 * every socket in the room, so it carries counts only, and after an answer only those of the dates
 * the answer changed (decision 047); `bestOptionId` says which date is now the best. A client that
 * finds a date it does not know (one was added) reads the poll again.
 */
export const pollUpdatedEvent = z.object({
  pollId: z.string(),
  state: z.enum(POLL_STATES),
  eventId: z.string().nullable(),
  chosenOptionId: z.string().nullable(),
  /** The dates whose counts changed (every date after an edit or the finalisation). */
  tallies: z.array(pollTally),
  /** The best date after this change (null while nobody said yes or if need be). */
  bestOptionId: z.string().nullable(),
  /** How many people answered, after this change. */
  voterCount: z.number().int(),
  voter: pollVoter.optional(),
  /** Someone withdrew their answers (an empty vote). */
  removedVoterId: z.string().optional(),
});
export type PollUpdatedEvent = z.infer<typeof pollUpdatedEvent>;

/**
 * PUT /api/polls/:id/votes answers what the room hears: the tallies and the caller's row, not the
 * whole poll (2,000 voters would be re-read and re-sent for every answer).
 */
export const pollVoteResponse = pollUpdatedEvent;

/** The event made from the poll, as `POST /api/events` answers it. */
export const finalizePollResponse = eventResponse;
export const pollDeletedResponse = z.object({ message: z.string() });
