import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { PUSH_MSG } from '@townsquare/contracts';

/**
 * Push endpoints are URLs a browser hands us and the server then POSTs to: a classic SSRF door.
 * In production an endpoint must be https on a public address; loopback, private, link-local,
 * CGNAT, multicast and reserved ranges are refused, both as literal hosts when the subscription is
 * stored and after DNS resolution when a push is sent (a public name can resolve to 10.0.0.1).
 * Development and tests (or PUSH_ALLOW_PRIVATE_ENDPOINTS) accept private hosts, and plain http only
 * on loopback, so a test can run its own push service on 127.0.0.1.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** An IPv4 address written inside IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** True for loopback, private, link-local and other non-public addresses. */
export function isPrivateAddress(address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return true; // not an address at all: never treat it as public
  return PRIVATE.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

const LOOPBACK_NAME = /^(localhost|.*\.localhost)$/i;

/** The URL's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Checks a subscription endpoint before it is stored; returns the message to answer with (400)
 * when it is refused, or undefined when it is fine.
 */
export function endpointProblem(endpoint: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_MSG.endpointInvalid;
  }
  if (url.username || url.password) return PUSH_MSG.endpointInvalid;
  const host = hostOf(url);
  const literal = isIP(unmapped(host)) !== 0;
  const loopback = LOOPBACK_NAME.test(host) || (literal && /^(127\.|::1$)/.test(unmapped(host)));
  if (url.protocol === 'http:') return allowPrivate && loopback ? undefined : PUSH_MSG.endpointInvalid;
  if (url.protocol !== 'https:') return PUSH_MSG.endpointInvalid;
  if (allowPrivate) return undefined;
  if (LOOPBACK_NAME.test(host) || (literal && isPrivateAddress(host))) return PUSH_MSG.endpointPrivate;
  return undefined;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that resolves like the system resolver but fails when any
 * address of the name is private, so a push can never be sent into the server's own network.
 */
export function publicOnlyLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true } as { all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused || addresses.length === 0) {
      const error: NodeJS.ErrnoException = new Error(
        `push endpoint ${hostname} resolves to a private address (${refused?.address ?? 'none'})`,
      );
      error.code = 'EPRIVATEADDRESS';
      return callback(error, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
}
