import { healthResponse, type InstanceDto, instanceResponse, readyResponse } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { migrationsApplied } from '../../db/migrate.ts';
import type { App } from '../../platform/http.ts';
import type { RedisClients } from '../../platform/redis.ts';

const tags = ['health'];

export function healthRoutes(
  app: App,
  db: Database,
  images: { stats(): { saturated: boolean } },
  redis: RedisClients | undefined,
  instance: () => Promise<InstanceDto>,
): void {
  /**
   * The instance's settings a client needs (name, language, zone, the currency of costs, the map
   * tiles; decision 082); public and cacheable.
   */
  app.get(
    '/api/instance',
    { schema: { tags, response: { 200: instanceResponse } } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(await instance()),
  );

  /** Liveness: the process answers. */
  app.get('/api/health', { schema: { tags, response: { 200: healthResponse } } }, async () => ({
    status: 'ok' as const,
    timestamp: new Date().toISOString(),
    uptime: process.uptime(),
  }));

  /**
   * Readiness: the database answers, every migration is applied, Redis (when configured) answers,
   * and the image queue is not full (a saturated instance asks the balancer for a pause).
   */
  app.get(
    '/api/ready',
    { schema: { tags, response: { 200: readyResponse, 503: readyResponse } } },
    async (_request, reply) => {
      let database: 'up' | 'down' = 'down';
      let migrations: 'applied' | 'pending' | 'unknown' = 'unknown';
      try {
        await db.execute(sql`select 1`);
        database = 'up';
        migrations = (await migrationsApplied(db)) ? 'applied' : 'pending';
      } catch {
        // reported below
      }
      const redisState = redis ? ((await redis.ping()) ? 'up' : 'down') : undefined;
      const imagesState = images.stats().saturated ? 'saturated' : 'ok';
      const ok =
        database === 'up' && migrations === 'applied' && redisState !== 'down' && imagesState === 'ok';
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'unavailable',
        checks: { database, migrations, ...(redisState ? { redis: redisState } : {}), images: imagesState },
      });
    },
  );
}
