import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { createAdapter } from '@socket.io/redis-adapter';
import { MSG } from '@townsquare/contracts';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config.ts';
import { createDb } from './db/client.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { purgeExpired } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createAuthGuards } from './modules/auth/authenticate.ts';
import { createAccessTokens } from './modules/auth/tokens.ts';
import { blocksRoutes } from './modules/blocks/blocks.routes.ts';
import { createBlocksService } from './modules/blocks/blocks.service.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { createChannelReader, createRoomRechecks, createRoomResolver } from './modules/chat/rooms.ts';
import { clubIoRoutes } from './modules/club-io/club-io.routes.ts';
import { createClubIoService } from './modules/club-io/club-io.service.ts';
import { communityAnnouncementRoutes } from './modules/communities/announcements.routes.ts';
import { createCommunityAnnouncements } from './modules/communities/announcements.service.ts';
import { communitiesRoutes } from './modules/communities/communities.routes.ts';
import { createCommunitiesService } from './modules/communities/communities.service.ts';
import { createEventAnnouncements } from './modules/events/announcements.service.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { createEventsService } from './modules/events/events.service.ts';
import { rsvpRoutes } from './modules/events/rsvp.routes.ts';
import { createRsvpService } from './modules/events/rsvp.service.ts';
import { seriesRoutes } from './modules/events/series.routes.ts';
import { askHostsToConfirm, createSeriesService, extendSeries } from './modules/events/series.service.ts';
import { friendGroupsRoutes } from './modules/friend-groups/friend-groups.routes.ts';
import { createFriendGroupsService } from './modules/friend-groups/friend-groups.service.ts';
import { friendsRoutes } from './modules/friends/friends.routes.ts';
import { createFriendsService } from './modules/friends/friends.service.ts';
import { memberTables } from './modules/groups/membership.repository.ts';
import { createMemberships } from './modules/groups/membership.service.ts';
import { guestRoutes } from './modules/guests/guests.routes.ts';
import { createGuestService } from './modules/guests/guests.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { createModerationService } from './modules/moderation/moderation.service.ts';
import { createEmailChannel } from './modules/notifications/email-channel.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotifications } from './modules/notifications/notifications.service.ts';
import type { NotificationChannel } from './modules/notifications/notify.ts';
import { loadUnsubscribeSecret } from './modules/notifications/unsubscribe.ts';
import { pagesRoutes } from './modules/pages/pages.routes.ts';
import { createPagesService } from './modules/pages/pages.service.ts';
import { createRenderer, createShell } from './modules/pages/shell.ts';
import { createWebPages, type WebPages } from './modules/pages/web-pages.ts';
import { createCityPages } from './modules/places/city-pages.service.ts';
import { sendNearbyDigests } from './modules/places/nearby-alerts.service.ts';
import { placesRoutes } from './modules/places/places.routes.ts';
import { createPlacesService } from './modules/places/places.service.ts';
import { pollsRoutes } from './modules/polls/polls.routes.ts';
import { createPolls } from './modules/polls/polls.service.ts';
import { createPushChannel, generateVapidKeys } from './modules/push/push.channel.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { createPushService } from './modules/push/push.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { signupsRoutes } from './modules/signups/signups.routes.ts';
import { createSignups } from './modules/signups/signups.service.ts';
import { subgroupsRoutes } from './modules/subgroups/subgroups.routes.ts';
import { createSubgroupsService } from './modules/subgroups/subgroups.service.ts';
import { MAX_BODY, uploadAllowance, uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { exportRoutes } from './modules/users/export.routes.ts';
import { createExportService } from './modules/users/export.service.ts';
import { createNotifyEventCancelled } from './modules/users/notify-event-cancelled.ts';
import { grantAdminToVerified } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createBackground } from './platform/background.ts';
import { registerErrorHandling, send } from './platform/errors.ts';
import { type App, clientAddressOf, trustProxyOption } from './platform/http.ts';
import { createJobs, type Jobs } from './platform/jobs.ts';
import { registerJsonBodyParser } from './platform/json-body.ts';
import { createLogger } from './platform/logger.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { createMetrics, metricsAccess } from './platform/metrics.ts';
import { createRateLimiter, MemoryRateLimitStore } from './platform/rate-limit/rate-limiter.ts';
import { RedisRateLimitStore } from './platform/rate-limit/redis-store.ts';
import { createRedisClients } from './platform/redis.ts';
import { loadSecrets, loadVapidKeys } from './platform/secrets.ts';
import { createServerOrigin } from './platform/server-origin.ts';
import { createImageResizer, createImageSanitizer } from './platform/storage/image.ts';
import { createImageProcess } from './platform/storage/image-process.ts';
import { createS3Storage } from './platform/storage/s3.ts';
import { createLocalStorage } from './platform/storage/storage.ts';
import { createWorkQueue } from './platform/work-queue.ts';
import { createRealtime } from './realtime/io.ts';
import { createPublisher } from './realtime/publish.ts';

export type BuildOptions = {
  /** Replace the mailer (tests capture mail through a real SMTP server instead, where they can). */
  mailer?: Mailer;
  /** The process logger (server.ts); defaults to a new pino logger at the configured level. */
  logger?: FastifyBaseLogger;
  /**
   * Notification channels beyond the app and e-mail (Web Push: `createPushChannel` from
   * modules/push), built from the app's dependencies.
   */
  channels?: (deps: AppDeps) => NotificationChannel[];
  /** How often idle queue workers poll (seconds; default 2). */
  jobsPollingSeconds?: number;
};

/** What a channel factory may use. */
export type AppDeps = {
  db: ReturnType<typeof createDb>['db'];
  jobs: Jobs;
  mailer: Mailer;
  config: Config & { databaseUrl: string };
  log: FastifyBaseLogger;
};

const here = path.dirname(fileURLToPath(import.meta.url));

/** apps/web/dist, found from the source tree (src/) or the bundle (dist/). */
function defaultWebDist(): string {
  return path.resolve(here, '..', '..', 'web', 'dist');
}

/** Every method of the original client contract, for CORS_ORIGINS clients. */
const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Responses compressed on the fly: the API's JSON and the server-rendered text (sitemap, pages
 * with a filled-in head). Built scripts and styles are not: they are compressed at build time.
 */
const COMPRESSIBLE = /^(?:application\/(?:json|xml)|text\/html)(?:;|$)/;

/** Paths the single-page app must never answer: they are API, socket or file paths. */
const NOT_SPA = /^\/(api|socket\.io|uploads|auth|users|sub-groups|metrics|assets)(\/|$)/;

/**
 * Pages the web build pre-rendered (`<webDist>/prerendered/<name>.html`, see apps/web/build/prerender.ts)
 * are sent for their own path (`index` for `/`) instead of the empty shell, so they paint before the
 * app's script has run. Which pages exist is read at start-up; their content per request.
 */
function servePrerendered(app: App, webDist: string, pages: WebPages): void {
  const dir = path.join(webDist, 'prerendered');
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir)) {
    // `<name>.<locale>.html` are translations of `<name>.html` (WebPages), not pages of their own.
    const name = /^([a-z0-9-]+)\.html$/.exec(file)?.[1];
    if (!name) continue;
    app.get(name === 'index' ? '/' : `/${name}`, { schema: { hide: true } }, (request, reply) =>
      pages.send(request, reply, `prerendered/${file}`),
    );
  }
}

/**
 * Builds the HTTP application: every module wired with its dependencies. The caller listens
 * (server.ts) or injects requests (tests), and calls `close` to release everything.
 */
export async function buildApp(config: Config & { databaseUrl: string }, options: BuildOptions = {}) {
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
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Once shutdown starts, every response that is still being served asks the client to close its
  // keep-alive connection; otherwise those connections would hold the HTTP server open.
  let closing = false;
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  const metrics = createMetrics();
  metrics.instrument(app);

  const { db, close: closeDb } = createDb(config.databaseUrl);
  const secrets = await loadSecrets(db, config.dataDir, config);
  const vapid = await loadVapidKeys(db, config.push.vapid, generateVapidKeys);
  const background = createBackground(app.log);
  // The one job queue (decision 017): pg-boss in the `pgboss` schema of the same database.
  const jobs = createJobs({
    databaseUrl: config.databaseUrl,
    log: app.log,
    pollingIntervalSeconds: options.jobsPollingSeconds,
  });
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  // With REDIS_URL, rate limits and socket fan-out are shared by every instance.
  const redis = config.redisUrl ? createRedisClients(config.redisUrl, app.log) : undefined;
  const limiter = createRateLimiter(
    redis ? new RedisRateLimitStore(redis.command, `${config.redisPrefix}rl:`) : new MemoryRateLimitStore(),
  );
  const tokens = createAccessTokens(secrets.jwtSecret);

  // Socket.IO shares the HTTP server. Its dependencies are closures over services created
  // below, so services can publish from the start.
  const realtime = createRealtime(
    app.server,
    {
      authenticate: (token) => auth.authenticate(token),
      userIdOf: async (token) => (await tokens.verify(token))?.sub,
      resolveRoom: (userId, kind, payload) => resolveRoom(userId, kind, payload),
      friendIdsOf: (userId) => friends.friendIds(userId),
      blockedIdsOf: (userId) => blocks.blockedIds(userId),
      limiter,
      addressOf: clientAddressOf(config.trustProxy),
      log: app.log,
    },
    {
      limits: config.socketLimits,
      corsOrigins: config.corsOrigins,
      adapter: redis
        ? createAdapter(redis.pub, redis.sub, { key: `${config.redisPrefix}socket.io` })
        : undefined,
    },
  );
  const publisher = createPublisher(realtime.io, { crossInstance: Boolean(redis) });

  const auth = createAuthService({
    db,
    tokens,
    mailer,
    jobs,
    linkSecret: secrets.jwtSecret,
    limiter,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    onSessionsRevoked: (sessionIds) => publisher.disconnectSessions(sessionIds),
    claimGuestAnswers: (tx, userId, email) => guests.claimWithin(tx, userId, email),
  });
  const guards = createAuthGuards(auth);
  // Every image decode (uploads, S3 finalize) goes through this one bounded queue.
  const images = createWorkQueue(config.imageWork);
  // ... decoded in a child process at the lowest CPU priority (decision 036).
  const imageCodec = createImageProcess();
  const sanitizeImage = createImageSanitizer(images, imageCodec);
  // S3_BUCKET: images live in the bucket (shared by every instance); else in DATA_DIR/uploads.
  const storage = config.s3
    ? createS3Storage(config.s3, sanitizeImage)
    : createLocalStorage({
        dataDir: config.dataDir,
        publicUrl: config.publicUrl,
        secret: secrets.uploadSigningSecret,
      });
  if (storage.kind === 'local') await mkdir(storage.root, { recursive: true });
  // The browser loads images from the bucket's public origin and PUTs uploads to the bucket.
  const s3Origins = storage.kind === 's3' ? storage.origins : undefined;
  const uploads = createUploadsService({
    db,
    storage,
    sanitizeImage,
    resizeImage: createImageResizer(images, imageCodec),
    serverOrigin: createServerOrigin(config),
  });
  const rsvps = createRsvpService({
    db,
    background,
    publicUrl: config.publicUrl,
    notify: (input) => notifications.notifyLater(input),
    sheets: {
      releaseWithin: (tx, eventId, userId) => signups.releaseWithin(tx, eventId, userId),
      released: (eventId, userId, released) => signups.released(eventId, userId, released),
      bringing: (event) => signups.bringing(event),
    },
    publisher,
    guestOffer: (offer) => guests.offered(offer),
  });
  // Answers without an account (decision 040): counted through the one RSVP write path.
  const guests = createGuestService({
    db,
    jobs,
    mailer,
    limiter,
    publicUrl: config.publicUrl,
    secret: secrets.jwtSecret,
    rsvps,
  });
  const eventsService = createEventsService({
    db,
    rsvps,
    publicUrl: config.publicUrl,
    isOwnImage: (url, ownerId) => uploads.isOwnImage(url, ownerId),
    onVisibilityChanged: (eventId) =>
      eventRooms.event(eventId).catch((err: unknown) => app.log.warn({ err }, 'event room recheck failed')),
    assertCanHost: (communityId, userId) => communitiesService.assertCanHost(communityId, userId),
    onChanged: (change) => notifications.eventChanged(change),
    onRsvp: (event, userId, status, previous) => notifications.rsvped(event, userId, status, previous),
  });
  const seriesService = createSeriesService({
    db,
    events: eventsService,
    isOwnImage: (url, ownerId) => uploads.isOwnImage(url, ownerId),
    assertCanHost: (communityId, userId) => communitiesService.assertCanHost(communityId, userId),
    notifyOffers: (offers) => {
      for (const offer of offers) rsvps.notifyOffer(offer);
    },
  });
  const calendar = createCalendarService({ db, publicUrl: config.publicUrl, secret: secrets.jwtSecret });
  const notifyEventCancelled = createNotifyEventCancelled({
    publisher,
    notify: (input, options) => notifications.notifyLater(input, options),
  });
  const users = createUsersService({
    db,
    isOwnImageUrl: (url, ownerId) => uploads.isOwnImage(url, ownerId),
    confirmPassword: auth.confirmPassword,
    startEmailChange: auth.startEmailChange,
    releaseCommunities: (tx, userId) => communitiesService.releaseAccount(tx, userId),
    notifyEventCancelled,
    refillWithin: (tx, eventIds) => rsvps.refillWithin(tx, eventIds),
  });
  const recheckEventRooms = async (userIds: [string, string]) => {
    for (const userId of userIds)
      await eventRooms
        .user(userId)
        .catch((err: unknown) => app.log.warn({ err }, 'event room recheck failed'));
  };
  const friends = createFriendsService({
    db,
    publisher,
    limiter,
    onFriendshipEnded: recheckEventRooms,
    blockedBetween: (tx, a, b) => blocks.between(a, b, tx),
    onRequested: (sender, receiverId) => notifications.friendRequested(sender, receiverId),
    onAccepted: (accepter, requesterId) => notifications.friendAccepted(accepter, requesterId),
  });
  const chat = createChatService({
    db,
    publisher,
    limiter,
    areFriends: friends.areFriends,
    blockedBetween: (a, b) => blocks.between(a, b),
    blockedBy: (userId) => blocks.blockedIds(userId),
    onStored: metrics.messageStored,
    // Queued (durable) before the sender is answered; the notifications themselves run in a job.
    onMessage: (row, sender) => notifications.messageStored(row, sender),
    onConversationRead: (userId, otherId) => notifications.conversationRead(userId, otherId),
    sendLimit: config.chatSendLimit,
  });
  const canSeeEvent = (eventId: string, viewerId: string | undefined) =>
    eventsService.assertVisible(eventId, viewerId);
  const memberships = createMemberships({ db, publisher, chat, friendsAmong: friends.friendsAmong });
  const friendGroups = createFriendGroupsService({ db, memberships });
  const blocks = createBlocksService({
    db,
    publisher,
    sever: friends.sever,
    leaveEachOthersGroups: friendGroups.removeEachOther,
    endCohosting: rsvps.endCohosting,
    evictFromGroups: friendGroups.evictRemoved,
    onAccessReduced: recheckEventRooms,
  });
  const subgroups = createSubgroupsService({ db, memberships });
  const communitiesService = createCommunitiesService({
    db,
    publisher,
    memberships,
    isOwnImage: (url, ownerId) => uploads.isOwnImage(url, ownerId),
    presentEvents: (rows, viewerId) => eventsService.present(rows, viewerId),
    audit: (entry) => moderation.record(entry),
    notifyEventCancelled,
    blockedBetween: (a, b) => blocks.between(a, b),
    onAccessReduced: async ({ userIds = [], eventIds = [] }) => {
      try {
        for (const userId of userIds) await eventRooms.user(userId);
        for (const userId of userIds) await polls.recheckRooms(userId);
        for (const eventId of eventIds) await eventRooms.event(eventId);
      } catch (err) {
        app.log.warn({ err }, 'event room recheck failed');
      }
    },
    notify: {
      requested: (community, requester, organizerIds) =>
        notifications.communityRequested(community, requester, organizerIds),
      approved: (community, actorId, userId) => notifications.communityApproved(community, actorId, userId),
      invited: (community, actorId, userId) => notifications.communityInvited(community, actorId, userId),
    },
  });
  const push = createPushService({
    db,
    publicKey: vapid.publicKey,
    allowPrivateEndpoints: config.push.allowPrivateEndpoints,
  });
  // Web Push as a notification channel (decision 019).
  const pushChannel = createPushChannel({
    db,
    vapid: { ...vapid, subject: config.push.subject },
    allowPrivateEndpoints: config.push.allowPrivateEndpoints,
    log: app.log,
    timeoutMs: config.push.sendTimeoutMs,
  });
  const resolveRoom = createRoomResolver({
    canSeeEvent,
    canJoinSubgroup: subgroups.canJoin,
    canJoinGroup: friendGroups.canJoin,
    canJoinCommunity: communitiesService.canJoin,
    canJoinPoll: (pollId, userId) => polls.canSeeById(pollId, userId),
  });
  const canReadChannel = createChannelReader(resolveRoom);
  const eventRooms = createRoomRechecks(publisher, canReadChannel, subgroups.idsOfEvent);

  const moderation = createModerationService({
    db,
    publisher,
    mailer,
    background,
    publicUrl: config.publicUrl,
    endAllSessions: (userId, reason) => auth.endAllSessions(userId, reason),
    canReadChannel,
    canSeeEvent,
    isCommunityOrganizer: (communityId, userId) => communitiesService.isOrganizer(communityId, userId),
    isEventHost: (event, userId) => rsvps.isHost(event, userId),
    onEventHidden: (eventId) =>
      eventRooms.event(eventId).catch((err: unknown) => app.log.warn({ err }, 'event room recheck failed')),
    notify: (input) => notifications.notifyLater(input),
  });
  // Notifications: every one through notify() (modules/notifications/notify.ts), delivered by the
  // queue on e-mail and the channels given (Web Push).
  const unsubscribeSecret = await loadUnsubscribeSecret(db);
  const appDeps: AppDeps = { db, jobs, mailer, config, log: app.log };
  const notifications = createNotifications({
    db,
    publisher,
    jobs,
    log: app.log,
    unsubscribeSecret,
    reminderLeadTimes: config.reminderLeadTimes,
    dmEmailDelay: config.dmEmailDelay,
    membersNotifiedOfEvents: (communityId) => communitiesService.membersNotifiedOfEvents(communityId),
    bringing: (event) => signups.bringing(event),
    canSee: (userId, subject) => canSeeSubject(userId, subject),
    guestRecipients: (guestIds) => guests.recipients(guestIds),
    channels: [
      createEmailChannel({
        mailer,
        publicUrl: config.publicUrl,
        unsubscribeSecret,
        dmDelaySeconds: Math.round(config.dmEmailDelay / 1000),
      }),
      pushChannel,
      ...(options.channels?.(appDeps) ?? []),
    ],
  });
  // Date polls and sign-up sheets (issue 25).
  const polls = createPolls({
    db,
    publisher,
    jobs,
    memberships,
    assertCanHost: (communityId, userId) => communitiesService.assertCanHost(communityId, userId),
    createEvent: (user, input) => eventsService.create(user, input),
    notifyMany: (input, options) => notifications.notifyMany(input, options),
    log: app.log,
  });
  const signups = createSignups({
    db,
    publisher,
    findVisibleEvent: (eventId, viewerId) => eventsService.findVisibleRow(eventId, viewerId),
    isHost: (event, userId) => rsvps.isHost(event, userId),
    notifyMany: (input) => notifications.notifyMany(input),
    log: app.log,
  });
  /** The subject rules: events by visibleTo, communities by membership, chats by room access. */
  async function canSeeSubject(userId: string, subject: { type: string; id: string }): Promise<boolean> {
    switch (subject.type) {
      case 'event':
        return canSeeEvent(subject.id, userId).then(
          () => true,
          () => false,
        );
      case 'community':
        return communitiesService.isVisibleTo(subject.id, userId);
      case 'chat': {
        const [kind, id] = subject.id.split(':');
        const payloads: Record<string, [Parameters<typeof resolveRoom>[1], unknown]> = {
          general: ['general', {}],
          event: ['event', { eventId: id }],
          subgroup: ['subgroup', { subGroupId: id }],
          group: ['group', { groupId: id }],
          community: ['community', { communityId: id }],
        };
        const target = kind ? payloads[kind] : undefined;
        if (!target) return false;
        return 'room' in (await resolveRoom(userId, target[0], target[1]));
      }
      case 'poll':
        return polls.canSeeById(subject.id, userId);
      case 'user':
        return true;
      // Only ever sent to the person who reported (moderation).
      case 'report':
        return true;
      default:
        return false;
    }
  }

  const https = config.publicUrl.startsWith('https:');
  // Map tiles (issue 22) are images from MAP_TILE_URL's host; a {s} subdomain is any subdomain.
  const tileOrigin = (url: string) => (/^https?:\/\/[^/]+/.exec(url)?.[0] ?? "'self'").replace('{s}', '*');
  // Pages may connect to their own origin and the configured ones only: the public URL (and its
  // WebSocket form, for browsers that do not count ws: as 'self') and the upload bucket.
  const publicOrigin = new URL(config.publicUrl).origin;
  const socketOrigin = publicOrigin.replace(/^http/, 'ws');
  // The security headers, built once: @fastify/helmet built helmet's middleware (parsing the CSP
  // again) on every request, ≈ 50 µs of the list's layer cost (issue 27).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Style attributes and the toast library's injected <style>; never scripts.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // PUBLIC_URL's origin too: image URLs are built from it, and the page may have been
        // loaded from another address of the same machine (127.0.0.1 for localhost).
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          new URL(config.publicUrl).origin,
          ...(s3Origins ? [s3Origins.public] : []),
          tileOrigin(config.map.tileUrl),
        ],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", publicOrigin, socketOrigin, ...(s3Origins ? [s3Origins.upload] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  // Brotli or gzip for bodies of 1 KiB and more when the client accepts it (every route declared
  // below). Request bodies are never inflated: a compressed upload is not something we take.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
  if (config.corsOrigins.length > 0) {
    // Every method and request header the original client uses (issue 20): the plugin's default
    // (GET, HEAD, POST) made browsers block its profile save, event edit and delete. Bearer
    // tokens, not cookies: no credentials. The signed PUT has its own CORS (any origin).
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      methods: CORS_METHODS,
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept'],
      exposedHeaders: ['Retry-After', 'X-Next-Before'],
      credentials: false,
      maxAge: 600,
    });
  }

  // Multipart bodies: POST /api/upload/file and the original client's event form.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_BODY, files: 1, fields: 30, fieldSize: 64 * 1024 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Townsquare API',
        version: '0.1.0',
        description: 'REST API of Townsquare. See docs/API.md.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  healthRoutes(app, db, images, redis, { currency: config.currency, map: config.map });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(request, config.metricsToken);
    if (access === 'token required') return send(reply, request, 401, MSG.unauthorized);
    if (access === 'loopback only') return send(reply, request, 403, MSG.metricsLoopbackOnly);
    metrics.setSocketCount(realtime.io.engine.clientsCount);
    metrics.setDeadLetters(await jobs.deadLetters().catch(() => []));
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  authRoutes(app, auth, guards, limiter);
  usersRoutes(app, users, auth, guards, calendar.feedUrl);
  exportRoutes(app, createExportService({ db, limiter }), guards);
  await uploadsRoutes(app, uploads, storage, guards, limiter);
  eventsRoutes(app, eventsService, uploads, guards, seriesService, uploadAllowance(limiter));
  seriesRoutes(app, seriesService, guards);
  guestRoutes(app, guests, limiter);
  calendarRoutes(app, calendar, guards);
  rsvpRoutes(
    app,
    eventsService,
    rsvps,
    guards,
    createEventAnnouncements({
      hosted: rsvps.hosted,
      limiter,
      announce: (event, actorId, audience, announcement) =>
        notifications.eventAnnouncement(event, actorId, audience, announcement),
    }),
  );
  friendsRoutes(app, friends, guards);
  blocksRoutes(app, blocks, guards);
  chatRoutes(app, chat, guards, canSeeEvent, moderation.removeMessage);
  friendGroupsRoutes(app, friendGroups, guards);
  subgroupsRoutes(app, subgroups, guards);
  communitiesRoutes(app, communitiesService, guards);
  // Bringing a club in and taking it out (issue 26): ICS imports, member invitations, the export.
  const clubIo = createClubIoService({
    db,
    jobs,
    mailer,
    limiter,
    publicUrl: config.publicUrl,
    secret: secrets.jwtSecret,
    allowPrivate: config.push.allowPrivateEndpoints,
    communities: communitiesService,
    blockedBetween: (a, b) => blocks.between(a, b),
  });
  clubIoRoutes(app, clubIo, communitiesService, guards);
  communityAnnouncementRoutes(
    app,
    createCommunityAnnouncements({
      db,
      limiter,
      community: (slug, viewerId) => communitiesService.get(slug, viewerId),
      memberIds: async (communityId) =>
        ((await memberships.peopleByGroup(memberTables.community, [communityId])).get(communityId) ?? []).map(
          (p) => p.id,
        ),
      notify: (community, actorId, memberIds, announcement) =>
        notifications.communityAnnouncement(community, actorId, memberIds, announcement),
    }),
    guards,
  );
  notificationsRoutes(app, notifications, guards);
  pushRoutes(app, push, guards);
  searchRoutes(app, db, guards);
  const cityPages = createCityPages({
    db,
    presentPublic: (rows) => eventsService.presentPublic(rows),
    communitiesNear: async (near, radiusKm, limit) =>
      (await communitiesService.list(undefined, { near, radiusKm, limit })).communities,
  });
  placesRoutes(app, createPlacesService(db), guards, db, cityPages);
  adminRoutes(app, db, guards, moderation.record);
  moderationRoutes(app, moderation, guards);
  pollsRoutes(app, polls, guards);
  signupsRoutes(app, signups, guards);

  const webDist = config.webDistDir ?? defaultWebDist();
  // robots.txt, the sitemap, and the pages whose head the server fills in (link previews).
  pagesRoutes(
    app,
    createPagesService({
      events: eventsService,
      cities: cityPages,
      communities: communitiesService,
      publicUrl: config.publicUrl,
      currency: config.currency,
    }),
    createShell(webDist),
    createRenderer(webDist, (err) => app.log.error({ err }, 'event page rendering failed')),
  );
  const serveWeb = existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      // `/` and every other page go through WebPages (their `<html lang>`), never straight to a file.
      index: false,
      // The request-time renderer the web build leaves beside the app is the server's, not a page's.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      // The web build writes .br and .gz copies beside each asset; they are sent to clients that
      // accept them (with Vary: Accept-Encoding), the plain file to the rest.
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const webPages = createWebPages(webDist);
  if (serveWeb) servePrerendered(app, webDist, webPages);
  // Without a pre-rendered landing page, `/` is the shell like any other page (static serving
  // answers directories with 403 now that it has no index file of its own).
  if (serveWeb && !webPages.has('prerendered/index.html'))
    app.get('/', { schema: { hide: true } }, (request, reply) => webPages.send(request, reply, 'index.html'));
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (serveWeb && (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(pathname)) {
      return webPages.send(request, reply, 'index.html');
    }
    return send(reply, request, 404, `Cannot ${request.method} ${pathname}`);
  });

  await grantAdminToVerified(db, config.adminEmails);

  // Periodic work runs on the queue: declared by every instance, run by one.
  await jobs.start();
  await auth.startMailWorker();
  await guests.start();
  await jobs.work('housekeeping', async () => {
    await purgeExpired(db);
  });
  await jobs.schedule('housekeeping', '7 * * * *');
  await clubIo.start();
  // Every read already reports ended events as PAST; this persists it for other consumers.
  await jobs.work('past-status', async () => {
    await eventsService.persistPastStatus();
  });
  await jobs.schedule('past-status', '* * * * *');
  // The series horizon: occurrences 8 weeks ahead (decision 023); idempotent, so any instance may run it.
  await jobs.work('series-horizon', async () => {
    await extendSeries(db, new Date());
  });
  await jobs.schedule('series-horizon', '17 * * * *');
  // Hosts are asked to confirm each date entering the confirmation window, once per date (its key).
  await jobs.work('series-confirm', async () => {
    await askHostsToConfirm(db, new Date(), notifications.seriesConfirmDue);
  });
  await jobs.schedule('series-confirm', '*/15 * * * *');
  // Lapsed waitlist offers pass to the next person (reads and RSVPs of an event also do it lazily).
  await jobs.work('offer-sweep', async () => {
    await rsvps.sweep();
  });
  await jobs.schedule('offer-sweep', '* * * * *');
  // Nearby alerts (issue 22): at most one digest a week per person, looked for every day.
  await jobs.work('nearby-digest', async () => {
    await sendNearbyDigests(db, notifications.notify);
  });
  await jobs.schedule('nearby-digest', '23 9 * * *');
  await notifications.start();
  await polls.start();

  let closed = false;
  /** Stops taking requests, lets in-flight ones finish, flushes queued mail, closes the pool. */
  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    closing = true;
    realtime.disconnectAll();
    await app.close();
    // Running jobs finish (or are failed and retried later by any instance); no new ones start.
    await jobs.stop();
    await realtime.close();
    await background.drain();
    await imageCodec.close();
    await mailer.close();
    await limiter.close();
    await closeDb();
    await redis?.close();
    if (storage.kind === 's3') storage.client.destroy();
  }

  return { app, close, db, background, io: realtime.io, images, jobs, notifications, pushChannel };
}
