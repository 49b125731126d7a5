import type { Federation } from '@fedify/fedify';
import { tooManyRequestsMessage } from '@townsquare/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';

/** An activity a remote server posts to an inbox: no legitimate one comes near this. */
export const INBOX_MAX_BYTES = 256 * 1024;

/** Paths only ActivityPub and its discovery use: always handed to the library. */
const FEDERATION_ONLY = [
  /^\/\.well-known\/(webfinger|nodeinfo)$/,
  /^\/nodeinfo\/2\.1$/,
  /^\/inbox$/,
  /^\/c\/[^/]+\/(inbox|outbox|followers)$/,
];
/** Paths shared with the web app: handed over only when the caller asks for ActivityStreams. */
const SHARED = [/^\/c\/[^/]+$/, /^\/event\/[^/]+$/];

const ACTIVITY_TYPES = /application\/(activity\+json|ld\+json)/i;

/** Whether a request is the library's to answer (content negotiation on the shared paths). */
export function isFederationRequest(path: string, accept: string | undefined): boolean {
  if (FEDERATION_ONLY.some((p) => p.test(path))) return true;
  return SHARED.some((p) => p.test(path)) && ACTIVITY_TYPES.test(accept ?? '');
}

class TooLarge extends Error {}

/** The request body, refused past `limit` bytes (read before Fastify parses anything). */
async function readBody(request: FastifyRequest, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new TooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The host of the `actor` an inbox body names, if it names one. */
function actorHost(body: Buffer): string | undefined {
  try {
    const actor = (JSON.parse(body.toString('utf8')) as { actor?: unknown }).actor;
    const id = typeof actor === 'string' ? actor : (actor as { id?: unknown } | undefined)?.id;
    return typeof id === 'string' ? new URL(id).hostname : undefined;
  } catch {
    return undefined;
  }
}

/** Answer with the library's response. */
async function send(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * Fastify to Fedify (decision 072): a request for a federation path is turned into a web
 * `Request` on PUBLIC_URL's origin and answered by `federation.fetch`; every other request, and a
 * browser's on a path shared with the web app (`/c/<slug>`, `/event/<id>`), goes on to the routes.
 * Inbox posts are counted per client address (FEDERATION_INBOX_RATE_LIMIT a minute, 429), their
 * bodies limited (`INBOX_MAX_BYTES`, 413) and those from a blocked domain refused (403) before any
 * signature is looked at; the library verifies the signatures of the rest.
 */
export function registerBridge(
  app: App,
  deps: {
    federation: Federation<void>;
    publicUrl: string;
    isBlocked: (host: string) => boolean;
    limiter: RateLimiter;
    /** Inbox posts per client address per minute (0: none counted). */
    inboxPerMinute: number;
  },
) {
  const NEXT = new Response(null, { status: 599 });
  app.addHook('onRequest', async (request, reply) => {
    const path = (request.url.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
    if (!isFederationRequest(path, request.headers.accept)) return;
    let body: Buffer | undefined;
    if (request.method === 'POST') {
      // Counted per client address before anything is read: a flood from one server (or one
      // address pretending to be many) waits, everybody else's deliveries do not.
      if (deps.inboxPerMinute > 0) {
        const verdict = await deps.limiter.consume(`federation-inbox:ip:${request.ip}`, {
          limit: deps.inboxPerMinute,
          windowMs: 60_000,
        });
        if (verdict.limited)
          throw tooManyRequests(tooManyRequestsMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
      }
      try {
        body = await readBody(request, INBOX_MAX_BYTES);
      } catch (err) {
        if (err instanceof TooLarge) return reply.code(413).send({ message: 'Activity too large' });
        throw err;
      }
      const host = actorHost(body);
      if (host && deps.isBlocked(host)) return reply.code(403).send({ message: 'Domain blocked' });
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const url = new URL(request.url, deps.publicUrl);
    const response = await deps.federation.fetch(
      new Request(url, { method: request.method, headers, body: body ? new Uint8Array(body) : undefined }),
      {
        contextData: undefined,
        onNotFound: notFound,
        onNotAcceptable: () => NEXT,
      },
    );
    // Not ours after all (a browser, or a page the web app knows): the routes answer.
    if (response === NEXT) return;
    return send(reply, response);
  });
}

const notFound = () =>
  new Response(JSON.stringify({ message: 'Not found' }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });
