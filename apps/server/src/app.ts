import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdapter } from '@socket.io/redis-adapter';
import { MSG } from '@townsquare/contracts';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createDb } from './db/client.ts';
import { createSubjectRules } from './modules/access/subjects.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { purgeExpired } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
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
import { startEventJobs } from './modules/events/event-jobs.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { createEventsService } from './modules/events/events.service.ts';
import { rsvpRoutes } from './modules/events/rsvp.routes.ts';
import { createRsvpService } from './modules/events/rsvp.service.ts';
import { seriesRoutes } from './modules/events/series.routes.ts';
import { createSeriesService } from './modules/events/series.service.ts';
import { friendGroupsRoutes } from './modules/friend-groups/friend-groups.routes.ts';
import { createFriendGroupsService } from './modules/friend-groups/friend-groups.service.ts';
import { friendsRoutes } from './modules/friends/friends.routes.ts';
import { createFriendsService } from './modules/friends/friends.service.ts';
import { groupKinds } from './modules/groups/kinds.ts';
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
import { registerHttpPlugins } from './platform/http-plugins.ts';
import { createJobs, cron, type Jobs } from './platform/jobs.ts';
import { registerJsonBodyParser } from './platform/json-body.ts';
import { createLogger } from './platform/logger.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { createMetrics, metricsAccess } from './platform/metrics.ts';
import { createRateLimiter, MemoryRateLimitStore } from './platform/rate-limit/rate-limiter.ts';
import { RedisRateLimitStore } from './platform/rate-limit/redis-store.ts';
import { createRedisClients } from './platform/redis.ts';
import { createAuthGuards } from './platform/request-user.ts';
import { loadSecrets, loadVapidKeys } from './platform/secrets.ts';
import { createServerOrigin } from './platform/server-origin.ts';
import { createImageResizer, createImageSanitizer } from './platform/storage/image.ts';
import { createImageProcess } from './platform/storage/image-process.ts';
import { createS3Storage } from './platform/storage/s3.ts';
import { createLocalStorage } from './platform/storage/storage.ts';
import { serveWebApp } from './platform/web-app.ts';
import { createWorkQueue } from './platform/work-queue.ts';
import { createRealtime } from './realtime/io.ts';
import { createPublisher } from './realtime/publish.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** apps/web/dist, found from the source tree (src/) or the bundle (dist/). */
function defaultWebDist(): string {
  return path.resolve(here, '..', '..', 'web', 'dist');
}

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
  /** Cron schedules sent by the wall clock (default true; in-process tests turn it off). */
  cronClock?: boolean;
};

/** What a channel factory may use. */
export type AppDeps = {
  db: ReturnType<typeof createDb>['db'];
  jobs: Jobs;
  mailer: Mailer;
  config: Config & { databaseUrl: string };
  log: FastifyBaseLogger;
};

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
  const vapid = await loadVapidKeys(db, config.push.vapid, generateVapidKeys);
  const background = createBackground(app.log);
  // The one job queue (decision 017): pg-boss in the `pgboss` schema of the same database.
  const jobs = createJobs({
    databaseUrl: config.databaseUrl,
    log: app.log,
    pollingIntervalSeconds: options.jobsPollingSeconds,
    clock: options.cronClock,
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
    onSessionsRevoked: (sessionIds, elsewhere) => publisher.disconnectSessions(sessionIds, elsewhere),
    claimGuestAnswers: (tx, userId, email) => guests.claimWithin(tx, userId, email),
  });
  const guards = createAuthGuards(auth);
  // Every image decode (uploads, S3 finalize) goes through this one bounded queue.
  const images = createWorkQueue(config.imageWork);
  // ... decoded in a child process at a low CPU priority (IMAGE_NICE; decision 036).
  const imageCodec = createImageProcess(config.imageWork.nice);
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
    limiter,
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
  // What the modules that mail signed links need (guest answers, club invitations).
  const signedMail = { db, jobs, mailer, limiter, publicUrl: config.publicUrl, secret: secrets.jwtSecret };
  const guests = createGuestService({
    ...signedMail,
    rsvps,
    // Guest votes in date polls (decision 056): the polls service is made further down.
    polls: {
      guestPoll: (id) => polls.guestPoll(id),
      voteWithin: (tx, voter, id, votes) => polls.voteWithin(tx, voter, id, votes),
      announceVote: (written) => polls.announceVote(written),
      tellVote: (written) => polls.tellVote(written),
      readAsGuest: (pollId, guestId, ex) => polls.readAsGuest(pollId, guestId, ex),
      claimWithin: (tx, pollId, guestId, userId) => polls.claimWithin(tx, pollId, guestId, userId),
    },
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
  // Polls are built with the notifications they send; the rules ask them only once both exist.
  const canSeeSubject = createSubjectRules({
    canSeeEvent,
    communityVisibleTo: (communityId, userId) => communitiesService.isVisibleTo(communityId, userId),
    canReadChannel,
    pollVisibleTo: (pollId, userId) => polls.canSeeById(pollId, userId),
  });
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
    canSee: canSeeSubject,
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
    visibleToVisitor: (eventId) => eventsService.isVisible(eventId, undefined),
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
  await registerHttpPlugins(app, {
    publicUrl: config.publicUrl,
    corsOrigins: config.corsOrigins,
    tileUrl: config.map.tileUrl,
    s3Origins,
    maxBody: MAX_BODY,
  });

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
    ...signedMail,
    allowPrivate: config.push.allowPrivateEndpoints,
    importDeadlineMs: config.importDeadlineMs,
    communities: communitiesService,
    blockedBetween: (a, b) => blocks.between(a, b),
  });
  clubIoRoutes(app, clubIo, communitiesService, guards);
  const communityAnnouncements = createCommunityAnnouncements({
    db,
    limiter,
    community: (slug, viewerId) => communitiesService.get(slug, viewerId),
    memberIds: async (communityId) =>
      ((await memberships.peopleByGroup(groupKinds.community, [communityId])).get(communityId) ?? []).map(
        (p) => p.id,
      ),
    notify: (community, actorId, memberIds, announcement) =>
      notifications.communityAnnouncement(community, actorId, memberIds, announcement),
  });
  communityAnnouncementRoutes(app, communityAnnouncements, guards);
  notificationsRoutes(app, notifications, guards);
  pushRoutes(app, push, guards);
  searchRoutes(app, db, guards, communitiesService);
  const cityPages = createCityPages({
    db,
    presentPublic: (rows) => eventsService.presentPublic(rows),
    presentCommunity: (row) => communitiesService.presentForVisitor(row),
    cacheSeconds: config.publicReads.pageCacheSeconds,
  });
  placesRoutes(app, createPlacesService(db), guards, db, cityPages, limiter, config.publicReads);
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
      announcements: communityAnnouncements,
      publicUrl: config.publicUrl,
      currency: config.currency,
    }),
    createShell(webDist),
    createRenderer(webDist, (err) => app.log.error({ err }, 'page rendering failed')),
    { limiter, ...config.publicReads },
  );
  await serveWebApp(app, webDist);

  await grantAdminToVerified(db, config.adminEmails);

  // Periodic work runs on the queue: declared by every instance, run by one.
  await jobs.start();
  await auth.startMailWorker();
  await guests.start();
  await cron(jobs, 'housekeeping', '7 * * * *', () => purgeExpired(db));
  await clubIo.start();
  await startEventJobs(jobs, {
    db,
    events: eventsService,
    rsvps,
    seriesConfirmDue: notifications.seriesConfirmDue,
    seriesPublishDue: (event) => seriesService.publishDue(event),
  });
  // Nearby alerts (issue 22): at most one digest a week per person, looked for every day.
  await cron(jobs, 'nearby-digest', '23 9 * * *', () => sendNearbyDigests(db, notifications.notify));
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

  return {
    app,
    close,
    db,
    background,
    io: realtime.io,
    images,
    jobs,
    notifications,
    pushChannel,
    series: seriesService,
  };
}
