import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { createDb } from '../db/client.ts';
import { registerErrorHandling } from './errors.ts';
import { type App, MAX_BODY, trustProxyOption } from './http.ts';
import { registerHttpPlugins } from './http-plugins.ts';
import { createJobs } from './jobs.ts';
import { registerJsonBodyParser } from './json-body.ts';
import { createLogger } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createMetrics } from './metrics.ts';
import { createOutbox } from './outbox.ts';
import { createPublicCache } from './public-cache.ts';
import { createRateLimiter, MemoryRateLimitStore } from './rate-limit/rate-limiter.ts';
import { RedisRateLimitStore } from './rate-limit/redis-store.ts';
import { createRedisClients } from './redis.ts';
import { loadSecrets } from './secrets.ts';
import { createLinkSigner, type LinkPurpose } from './signed-links.ts';
import { createImageResizer, createImageSanitizer } from './storage/image.ts';
import { createImageProcess } from './storage/image-process.ts';
import { createS3Storage } from './storage/s3.ts';
import { createLocalStorage } from './storage/storage.ts';
import { createWorkQueue } from './work-queue.ts';

export type AppConfig = Config & { databaseUrl: string };

/** What `buildApp` may be given besides the configuration (tests, server.ts). */
export type KernelOptions = {
  /** Replace the mailer (tests capture mail through a real SMTP server instead, where they can). */
  mailer?: Mailer;
  /** The process logger (server.ts); defaults to a new pino logger at the configured level. */
  logger?: FastifyBaseLogger;
  /** How often idle queue workers poll (seconds; default 2). */
  jobsPollingSeconds?: number;
  /** Cron schedules sent by the wall clock (default true; in-process tests turn it off). */
  cronClock?: boolean;
};

/**
 * What every module may be given: the HTTP application and the shared machinery beneath the
 * features (decision 071). Nothing here knows a feature; modules add themselves with their own
 * `register(app, deps)` and hook their start-up work and their shutdown in with `onStart` and
 * `onClose`.
 */
export type Kernel = Awaited<ReturnType<typeof createKernel>>;

/**
 * Builds the platform: Fastify with the one error shape and body parser, the database pool, the
 * instance secrets, the one job queue, mail, rate limits (Redis when configured), image work and
 * storage. `start` runs what modules registered to run once every module is in place (the job
 * queue starts first: workers and schedules need it); `close` stops everything in the order
 * shutdown needs.
 */
export async function createKernel(config: AppConfig, options: KernelOptions = {}) {
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config.logLevel),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // The original client may be deployed with a base URL that already ends in /api.
    rewriteUrl: (req) => (req.url?.startsWith('/api/api/') ? req.url.slice(4) : (req.url ?? '/')),
    // Every log line of a request carries its id: the caller's X-Request-Id if it is sane, else ours.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>() as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Once shutdown starts, every response that is still being served asks the client to close its
  // keep-alive connection; otherwise those connections would hold the HTTP server open.
  let closing = false;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  const metrics = createMetrics();
  metrics.instrument(app);

  const { db, close: closeDb } = createDb(config.databaseUrl);
  const secrets = await loadSecrets(db, config.dataDir, config);
  // Every signed link and code, over one key ring (decision 066). Each purpose's first acceptance
  // by a pre-066 key is logged: the operator's cue that LINK_SIGNING_LEGACY is still needed.
  const legacySeen = new Set<LinkPurpose>();
  const links = createLinkSigner(secrets.links, (purpose) => {
    if (legacySeen.has(purpose)) return;
    legacySeen.add(purpose);
    app.log.info({ purpose }, 'a link signed before decision 066 was accepted (LINK_SIGNING_LEGACY)');
  });
  // The one job queue (decision 017): pg-boss in the `pgboss` schema of the same database.
  const jobs = createJobs({
    databaseUrl: config.databaseUrl,
    log: app.log,
    pollingIntervalSeconds: options.jobsPollingSeconds,
    clock: options.cronClock,
  });
  // Domain events through an outbox (decision 065), handed to their subscribers on that queue.
  const outbox = createOutbox({
    db,
    jobs,
    databaseUrl: config.databaseUrl,
    log: app.log,
    pollMs: options.jobsPollingSeconds === undefined ? undefined : options.jobsPollingSeconds * 1000,
  });
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
      dkim: config.dkim,
    });
  // With REDIS_URL, rate limits and socket fan-out are shared by every instance.
  const redis = config.redisUrl ? createRedisClients(config.redisUrl, app.log) : undefined;
  const limiter = createRateLimiter(
    redis ? new RedisRateLimitStore(redis.command, `${config.redisPrefix}rl:`) : new MemoryRateLimitStore(),
  );
  // Signed-out pages and answers (decision 081): shared through Redis when there is one.
  const publicCache = createPublicCache({
    ttlMs: config.publicReads.publicCacheSeconds * 1000,
    maxEntries: 2_000,
    redis,
    prefix: config.redisPrefix,
    log: app.log,
  });
  // Every image decode (uploads, S3 finalize) goes through this one bounded queue ...
  const images = createWorkQueue(config.imageWork);
  // ... decoded in a child process at a low CPU priority (IMAGE_NICE; decision 036).
  const imageCodec = createImageProcess(config.imageWork.nice);
  const sanitizeImage = createImageSanitizer(images, imageCodec);
  const resizeImage = createImageResizer(images, imageCodec);
  // S3_BUCKET: images live in the bucket (shared by every instance); else in DATA_DIR/uploads.
  const storage = config.s3
    ? createS3Storage(config.s3, sanitizeImage)
    : createLocalStorage({
        dataDir: config.dataDir,
        publicUrl: config.publicUrl,
        links,
      });
  if (storage.kind === 'local') await mkdir(storage.root, { recursive: true });
  await registerHttpPlugins(app, {
    publicUrl: config.publicUrl,
    corsOrigins: config.corsOrigins,
    tileUrl: config.map.tileUrl,
    // The browser loads images from the bucket's public origin and PUTs uploads to the bucket.
    s3Origins: storage.kind === 's3' ? storage.origins : undefined,
    maxBody: MAX_BODY,
  });

  const starters: Array<() => Promise<void>> = [];
  const closers = { beforeHttp: [] as Array<() => void>, afterJobs: [] as Array<() => Promise<void>> };
  let closed = false;

  return {
    app,
    config,
    log: app.log,
    db,
    secrets,
    links,
    jobs,
    /** Domain events (decision 065): modules `subscribe` while registering; started last. */
    outbox,
    mailer,
    redis,
    limiter,
    /** Signed-out pages and answers (decision 081); the pages module invalidates it. */
    publicCache,
    metrics,
    images,
    sanitizeImage,
    resizeImage,
    storage,
    /** Work to run once every module is registered, in the order registered. */
    onStart(work: () => Promise<void>): void {
      starters.push(work);
    },
    /**
     * Shutdown work of a module: `beforeHttp` runs before the HTTP server stops taking requests
     * (sockets are told to go), `afterJobs` once the job queue has stopped (nothing new can start).
     */
    onClose(when: keyof typeof closers, work: () => void | Promise<void>): void {
      if (when === 'beforeHttp') closers.beforeHttp.push(work as () => void);
      else closers.afterJobs.push(async () => work());
    },
    async start(): Promise<void> {
      // Periodic work runs on the queue: declared by every instance, run by one.
      await jobs.start();
      await publicCache.start();
      for (const work of starters) await work();
      // Every subscriber is registered by now: their workers, then the dispatcher.
      await outbox.start();
    },
    /** Stops taking requests, lets in-flight ones finish, flushes queued mail, closes the pool. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      closing = true;
      for (const work of closers.beforeHttp) work();
      await app.close();
      // Running jobs finish (or are failed and retried later by any instance); no new ones start.
      await outbox.stop();
      await jobs.stop();
      for (const work of closers.afterJobs) await work();
      await imageCodec.close();
      await mailer.close();
      await limiter.close();
      await publicCache.stop();
      await closeDb();
      await redis?.close();
      if (storage.kind === 's3') storage.client.destroy();
    },
  };
}

/**
 * A service another module needs but that is registered later in `app.ts` (the two ask each
 * other): read when first used, never while registering.
 */
export type Later<T> = () => T;
