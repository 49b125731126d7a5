import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { endpointProblem, isPrivateAddress, sendTimeProblem } from '../push/endpoint-guard.ts';

/**
 * A follower's inbox (and shared inbox) is a URL a remote actor document names and this server
 * then POSTs signed activities to, again and again: the same SSRF door as a push endpoint, and
 * the library's delivery checks nothing (its address guard covers the documents it fetches). So
 * an inbox is judged with the push endpoint guard (modules/push/endpoint-guard.ts) before a
 * follower is stored: https on a public host, a name resolving to public addresses only, and not
 * on a blocked domain. `allowPrivate` (FEDERATION_ALLOW_PRIVATE_ADDRESSES, the tests' loopback
 * peers) lets private hosts through, never blocked ones.
 */
export async function inboxRefused(
  inbox: URL | null | undefined,
  options: { allowPrivate: boolean; isBlocked: (host: string) => boolean },
): Promise<boolean> {
  if (!inbox) return false;
  const host = inbox.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (options.isBlocked(host)) return true;
  if (endpointProblem(inbox.href, options.allowPrivate) !== undefined) return true;
  if (options.allowPrivate || isIP(host) !== 0) return false;
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address));
  } catch {
    // A name that does not resolve cannot be delivered to; refusing it stores nothing useless.
    return true;
  }
}

/**
 * The delivery-time check of a stored inbox, without a lookup (a follower stored before the rule
 * or a domain blocked since): a blocked domain, or a private address written as a literal.
 */
export function storedInboxRefused(
  inbox: string,
  options: { allowPrivate: boolean; isBlocked: (host: string) => boolean },
): boolean {
  const url = URL.parse(inbox);
  if (!url) return true;
  if (options.isBlocked(url.hostname.replace(/\.+$/, '').toLowerCase())) return true;
  return !options.allowPrivate && sendTimeProblem(inbox) !== undefined;
}

/**
 * Whether a stored remote person may still be written to: not on a blocked domain (by their
 * actor or their inbox) and at an address deliveries may reach (direct Notes and answers).
 */
export function personRefused(
  person: { actorUri: string; inbox: string },
  options: { allowPrivate: boolean; isBlocked: (host: string) => boolean },
): boolean {
  const actor = URL.parse(person.actorUri);
  if (!actor || options.isBlocked(actor.hostname.replace(/\.+$/, '').toLowerCase())) return true;
  return storedInboxRefused(person.inbox, options);
}
