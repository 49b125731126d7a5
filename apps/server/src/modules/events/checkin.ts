import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { instanceSecrets } from '../../db/schema/index.ts';

/**
 * Tickets: `T1.<eventId>.<userId>.<signature>`, the signature an HMAC-SHA256 over the event and
 * the person with the instance's `ticket` secret (instance_secrets, shared by every instance).
 * A code names its event, so a ticket of another event is told apart from a forged one.
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
