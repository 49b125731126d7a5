import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RedisClients } from './redis.ts';

/**
 * The cache of what a signed-out visitor reads (decision 081): the server-rendered pages
 * (`/event/:id`, `/c/:slug`, `/near/:city`), the public event and community JSON and the sitemap,
 * the same bytes for everyone who reads the same language.
 *
 * - Kept `ttlMs` at most, in this process (a Map, bounded) and, with Redis, in Redis too, so one
 *   instance's page serves the others.
 * - Every key carries a **generation**. `invalidate()` (the domain-event subscriber of the pages
 *   module) starts a new one: with Redis it `INCR`s the shared counter and publishes it, and every
 *   instance, told on the channel, drops what it kept; what the others stored under the old
 *   generation is never read again (and expires). Without Redis there is one instance: it clears
 *   its own. A message lost while Redis reconnects costs at most `ttlMs` of staleness.
 * - A failed load is not kept; a crowd asking for one cold key starts one load per instance.
 * - Redis failing never fails a page: a read or write that fails is made (or skipped) as if
 *   there were no Redis.
 * - Nothing private goes in: callers put only what an anonymous visitor is shown, and a request
 *   that carries credentials (`isSignedOut`) is answered afresh, never from here.
 */
export type Cached<V> = { value: V; etag: string };

export type PublicCache = {
  get<V>(key: string, load: () => Promise<V>): Promise<Cached<V>>;
  /** A new generation everywhere: every page and answer is made afresh from now on. */
  invalidate(): Promise<void>;
  /** Subscribes to the generation channel (Redis) and reads the current generation. */
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly ttlMs: number;
};

/** The ETag of a body: a hash of its bytes (a strong validator). */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

const stringify = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function createPublicCache(options: {
  ttlMs: number;
  maxEntries: number;
  redis?: RedisClients;
  prefix?: string;
  log?: { warn: (obj: object, msg: string) => void };
  now?: () => number;
}): PublicCache {
  const { ttlMs, maxEntries, redis, prefix = '', log, now = Date.now } = options;
  const generationKey = `${prefix}pc:generation`;
  const channel = `${prefix}pc:changed`;
  let generation = 0;
  // A Map keeps insertion order: the first key is the oldest entry.
  const local = new Map<string, { value: Promise<Cached<unknown>>; expiresAt: number }>();

  function moveTo(next: number) {
    if (next <= generation) return;
    generation = next;
    local.clear();
  }

  async function fromRedis<V>(key: string, load: () => Promise<V>): Promise<Cached<V>> {
    const stored = `${prefix}pc:${generation}:${key}`;
    if (redis) {
      const hit = await redis.command.get(stored).catch(() => null);
      if (hit !== null) {
        try {
          return JSON.parse(hit) as Cached<V>;
        } catch {
          // unreadable: made again below
        }
      }
    }
    const value = await load();
    const made = { value, etag: etagOf(stringify(value)) };
    if (redis)
      await redis.command
        .set(stored, JSON.stringify(made), 'PX', ttlMs)
        .catch((err: Error) => log?.warn({ err: err.message }, 'public cache: redis write failed'));
    return made;
  }

  const onMessage = (from: string, message: string) => {
    if (from === channel) moveTo(Number(message) || 0);
  };

  return {
    ttlMs,
    get<V>(key: string, load: () => Promise<V>): Promise<Cached<V>> {
      if (ttlMs <= 0) return load().then((value) => ({ value, etag: etagOf(stringify(value)) }));
      const at = now();
      const localKey = `${generation}:${key}`;
      const hit = local.get(localKey);
      if (hit && hit.expiresAt > at) return hit.value as Promise<Cached<V>>;
      if (hit) local.delete(localKey);
      const value = fromRedis(key, load);
      local.set(localKey, { value, expiresAt: at + ttlMs });
      value.catch(() => {
        if (local.get(localKey)?.value === value) local.delete(localKey);
      });
      while (local.size > maxEntries) {
        const oldest = local.keys().next().value;
        if (oldest === undefined) break;
        local.delete(oldest);
      }
      return value;
    },
    async invalidate() {
      if (!redis) {
        generation += 1;
        local.clear();
        return;
      }
      try {
        const next = await redis.command.incr(generationKey);
        moveTo(next);
        await redis.command.publish(channel, String(next));
      } catch (err) {
        // Redis away: this instance at least shows the change; the others within `ttlMs`.
        log?.warn({ err: (err as Error).message }, 'public cache: redis invalidation failed');
        generation += 1;
        local.clear();
      }
    },
    async start() {
      if (!redis) return;
      redis.sub.on('message', onMessage);
      await redis.sub.subscribe(channel).catch((err: Error) => {
        log?.warn({ err: err.message }, 'public cache: redis subscribe failed');
      });
      const current = await redis.command.get(generationKey).catch(() => null);
      moveTo(Number(current) || 0);
    },
    async stop() {
      redis?.sub.off('message', onMessage);
      local.clear();
    },
  };
}

/**
 * Whether a request is a signed-out visitor's: it carries no bearer token (the one credential: the
 * web app keeps its session in localStorage, so page requests never carry one). Only those are
 * answered from the cache; a signed-in request is made afresh and never stored.
 */
export function isSignedOut(request: FastifyRequest): boolean {
  return !request.headers.authorization;
}

/**
 * Sends what the cache answered with its ETag, for browsers and proxies to keep and ask again
 * about (`no-cache`: always revalidated, so a change shows at once); `If-None-Match` naming it is
 * a 304 without a body.
 */
export function sendWithEtag<V>(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: Cached<V>,
  cacheControl = 'public, no-cache',
) {
  reply.header('etag', cached.etag).header('cache-control', cacheControl);
  const asked = request.headers['if-none-match'];
  if (asked?.split(/\s*,\s*/).some((tag) => tag === cached.etag || tag === `W/${cached.etag}`)) {
    return reply.code(304).send();
  }
  return reply.send(cached.value);
}
