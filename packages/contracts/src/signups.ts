import { z } from 'zod';
import { personSummary } from './chat.ts';
import { requiredText, text } from './fields.ts';

/** Sign-up sheets: what people bring and which shifts they take, on the event. */
export const SIGNUP_LIMITS = {
  nameMax: 80,
  noteMax: 500,
  quantityMax: 1000,
  itemsMax: 100,
} as const;

export const SIGNUP_KINDS = ['quantity', 'slot'] as const;
export type SignupKind = (typeof SIGNUP_KINDS)[number];

export const SIGNUP_MSG = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${SIGNUP_LIMITS.nameMax} characters`,
  noteTooLong: `Note must be at most ${SIGNUP_LIMITS.noteMax} characters`,
  kindInvalid: 'Kind must be quantity or slot',
  quantityInvalid: `Quantity must be a whole number from 1 to ${SIGNUP_LIMITS.quantityMax}`,
  claimInvalid: `Quantity must be a whole number from 0 to ${SIGNUP_LIMITS.quantityMax}`,
  slotTimesRequired: 'A time slot needs a start and an end',
  slotTimeInvalid: 'Slot times must be valid dates',
  slotEndBeforeStart: 'A time slot must end after it starts',
  timesOnlyForSlots: 'Only time slots have a start and an end',
  slotOnePlace: 'Each person takes one place in a time slot',
  tooManyItems: `A sheet has at most ${SIGNUP_LIMITS.itemsMax} items`,
  notFound: 'Item not found',
  notHost: 'Only the hosts of this event can change its sign-up sheet',
  notGoing: 'Only people going to this event can sign up',
  full: (left: number) =>
    left === 0 ? 'This item is already fully claimed' : `Only ${left} left: claim ${left} or fewer`,
  belowClaimed: (claimed: number) => `${claimed} already claimed: the quantity cannot be lower`,
  nothingToChange: 'Send something to change',
  deleted: 'Item deleted',
} as const;

const dateField = z
  .string({ error: SIGNUP_MSG.slotTimeInvalid })
  .trim()
  .max(64, SIGNUP_MSG.slotTimeInvalid)
  .refine((v) => !Number.isNaN(Date.parse(v)), SIGNUP_MSG.slotTimeInvalid)
  .transform((v) => new Date(v));

const quantityField = (message: string, min: number) =>
  z.number({ error: message }).int(message).min(min, message).max(SIGNUP_LIMITS.quantityMax, message);

const nameField = requiredText(
  'Name',
  SIGNUP_MSG.nameRequired,
  SIGNUP_LIMITS.nameMax,
  SIGNUP_MSG.nameTooLong,
);
const noteField = text('Note').trim().max(SIGNUP_LIMITS.noteMax, SIGNUP_MSG.noteTooLong);

/**
 * POST /api/events/:id/signups: a thing to bring (`quantity` of it: "Chairs × 10") or a time
 * slot for `quantity` people ("Set-up crew 18:00–19:00 × 3").
 */
export const createSignupBody = z
  .object({
    name: nameField,
    note: noteField.optional(),
    kind: z.enum(SIGNUP_KINDS, { error: SIGNUP_MSG.kindInvalid }).optional(),
    quantity: quantityField(SIGNUP_MSG.quantityInvalid, 1),
    startsAt: dateField.optional(),
    endsAt: dateField.optional(),
  })
  .superRefine((b, ctx) => {
    const kind = b.kind ?? 'quantity';
    if (kind === 'slot' && (!b.startsAt || !b.endsAt))
      ctx.addIssue({ code: 'custom', message: SIGNUP_MSG.slotTimesRequired, path: ['startsAt'] });
    else if (kind === 'quantity' && (b.startsAt || b.endsAt))
      ctx.addIssue({ code: 'custom', message: SIGNUP_MSG.timesOnlyForSlots, path: ['startsAt'] });
    else if (b.startsAt && b.endsAt && b.endsAt <= b.startsAt)
      ctx.addIssue({ code: 'custom', message: SIGNUP_MSG.slotEndBeforeStart, path: ['endsAt'] });
  });
export type CreateSignupInput = z.infer<typeof createSignupBody>;

/** PATCH /api/events/:id/signups/:itemId (the kind stays). */
export const updateSignupBody = z.object({
  name: nameField.optional(),
  note: noteField.optional(),
  quantity: quantityField(SIGNUP_MSG.quantityInvalid, 1).optional(),
  startsAt: dateField.optional(),
  endsAt: dateField.optional(),
});
export type UpdateSignupInput = z.infer<typeof updateSignupBody>;

/** PUT /api/events/:id/signups/:itemId/claim: how many the caller takes (0 removes the claim). */
export const claimSignupBody = z.object({ quantity: quantityField(SIGNUP_MSG.claimInvalid, 0) });

export const signupParams = z.object({ id: z.string(), itemId: z.string() });

export const signupItem = z.object({
  id: z.string(),
  name: z.string(),
  note: z.string(),
  kind: z.enum(SIGNUP_KINDS),
  quantity: z.number().int(),
  startsAt: z.string().optional(),
  endsAt: z.string().optional(),
  /** Claimed so far (the sum of `claims`). */
  claimed: z.number().int(),
  claims: z.array(z.object({ user: personSummary, quantity: z.number().int() })),
});
export type SignupItem = z.infer<typeof signupItem>;

export const signupListResponse = z.object({ items: z.array(signupItem) });
export type SignupListResponse = z.infer<typeof signupListResponse>;
export const signupItemResponse = z.object({ item: signupItem });
export const signupDeletedResponse = z.object({ message: z.string() });

/**
 * Socket `signup-updated` to the event's room (`join-event-chat`): the item as it now is, or
 * `item: null` when it was deleted.
 */
export const signupUpdatedEvent = z.object({
  eventId: z.string(),
  itemId: z.string(),
  item: signupItem.nullable(),
});
export type SignupUpdatedEvent = z.infer<typeof signupUpdatedEvent>;

/** "2 × Chairs", "Set-up crew 18:00–19:00" (times as given, in the event's zone). */
export function describeClaim(
  item: { name: string; kind: SignupKind; startsAt?: Date | null; endsAt?: Date | null },
  quantity: number,
  timeZone = 'UTC',
): string {
  if (item.kind === 'slot' && item.startsAt && item.endsAt) {
    const hm = (d: Date) =>
      d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
    return `${item.name} ${hm(item.startsAt)}–${hm(item.endsAt)}`;
  }
  return `${quantity} × ${item.name}`;
}
