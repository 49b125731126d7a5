import { Redis } from 'ioredis';

export type RedisClients = {
  /** Commands (rate limits): fail fast while Redis is away instead of queueing. */
  command: Redis;
  /** Socket.IO adapter pub/sub: queue and resubscribe across reconnects. */
  pub: Redis;
  sub: Redis;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/** The Redis connections of one process (REDIS_URL). */
export function createRedisClients(
  url: string,
  log: { warn: (obj: object, msg: string) => void },
): RedisClients {
  const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2_000);
  const command = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    retryStrategy,
  });
  const pub = new Redis(url, { retryStrategy, connectTimeout: 2_000 });
  const sub = pub.duplicate();
  let lastWarning = 0;
  for (const client of [command, pub, sub]) {
    // Without a listener ioredis reports connection errors as unhandled; log them, at most every 10 s.
    client.on('error', (err: Error) => {
      if (Date.now() - lastWarning > 10_000) {
        lastWarning = Date.now();
        log.warn({ err: err.message }, 'redis connection problem');
      }
    });
  }
  return {
    command,
    pub,
    sub,
    async ping() {
      try {
        return (await command.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      await Promise.allSettled([command.quit(), pub.quit(), sub.quit()]);
      command.disconnect();
      pub.disconnect();
      sub.disconnect();
    },
  };
}

/** Errors that mean "Redis is unreachable right now" (answered 503 like a database outage). */
export function isRedisUnavailable(error: unknown): boolean {
  const e = error as { name?: string; message?: string };
  return (
    e?.name === 'MaxRetriesPerRequestError' ||
    /enableOfflineQueue options is false|Connection is closed|Stream isn't writeable/i.test(e?.message ?? '')
  );
}
