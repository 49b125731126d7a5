import { z } from 'zod';
import { CAPACITY_LIMITS, FULL_RSVP_STATUSES, rsvpExtras } from './capacity.ts';
import { emailField, fullNameField, requiredText, text } from './fields.ts';
import { pollSchema, pollVotesField } from './polls.ts';

/**
 * Answering without an account (decision 040): a visitor answers a public event that
 * allows it with a name and an e-mail address, confirms from the e-mail, and changes or cancels
 * from the private manage link in it. Every field here is an addition.
 */
export const GUEST_MSG = {
  notAllowed: 'This event does not take answers without an account',
  ended: 'This event has ended',
  formExpired: 'This form has expired: reload the page and try again',
  accepted: 'Check your e-mail: we sent you a link to confirm your answer',
  linkInvalid: 'This link is not valid or has expired',
  statusInvalid: 'Status must be going, maybe or not_going',
  allowInvalid: 'Allow guests without an account must be true or false',
  onlyPublic: 'Only a public event can take answers without an account',
  neverEmailed: 'You will not get any more e-mails from Townsquare at this address',
  tokenRequired: 'The link is missing its token',
  votesAccepted: 'Check your e-mail: we sent you a link to confirm your answers',
  votesWithdrawn: 'Your answers are withdrawn',
} as const;

/** The least time (ms) between rendering the form and sending it: faster is a robot. */
export const GUEST_FORM_MIN_AGE_MS = 2_000;
/** A rendered form can be sent for this long (ms). */
export const GUEST_FORM_MAX_AGE_MS = 24 * 60 * 60_000;

const GUEST_STATUSES = ['going', 'maybe', 'not_going'] as const;
const guestStatus = z.enum(GUEST_STATUSES, { error: GUEST_MSG.statusInvalid });

const tokenField = requiredText('Token', GUEST_MSG.tokenRequired, 200, GUEST_MSG.linkInvalid);

export const guestFormResponse = z.object({
  /** Proves when the form was rendered (signed by the server); sent back with the answer. */
  formToken: z.string(),
});

export const guestRsvpBody = z.object({
  name: fullNameField('Name'),
  email: emailField,
  status: guestStatus.optional(),
  ...rsvpExtras,
  formToken: text('Form token', GUEST_MSG.formExpired).max(300, GUEST_MSG.formExpired),
  /** The honeypot: hidden from people, filled in by robots. Anything in it drops the answer. */
  website: text('Website').max(1000, 'Website is too long').optional(),
});
export type GuestRsvpBody = z.infer<typeof guestRsvpBody>;

export const guestAcceptedResponse = z.object({ message: z.string() });

export const guestTokenBody = z.object({ token: tokenField });
export const guestTokenParams = z.object({ token: tokenField });

export const guestRsvpUpdateBody = z.object({
  status: guestStatus.optional(),
  ...rsvpExtras,
});

/** What the manage link shows: the guest's own answer and the event, nothing about anyone else. */
export const guestRsvp = z.object({
  eventId: z.string(),
  eventTitle: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  location: z.string(),
  name: z.string(),
  status: z.enum(FULL_RSVP_STATUSES),
  guests: z.array(z.string().max(CAPACITY_LIMITS.guestNameMax)),
  answers: z.record(z.string(), z.string()),
  waitlistPosition: z.number().int().nullable(),
  /** The check-in code (shown as the ticket's QR code), while going. */
  ticket: z.string().nullable(),
  /** The short door code printed under the QR code (a member's ticket has the same), while going. */
  doorCode: z.string().nullable(),
  maxGuests: z.number().int(),
  questions: z.array(z.object({ id: z.string(), text: z.string(), required: z.boolean() })),
});
export type GuestRsvp = z.infer<typeof guestRsvp>;

export const guestRsvpResponse = z.object({ rsvp: guestRsvp });
/** Confirming answers the manage token too, so the browser can open the manage page at once. */
export const guestConfirmResponse = z.object({ rsvp: guestRsvp, manageToken: z.string() });
export const guestMessageResponse = z.object({ message: z.string() });

/**
 * Guest votes in a date poll that allows them (decision 056): the same identity, form token,
 * honeypot, limits, confirmation and manage links as a guest answer, for a poll.
 * `POST /api/polls/:id/guest-votes` takes this body.
 */
export const guestVotesBody = guestRsvpBody
  .pick({ name: true, email: true, formToken: true, website: true })
  .extend({ votes: pollVotesField });
export type GuestVotesBody = z.infer<typeof guestVotesBody>;

/** `PUT /api/guest-votes/:token`: the guest's whole answer again (from the manage link). */
export const guestVotesUpdateBody = z.object({ votes: pollVotesField });

/**
 * What a poll guest's manage link shows: the poll as a visitor sees it, with `mine` their own
 * answers, and the name they gave (never anybody's address).
 */
export const guestVotes = z.object({ poll: pollSchema, name: z.string() });
export type GuestVotes = z.infer<typeof guestVotes>;
export const guestVotesResponse = guestVotes;
/** Confirming answers the manage token too, so the browser can open the manage page at once. */
export const guestVotesConfirmResponse = guestVotes.extend({ manageToken: z.string() });
