import type { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limiter.ts';

/** INCR and, for a new window, its expiry, atomically; answers the count and the time left. */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** DECR only a live counter above zero (an expired window stays gone). */
const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Fixed-window counters in Redis, shared by every instance (REDIS_URL). */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'townsquare:rl:',
  ) {}

  async increment(key: string, windowMs: number) {
    const [count, ttl] = (await this.redis.eval(INCREMENT, 1, this.prefix + key, String(windowMs))) as [
      number,
      number,
    ];
    return { count, resetAt: Date.now() + ttl };
  }

  async decrement(key: string) {
    await this.redis.eval(DECREMENT, 1, this.prefix + key);
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {}
}
