import { NOTIFICATION_GROUPS, type NotificationGroup } from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import { instanceSecrets } from '../../db/schema/index.ts';
import { isUuid } from '../../platform/ids.ts';
import type { LinkSigner } from '../../platform/signed-links.ts';

/**
 * How long a link works: well past the 30 days after sending that CAN-SPAM asks an unsubscribe
 * link to keep working, short enough that an old forwarded or leaked mail stops being a switch
 * for someone else's settings. Every mail carries a fresh one.
 */
export const UNSUBSCRIBE_TTL_MS = 90 * 24 * 60 * 60 * 1000;

// Signed by the one link signer (decision 066); before it, by the `unsubscribe` secret over
// `unsubscribe:<text>`, which the ring's legacy key still verifies.
const signed = (userId: string, group: string, expires: string) => `${userId}:${group}:${expires}`;

/**
 * `<userId>.<group>.<expiry>.<hmac>` (expiry in seconds, base 36): turns off one group of e-mails
 * for one person, without a session, until it expires.
 */
export function unsubscribeToken(
  links: LinkSigner,
  userId: string,
  group: NotificationGroup,
  now = Date.now(),
): string {
  const expires = Math.floor((now + UNSUBSCRIBE_TTL_MS) / 1000).toString(36);
  return `${userId}.${group}.${expires}.${links.sign('unsubscribe', signed(userId, group, expires))}`;
}

export function readUnsubscribeToken(
  links: LinkSigner,
  token: string,
  now = Date.now(),
): { userId: string; group: NotificationGroup } | undefined {
  const [userId, group, expires, signature, extra] = token.split('.');
  if (!userId || !group || !expires || !signature || extra !== undefined || !isUuid(userId)) return undefined;
  if (!(NOTIFICATION_GROUPS as readonly string[]).includes(group)) return undefined;
  if (!/^[0-9a-z]{1,10}$/.test(expires) || Number.parseInt(expires, 36) * 1000 <= now) return undefined;
  if (!links.verify('unsubscribe', signed(userId, group, expires), signature)) return undefined;
  return { userId, group: group as NotificationGroup };
}
