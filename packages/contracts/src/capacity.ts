import { z } from 'zod';
import { requiredText, text } from './fields.ts';

/**
 * Capacity with a fair waitlist, guests, co-hosts, questions and check-in (decision 022).
 * Every field here is an addition to the event and RSVP shapes of the original client contract.
 */
export const CAPACITY_LIMITS = {
  capacityMax: 10_000,
  offerHoursDefault: 12,
  offerHoursMax: 168,
  guestsMax: 5,
  guestNameMax: 100,
  questionsMax: 3,
  questionMax: 200,
  answerMax: 500,
} as const;

export const CAPACITY_MSG = {
  capacityInvalid: 'Capacity must be a whole number between 1 and 10000, or empty for unlimited',
  offerHoursInvalid: 'Offer time must be a whole number of hours between 1 and 168',
  maxGuestsInvalid: 'Guests per person must be a whole number between 0 and 5',
  allowTransfersInvalid: 'Allow transfers must be true or false',
  questionsInvalid: 'Questions must be a list of at most 3 questions',
  questionTextInvalid: 'Each question needs a text of at most 200 characters',
  questionsDuplicate: 'Two questions have the same id',
  guestsInvalid: 'Guests must be a list of names (empty for an unnamed guest)',
  tooManyGuests: (n: number) =>
    n === 0 ? 'This event does not allow guests' : `You can bring at most ${n} guests`,
  guestNameTooLong: 'A guest name can be at most 100 characters',
  answersInvalid: 'Answers must be texts of at most 500 characters',
  answerRequired: (question: string) => `Please answer: ${question}`,
  unknownQuestion: 'An answer is for a question this event does not ask',
  notEnoughPlaces: (left: number) =>
    left <= 0 ? 'There are no places left for your guests' : `Only ${left} places are left for your guests`,
  notHost: 'Only the hosts of this event can do this',
  transfersOff: 'This event does not allow transfers',
  transferNotGoing: 'Only a person going can hand their place on',
  transferNotFriend: 'You can hand your place only to a friend who can see this event',
  transferTargetGoing: 'This friend already has a place',
  transferSelf: 'You cannot hand your place to yourself',
  cohostNotAllowed: 'A co-host must be your friend or an organiser of the community hosting this event',
  cohostIsCreator: 'The creator already hosts this event',
  cohostNotFound: 'This person is not a co-host of this event',
  userNotFound: 'User not found',
  ticketNotGoing: 'Only people going have a ticket',
  ticketInvalid: 'This ticket code is not valid',
  ticketOtherEvent: 'This ticket is for another event',
  doorCodeUnknown: 'No one going to this event has that ticket code',
  checkInNeedsOne: 'Send a ticket code or a user id',
  notOnList: 'This person is not on the list of people going',
  alreadyCheckedIn: (when: string) => `Already checked in at ${when}`,
  attendeeNotFound: 'This person is not on the guest list',
  attendeeIdInvalid: 'The person to remove is not a valid user id',
} as const;

/** Socket event to the event's room when its guest list changed (hosts fetch it again; no names). */
export const ATTENDEES_CHANGED = 'attendees-changed';
export type AttendeesChangedPayload = { eventId: string };

const intField = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/** Empty (or null) is unlimited. */
export const capacityField = z.preprocess(
  (v) => (v === '' || v === 'null' ? null : v),
  z.union([z.null(), intField(CAPACITY_MSG.capacityInvalid, 1, CAPACITY_LIMITS.capacityMax)], {
    error: CAPACITY_MSG.capacityInvalid,
  }),
);

export const eventQuestion = z.object({
  id: z.string(),
  text: z.string(),
  required: z.boolean(),
});
export type EventQuestionDto = z.infer<typeof eventQuestion>;

const questionInput = z.object(
  {
    /** Kept when editing, so answers stay attached; the server gives new questions one. */
    id: text('Question id').trim().max(40, CAPACITY_MSG.questionsInvalid).optional(),
    text: requiredText(
      'Question',
      CAPACITY_MSG.questionTextInvalid,
      CAPACITY_LIMITS.questionMax,
      CAPACITY_MSG.questionTextInvalid,
    ),
    required: z.boolean({ error: 'Required must be true or false' }).default(false),
  },
  { error: CAPACITY_MSG.questionsInvalid },
);

/** Multipart forms send the list as JSON text. */
const questionsField = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z
    .array(questionInput, { error: CAPACITY_MSG.questionsInvalid })
    .max(CAPACITY_LIMITS.questionsMax, CAPACITY_MSG.questionsInvalid)
    .refine((qs) => {
      const ids = qs.flatMap((q) => (q.id ? [q.id] : []));
      return new Set(ids).size === ids.length;
    }, CAPACITY_MSG.questionsDuplicate),
);

/** Added to the create and update bodies. */
export const capacityFields = {
  capacity: capacityField.optional(),
  offerHours: intField(CAPACITY_MSG.offerHoursInvalid, 1, CAPACITY_LIMITS.offerHoursMax).optional(),
  maxGuests: intField(CAPACITY_MSG.maxGuestsInvalid, 0, CAPACITY_LIMITS.guestsMax).optional(),
  allowTransfers: z
    .preprocess(
      (v) => (v === 'true' ? true : v === 'false' ? false : v),
      z.boolean({ error: CAPACITY_MSG.allowTransfersInvalid }),
    )
    .optional(),
  questions: questionsField.optional(),
  /** People without an account may answer (public events only; decision 040). */
  allowGuestRsvp: z
    .preprocess(
      (v) => (v === 'true' ? true : v === 'false' ? false : v),
      z.boolean({ error: 'Allow guests without an account must be true or false' }),
    )
    .optional(),
};

/** Added to the RSVP body: guests (a name each, '' unnamed) and answers by question id. */
export const rsvpExtras = {
  guests: z
    .array(
      z
        .string({ error: CAPACITY_MSG.guestsInvalid })
        .trim()
        .max(CAPACITY_LIMITS.guestNameMax, CAPACITY_MSG.guestNameTooLong),
      { error: CAPACITY_MSG.guestsInvalid },
    )
    .max(CAPACITY_LIMITS.guestsMax, CAPACITY_MSG.tooManyGuests(CAPACITY_LIMITS.guestsMax))
    .optional(),
  answers: z
    .record(
      z.string().max(40, CAPACITY_MSG.unknownQuestion),
      z
        .string({ error: CAPACITY_MSG.answersInvalid })
        .trim()
        .max(CAPACITY_LIMITS.answerMax, CAPACITY_MSG.answersInvalid),
      { error: CAPACITY_MSG.answersInvalid },
    )
    .optional(),
};

export const FULL_RSVP_STATUSES = ['going', 'maybe', 'not_going', 'waitlisted', 'offered'] as const;
export type FullRsvpStatus = (typeof FULL_RSVP_STATUSES)[number];

/** The caller's own answer, with its place in the queue or the offer they hold. */
export const viewerRsvp = z.object({
  status: z.enum(FULL_RSVP_STATUSES),
  /** 1 for the first in line; null unless waitlisted. */
  waitlistPosition: z.number().int().nullable(),
  /** Until when an offered place is held; null unless offered. */
  offerExpiresAt: z.string().nullable(),
  guests: z.array(z.string()),
  answers: z.record(z.string(), z.string()),
  checkedIn: z.boolean(),
});
export type ViewerRsvp = z.infer<typeof viewerRsvp>;

export const hostRef = z.object({
  id: z.string(),
  username: z.string().optional(),
  fullName: z.string(),
  profileImage: z.string().nullable(),
  /** The creator; the others are co-hosts. */
  creator: z.boolean(),
});
export type HostRef = z.infer<typeof hostRef>;

/** Added to every event form (optional: events presented without them stay valid). */
export const capacityEventFields = {
  capacity: z.number().int().nullable().optional(),
  offerHours: z.number().int().optional(),
  maxGuests: z.number().int().optional(),
  allowTransfers: z.boolean().optional(),
  allowGuestRsvp: z.boolean().optional(),
  questions: z.array(eventQuestion).optional(),
  /** Places still free (going people, their guests and places on offer count); null unlimited. */
  placesLeft: z.number().int().nullable().optional(),
  waitlistCount: z.number().int().optional(),
  hosts: z.array(hostRef).optional(),
  viewerRsvp: viewerRsvp.nullable().optional(),
  /** The viewer is the creator or a co-host. */
  isHost: z.boolean().optional(),
};

export const transferBody = z.object({
  toUserId: text('Friend').trim().min(1, 'Friend is required').max(64, CAPACITY_MSG.userNotFound),
});

/**
 * `GET /api/events/:id/tickets/qr.png?code=`: the QR code of a signed ticket as a picture, for an
 * e-mail to show (the code is the credential; nothing else is needed).
 */
export const ticketQrQuery = z.object({
  code: text('Ticket code').min(1, CAPACITY_MSG.ticketInvalid).max(300, CAPACITY_MSG.ticketInvalid),
});

/** `code` is the signed ticket in the QR code; `doorCode` the short code printed under it for typing. */
export const ticketResponse = z.object({ code: z.string(), doorCode: z.string() });

export const checkInBody = z
  .object({
    code: text('Ticket code')
      .trim()
      .min(1, CAPACITY_MSG.ticketInvalid)
      .max(300, CAPACITY_MSG.ticketInvalid)
      .optional(),
    userId: text('User')
      .trim()
      .min(1, CAPACITY_MSG.userNotFound)
      .max(64, CAPACITY_MSG.userNotFound)
      .optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.userId === undefined), CAPACITY_MSG.checkInNeedsOne);

export const attendee = z.object({
  userId: z.string(),
  username: z.string().nullable(),
  fullName: z.string(),
  status: z.enum(FULL_RSVP_STATUSES),
  guests: z.array(z.string()),
  answers: z.record(z.string(), z.string()),
  waitlistPosition: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  /** Answered without an account (decision 040); `userId` is then the guest's id. */
  guest: z.boolean().optional(),
  /**
   * Answered from another server with ActivityPub `Join` (decision 080): a guest (`guest` true)
   * known by their handle (`@name@host`), their server's host and actor id.
   */
  fediverse: z.object({ handle: z.string(), instance: z.string(), actor: z.string() }).optional(),
});
export type Attendee = z.infer<typeof attendee>;

export const checkInResponse = z.object({ checkIn: attendee });

/** Hosts only: everyone who answered, with answers and check-ins; `came` counts those checked in. */
export const attendeesResponse = z.object({
  attendees: z.array(attendee),
  questions: z.array(eventQuestion),
  going: z.number().int(),
  came: z.number().int(),
  ended: z.boolean(),
});
export type AttendeesResponse = z.infer<typeof attendeesResponse>;
