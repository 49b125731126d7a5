import { z } from 'zod';
import { text } from './fields.ts';

/** What the push routes say to people. */
export const PUSH_MSG = {
  endpointRequired: 'Endpoint is required',
  endpointInvalid: 'Endpoint must be an https URL of a push service',
  endpointPrivate: 'Endpoint must be a public push service address',
  keysRequired: 'Keys are required',
  p256dhInvalid: 'keys.p256dh must be a base64url P-256 public key',
  authInvalid: 'keys.auth must be a base64url 16-byte secret',
  endpointTaken: 'This push subscription belongs to another account',
  subscriptionNotFound: 'Subscription not found',
  subscriptionDeleted: 'Push notifications turned off for this browser',
} as const;

export const PUSH_LIMITS = {
  /** Longest endpoint URL accepted (real ones are well under 1 KiB). */
  endpointMax: 2048,
  /** Subscriptions kept per person; a new one beyond it replaces the least recently working one. */
  subscriptionsPerUser: 10,
} as const;

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
/** Decoded length of a base64url string (padding allowed), or -1 when it is not base64url. */
function decodedLength(value: string): number {
  if (!base64url.test(value)) return -1;
  const chars = value.replace(/=+$/, '').length;
  return chars % 4 === 1 ? -1 : Math.floor((chars * 3) / 4);
}

/**
 * POST /api/push/subscriptions: the browser's `PushSubscription.toJSON()` as it is. The endpoint's
 * scheme and address are checked again by the server (private networks are refused in production).
 */
export const pushSubscriptionBody = z.object({
  endpoint: text('Endpoint', PUSH_MSG.endpointRequired)
    .max(PUSH_LIMITS.endpointMax, PUSH_MSG.endpointInvalid)
    .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, PUSH_MSG.endpointInvalid),
  expirationTime: z
    .union([z.number(), z.null()], { error: 'expirationTime must be a number or null' })
    .optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes.
      p256dh: text('keys.p256dh', PUSH_MSG.p256dhInvalid)
        .max(200, PUSH_MSG.p256dhInvalid)
        .refine((v) => decodedLength(v) === 65, PUSH_MSG.p256dhInvalid),
      auth: text('keys.auth', PUSH_MSG.authInvalid)
        .max(64, PUSH_MSG.authInvalid)
        .refine((v) => decodedLength(v) === 16, PUSH_MSG.authInvalid),
    },
    { error: PUSH_MSG.keysRequired },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** DELETE /api/push/subscriptions: forget this browser's subscription. */
export const deletePushSubscriptionBody = z.object({
  endpoint: text('Endpoint', PUSH_MSG.endpointRequired).max(
    PUSH_LIMITS.endpointMax,
    PUSH_MSG.endpointInvalid,
  ),
});

/** GET /api/push/public-key: the VAPID application server key (base64url), for `subscribe()`. */
export const pushPublicKeyResponse = z.object({ publicKey: z.string() });
export type PushPublicKeyResponse = z.infer<typeof pushPublicKeyResponse>;

export const pushSubscriptionResponse = z.object({
  subscription: z.object({ endpoint: z.string(), createdAt: z.string() }),
});
