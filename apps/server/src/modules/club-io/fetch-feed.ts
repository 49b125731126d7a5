import http from 'node:http';
import https from 'node:https';
import { CLUB_IO_LIMITS, CLUB_IO_MSG } from '@townsquare/contracts';
import { parseUrl } from '../../platform/urls.ts';
import { endpointProblem, publicOnlyLookup, sendTimeProblem } from '../push/endpoint-guard.ts';

/** A feed that could not be read: its message is for the organiser (the import's report). */
export class FeedError extends Error {}

const MAX_REDIRECTS = 5;

/**
 * Reads a calendar feed through the Web Push endpoint guard (modules/push/endpoint-guard.ts, the
 * one SSRF guard): the URL is judged before each request and after each redirect, a name is
 * resolved by `publicOnlyLookup` (no private address, however the name resolves), the whole read
 * ends after 10 s and at 5 MB. `allowPrivate` is the push setting (development and tests).
 */
export async function fetchFeed(
  address: string,
  options: { allowPrivate: boolean; maxBytes?: number; timeoutMs?: number },
): Promise<string> {
  const maxBytes = options.maxBytes ?? CLUB_IO_LIMITS.icsMaxBytes;
  const signal = AbortSignal.timeout(options.timeoutMs ?? CLUB_IO_LIMITS.fetchTimeoutMs);
  // webcal:// is how calendar sites link a feed: it is https.
  let url = address.replace(/^webcal:/i, 'https:');
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const problem = urlProblem(url, options.allowPrivate);
    if (problem) throw new FeedError(problem);
    const answer = await get(url, { allowPrivate: options.allowPrivate, maxBytes, signal });
    if (answer.kind === 'body') return answer.text;
    url = new URL(answer.location, url).toString();
  }
  throw new FeedError(CLUB_IO_MSG.fetchFailed);
}

/** The guard's verdict on a feed URL, in the import's words. */
export function urlProblem(url: string, allowPrivate: boolean): string | undefined {
  const parsed = parseUrl(url);
  if (!parsed) return CLUB_IO_MSG.urlInvalid;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return CLUB_IO_MSG.urlInvalid;
  if (endpointProblem(url, allowPrivate) || (!allowPrivate && sendTimeProblem(url)))
    return CLUB_IO_MSG.urlRefused;
  return undefined;
}

function get(
  url: string,
  o: { allowPrivate: boolean; maxBytes: number; signal: AbortSignal },
): Promise<{ kind: 'body'; text: string } | { kind: 'redirect'; location: string }> {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const request = client.get(
      url,
      {
        signal: o.signal,
        headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'Townsquare calendar import' },
        ...(o.allowPrivate ? {} : { lookup: publicOnlyLookup as never }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ kind: 'redirect', location: response.headers.location });
        }
        if (status < 200 || status >= 300) {
          response.resume();
          return reject(new FeedError(`${CLUB_IO_MSG.fetchFailed} (HTTP ${status})`));
        }
        if (Number(response.headers['content-length'] ?? 0) > o.maxBytes) {
          response.destroy();
          return reject(new FeedError(CLUB_IO_MSG.tooLarge));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > o.maxBytes) {
            response.destroy();
            reject(new FeedError(CLUB_IO_MSG.tooLarge));
          } else chunks.push(chunk);
        });
        response.on('end', () => resolve({ kind: 'body', text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (err) => reject(err));
      },
    );
    request.on('error', (err) => {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EPRIVATEADDRESS') reject(new FeedError(CLUB_IO_MSG.urlRefused));
      else if (err.name === 'AbortError' || err.name === 'TimeoutError')
        reject(new FeedError(`${CLUB_IO_MSG.fetchFailed} (no answer within 10 seconds)`));
      else reject(new FeedError(CLUB_IO_MSG.fetchFailed));
    });
  });
}
