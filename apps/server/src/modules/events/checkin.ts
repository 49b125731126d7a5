import type { LinkSigner } from '../../platform/signed-links.ts';

/**
 * Tickets: `T1.<eventId>.<userId>.<signature>`, the signature the one link signer's (decision 066)
 * over the event and the person; before 066 it was made with the `ticket` secret, which the ring
 * still verifies, so tickets shown before the upgrade still open the door.
 * A code names its event, so a ticket of another event is told apart from a forged one.
 *
 * Beside it each ticket carries a short door code (`7K3F-9QXD`, decision 046): eight Crockford
 * base-32 characters of another HMAC over the event and the person, printed under the QR code for
 * a host to type when a camera cannot read the screen. It names nobody, so the server matches it
 * against the people going to the event it is typed at.
 */
const PREFIX = 'T1';

const signed = (eventId: string, userId: string) => `${eventId}:${userId}`;

export function ticketCode(links: LinkSigner, eventId: string, userId: string): string {
  return `${PREFIX}.${eventId}.${userId}.${links.sign('ticket', signed(eventId, userId))}`;
}

/** The event and person a code was signed for, or undefined when it is not a valid signed code. */
export function readTicket(links: LinkSigner, code: string): { eventId: string; userId: string } | undefined {
  const [prefix, eventId, userId, signature, ...rest] = code.trim().split('.');
  if (prefix !== PREFIX || !eventId || !userId || !signature || rest.length > 0) return undefined;
  if (!links.verify('ticket', signed(eventId, userId), signature)) return undefined;
  return { eventId, userId };
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The short door code of a ticket: 40 bits of its `door` signature, as `XXXX-XXXX`. */
export function doorCode(links: LinkSigner, eventId: string, userId: string): string {
  return asDoorCode(links.sign('door', signed(eventId, userId)));
}

/** Every door code the ring accepts for a ticket (the one shown today first, then older ones). */
export function doorCodes(links: LinkSigner, eventId: string, userId: string): string[] {
  return links.signatures('door', signed(eventId, userId)).map(asDoorCode);
}

function asDoorCode(signature: string): string {
  const bytes = Buffer.from(signature, 'base64url');
  let bits = 0n;
  for (const byte of bytes.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 7; i >= 0; i--) out += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return `${out.slice(0, 4)}-${out.slice(4)}`;
}

/**
 * A typed door code in its canonical form (upper case, `O` read as 0, `I`/`L` as 1, spaces and
 * dashes dropped, the dash put back), or undefined when it cannot be one.
 */
export function normalDoorCode(typed: string): string | undefined {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{8}$/.test(plain)) return undefined;
  return `${plain.slice(0, 4)}-${plain.slice(4)}`;
}
