import type { Subscriber } from '../../../platform/outbox.ts';

/**
 * `signup.released` → `signup_released` (modules/signups): the sheet updates live and the hosts
 * hear what came free, once per person per window counted from when it happened.
 */
export function signupReleased(deps: {
  released: (
    eventId: string,
    userId: string,
    released: { itemId: string; quantity: number }[],
    at: Date,
  ) => Promise<void>;
}): Subscriber<'signup.released'> {
  return {
    name: 'signup-released',
    on: 'signup.released',
    handle: (event, { at }) => deps.released(event.eventId, event.userId, event.released, at),
  };
}
