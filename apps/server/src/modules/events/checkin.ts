import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { instanceSecrets } from '../../db/schema/index.ts';

/**
 * Tickets: `T1.<eventId>.<userId>.<signature>`, the signature an HMAC-SHA256 over the event and
 * the person with the instance's `ticket` secret (instance_secrets, shared by every instance).
 * A code names its event, so a ticket of another event is told apart from a forged one.
 *
 * Beside it each ticket carries a short door code (`7K3F-9QXD`, decision 046): eight Crockford
 * base-32 characters of another HMAC over the event and the person, printed under the QR code for
 * a host to type when a camera cannot read the screen. It names nobody, so the server matches it
 * against the people going to the event it is typed at.
 */
const PREFIX = 'T1';

/** The ticket secret: stored by the first instance that needs one, read by the rest. */
export async function loadTicketSecret(db: Executor): Promise<string> {
  await db
    .insert(instanceSecrets)
    .values({ name: 'ticket', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const rows = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, 'ticket'));
  const value = rows[0]?.value;
  if (!value) throw new Error('ticket secret missing from the instance_secrets table');
  return value;
}

const sign = (secret: string, eventId: string, userId: string) =>
  createHmac('sha256', secret).update(`ticket:${eventId}:${userId}`).digest('base64url');

export function ticketCode(secret: string, eventId: string, userId: string): string {
  return `${PREFIX}.${eventId}.${userId}.${sign(secret, eventId, userId)}`;
}

/** The event and person a code was signed for, or undefined when it is not a valid signed code. */
export function readTicket(secret: string, code: string): { eventId: string; userId: string } | undefined {
  const [prefix, eventId, userId, signature, ...rest] = code.trim().split('.');
  if (prefix !== PREFIX || !eventId || !userId || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(sign(secret, eventId, userId));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { eventId, userId };
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The short door code of a ticket: 40 bits of an HMAC, as `XXXX-XXXX`. */
export function doorCode(secret: string, eventId: string, userId: string): string {
  const bytes = createHmac('sha256', secret).update(`door:${eventId}:${userId}`).digest();
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
