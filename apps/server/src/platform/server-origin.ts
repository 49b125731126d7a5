import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { parseUrl } from './urls.ts';

/** How a request reached us: its protocol and its `Host` (with the port, if any). */
export type ReachedAt = { protocol: string; host: string };

/**
 * The origin of this server as a caller reached it, for URLs the caller's browser must use
 * (the signed upload URL, decision 033). The `Host` header is the caller's to choose, so it is
 * taken only when it names an address of ours: PUBLIC_URL's host, a CORS_ORIGINS host (a client's
 * own host that proxies the API), loopback, an address of this machine's network interfaces (a
 * neighbour opening the app by LAN address), or a host listed in PUBLIC_HOSTS. Any other `Host`
 * gets PUBLIC_URL's origin, so a spoofed one never appears in what we answer.
 */
export function createServerOrigin(options: {
  publicUrl: string;
  corsOrigins: string[];
  publicHosts: string[];
}) {
  const publicOrigin = new URL(options.publicUrl).origin;
  // These keep their own scheme: the request's may be http behind a TLS proxy that is not trusted.
  const known = new Map<string, string>();
  for (const origin of [...options.corsOrigins, publicOrigin])
    known.set(new URL(origin).host, new URL(origin).origin);
  const ownAddresses = new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((info) => info?.address)
      .filter((address): address is string => address !== undefined),
  );
  const listed = new Set(options.publicHosts);

  function trusted(url: URL): boolean {
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    return (
      hostname === 'localhost' ||
      hostname.endsWith('.localhost') ||
      hostname === '::1' ||
      (isIP(hostname) === 4 && hostname.startsWith('127.')) ||
      ownAddresses.has(hostname) ||
      listed.has(url.host) ||
      listed.has(url.hostname)
    );
  }

  return (reached: ReachedAt): string => {
    const protocol = reached.protocol === 'https' ? 'https' : 'http';
    const url = parseUrl(`${protocol}://${reached.host}`);
    if (!url) return publicOrigin;
    // A Host with credentials, a path or a query in it is not a host: `evil.example@127.0.0.1` parses.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return publicOrigin;
    return known.get(url.host) ?? (trusted(url) ? url.origin : publicOrigin);
  };
}
