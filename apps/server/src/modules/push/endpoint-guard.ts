import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { PUSH_MSG } from '@townsquare/contracts';
import { parseUrl } from '../../platform/urls.ts';

/**
 * Push endpoints are URLs a browser hands us and the server then POSTs to: a classic SSRF door.
 * In production an endpoint must be https on a public address; loopback, private, link-local,
 * CGNAT, multicast, documentation and reserved ranges are refused, both as literal hosts when the
 * subscription is stored and again when a push is sent: after DNS resolution for a name (a public
 * name can resolve to 10.0.0.1), and by `sendTimeProblem` for an IP literal (Node calls no
 * `lookup` for literals). Host names are compared normalised (lower case, no trailing dot:
 * `LOCALHOST.` is `localhost`). IPv6 forms that carry an IPv4 address (IPv4-compatible
 * `::7f00:1`, IPv4-mapped `::ffff:…`, 6to4 `2002::/16`, Teredo, NAT64) are refused outright: no
 * push service is reached that way, and judging the embedded address is where guards go wrong.
 * Development and tests (or PUSH_ALLOW_PRIVATE_ENDPOINTS) accept private hosts, and plain http only
 * on loopback, so a test can run its own push service on 127.0.0.1.
 */
// Two lists: one BlockList applies IPv6 rules for ::ffff:0:0/96 to every IPv4 address as well.
const PRIVATE_V4 = new BlockList();
const PRIVATE_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  PRIVATE_V4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible (::a.b.c.d)
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32) among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation
  ['5f00::', 16], // SRv6 SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
] as const)
  PRIVATE_V6.addSubnet(net, prefix, 'ipv6');

/** True for loopback, private, link-local and other non-public addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true; // not an address at all: never treat it as public
  return family === 4 ? PRIVATE_V4.check(address, 'ipv4') : PRIVATE_V6.check(address, 'ipv6');
}

/** Names that never leave the machine or the local network (RFC 6761, 6762, 8375; `.internal`). */
const LOCAL_NAME = /^(localhost|.*\.localhost|.*\.local|.*\.internal|.*\.home\.arpa|.*\.localdomain)$/;
const LOOPBACK_NAME = /^(localhost|.*\.localhost)$/;

/** The URL's host, normalised: without IPv6 brackets or trailing dots, lower case. */
function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();
}

/** A refusal of this host as a production push target, or undefined when it may be tried. */
function hostProblem(host: string): string | undefined {
  if (LOCAL_NAME.test(host)) return PUSH_MSG.endpointPrivate;
  if (isIP(host) !== 0 && isPrivateAddress(host)) return PUSH_MSG.endpointPrivate;
  return undefined;
}

/**
 * Checks a subscription endpoint before it is stored; returns the message to answer with (400)
 * when it is refused, or undefined when it is fine.
 */
export function endpointProblem(endpoint: string, allowPrivate: boolean): string | undefined {
  const url = parseUrl(endpoint);
  if (!url) return PUSH_MSG.endpointInvalid;
  if (url.username || url.password) return PUSH_MSG.endpointInvalid;
  const host = hostOf(url);
  // Plain loopback only (127/8, ::1): never loopback smuggled inside another IPv6 form.
  // (The URL parser has already written every IPv4 form as a.b.c.d and every IPv6 one compressed.)
  const loopback =
    LOOPBACK_NAME.test(host) || (isIP(host) === 4 && host.startsWith('127.')) || host === '::1';
  if (url.protocol === 'http:') return allowPrivate && loopback ? undefined : PUSH_MSG.endpointInvalid;
  if (url.protocol !== 'https:') return PUSH_MSG.endpointInvalid;
  if (allowPrivate) return undefined;
  return hostProblem(host);
}

/**
 * The send-time check of a stored endpoint's host when private endpoints are not allowed: a name
 * is checked again by `publicOnlyLookup`, but an IP literal is connected to without any lookup,
 * so it is judged here (a subscription stored before a rule existed is refused too).
 */
export function sendTimeProblem(endpoint: string): string | undefined {
  const url = parseUrl(endpoint);
  if (!url) return PUSH_MSG.endpointInvalid;
  return hostProblem(hostOf(url));
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
