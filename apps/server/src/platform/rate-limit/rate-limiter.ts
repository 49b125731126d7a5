import { tooManyRequestsMessage } from '@townsquare/contracts';
import { tooManyRequests } from '../errors.ts';

/**
 * Fixed-window counters for throttling. The in-memory store serves one process; the Redis store
 * (scale-out issue) implements the same interface so every instance shares the counts.
 */
export type Window = { limit: number; windowMs: number };
export type Verdict = { limited: boolean; retryAfterSeconds: number; count: number };

export interface RateLimitStore {
  /** Adds one and returns the new count, atomically: concurrent callers each see their own count. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** Takes back one earlier increment of the current window (never below zero). */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly buckets = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private current(key: string, windowMs: number) {
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      bucket = { count: 0, resetAt: now + windowMs };
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  async increment(key: string, windowMs: number) {
    const bucket = this.current(key, windowMs);
    bucket.count += 1;
    return { ...bucket };
  }

  async decrement(key: string) {
    const bucket = this.buckets.get(key);
    if (bucket && bucket.count > 0) bucket.count -= 1;
  }

  async reset(key: string) {
    this.buckets.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
  }

  private sweep() {
    const now = this.now();
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}

export type RateLimiter = {
  /**
   * Counts one hit and says whether it went over the limit. The count is taken before the work it
   * guards (a password check), so a burst of parallel requests gets exactly `limit` through.
   */
  consume(key: string, window: Window): Promise<Verdict>;
  /** Gives back one hit taken by `consume` (a login that turned out to succeed). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

export function createRateLimiter(store: RateLimitStore, now: () => number = Date.now): RateLimiter {
  const verdict = (state: { count: number; resetAt: number }, over: (c: number) => boolean) => ({
    limited: over(state.count),
    retryAfterSeconds: Math.max(1, Math.ceil((state.resetAt - now()) / 1000)),
    count: state.count,
  });
  return {
    consume: async (key, { limit, windowMs }) =>
      verdict(await store.increment(key, windowMs), (c) => c > limit),
    release: (key) => store.decrement(key),
    reset: (key) => store.reset(key),
    close: () => store.close(),
  };
}

/** The throttling numbers (QUALITY.md, security item 5, plus our own for the other flows). */
export const LIMITS_PER = {
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  loginFailuresPerIp: { limit: 25, windowMs: 5 * 60_000 },
  registrationsPerIp: { limit: 10, windowMs: 60 * 60_000 },
  forgotPerAddress: { limit: 5, windowMs: 30 * 60_000 },
  forgotPerIp: { limit: 20, windowMs: 30 * 60_000 },
  resetPerIp: { limit: 10, windowMs: 15 * 60_000 },
  verifyPerIp: { limit: 20, windowMs: 15 * 60_000 },
  resendPerAddress: { limit: 3, windowMs: 15 * 60_000 },
  resendPerIp: { limit: 10, windowMs: 15 * 60_000 },
  passwordChangePerUser: { limit: 10, windowMs: 15 * 60_000 },
  /** GET /api/users/me/export reads everything the person ever wrote. */
  exportPerUser: { limit: 3, windowMs: 60 * 60_000 },
  /** Image uploads (signed URLs and multipart files) of one account, and of one address. */
  uploadsPerAccount: { limit: 30, windowMs: 10 * 60_000 },
  uploadsPerIp: { limit: 60, windowMs: 10 * 60_000 },
  /** Answers without an account (decision 040): requests per address, and per client address. */
  guestRsvpPerAddress: { limit: 5, windowMs: 60 * 60_000 },
  guestRsvpPerIp: { limit: 20, windowMs: 60 * 60_000 },
  /** Confirm, manage and "never e-mail" links followed from one client address. */
  guestLinksPerIp: { limit: 60, windowMs: 15 * 60_000 },
  /**
   * Signed-out reads anyone can flood (decision 062): city pages (`/near/:city` and its JSON) and
   * the place typeahead, per client address. The limits come from the configuration (0 is off).
   */
  cityPagesPerIp: { limit: 60, windowMs: 60_000 },
  placeSearchesPerIp: { limit: 60, windowMs: 10_000 },
  /** Wrong door codes or tickets one host types at one event's door (decision 062). */
  wrongCheckInsPerHostEvent: { limit: 10, windowMs: 60_000 },
  /** Client events (joins, leaves, anything) of one socket; 10× this in a window disconnects it. */
  socketEventsPerSocket: { limit: 30, windowMs: 10_000 },
} satisfies Record<string, Window>;

/**
 * An onRequest hook counting every request of one client address against `window`, before the
 * body is even validated, so malformed requests are throttled too.
 */
export function throttleByIp(limiter: RateLimiter, name: string, window: Window) {
  return async (request: { ip: string }) => {
    const verdict = await limiter.consume(`${name}:ip:${request.ip}`, window);
    if (verdict.limited) {
      throw tooManyRequests(tooManyRequestsMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
    }
  };
}

/**
 * `throttleByIp` for a limit the configuration can switch off (decision 062): the hooks to put in
 * a route's `onRequest`, none when `limit` is 0.
 */
export function throttlesByIp(limiter: RateLimiter, name: string, window: Window) {
  return window.limit > 0 ? [throttleByIp(limiter, name, window)] : [];
}
