import type { FastifyBaseLogger } from 'fastify';
import * as admin from './modules/admin/admin.module.ts';
import * as albums from './modules/albums/albums.module.ts';
import * as auth from './modules/auth/auth.module.ts';
import * as blocks from './modules/blocks/blocks.module.ts';
import * as calendar from './modules/calendar/calendar.module.ts';
import * as chat from './modules/chat/chat.module.ts';
import * as clubIo from './modules/club-io/club-io.module.ts';
import * as communities from './modules/communities/communities.module.ts';
import * as events from './modules/events/events.module.ts';
import * as federation from './modules/federation/federation.module.ts';
import * as friendGroups from './modules/friend-groups/friend-groups.module.ts';
import * as friends from './modules/friends/friends.module.ts';
import * as groups from './modules/groups/groups.module.ts';
import * as guests from './modules/guests/guests.module.ts';
import * as health from './modules/health/health.module.ts';
import * as moderation from './modules/moderation/moderation.module.ts';
import * as notifications from './modules/notifications/notifications.module.ts';
import type { NotificationChannel } from './modules/notifications/notify.ts';
import * as pages from './modules/pages/pages.module.ts';
import * as places from './modules/places/places.module.ts';
import * as polls from './modules/polls/polls.module.ts';
import * as push from './modules/push/push.module.ts';
import * as search from './modules/search/search.module.ts';
import * as signups from './modules/signups/signups.module.ts';
import * as sponsors from './modules/sponsors/sponsors.module.ts';
import * as subgroups from './modules/subgroups/subgroups.module.ts';
import * as uploads from './modules/uploads/uploads.module.ts';
import * as users from './modules/users/users.module.ts';
import { type AppConfig, createKernel, type Kernel, type KernelOptions } from './platform/kernel.ts';
import * as realtime from './realtime/realtime.module.ts';

export type BuildOptions = KernelOptions & {
  /**
   * Notification channels beyond the app and e-mail (Web Push: `createPushChannel` from
   * modules/push), built from the app's dependencies.
   */
  channels?: (deps: AppDeps) => NotificationChannel[];
};

/** What a channel factory may use. */
export type AppDeps = Pick<Kernel, 'db' | 'jobs' | 'mailer' | 'config'> & { log: FastifyBaseLogger };

/**
 * Builds the HTTP application: the platform, then every module registering itself, in an order
 * where each is given what it needs (decision 071). A module that needs one registered further
 * down (the two ask each other) is given it as `() => x`, read only when first used. The caller
 * listens (server.ts) or injects requests (tests), and calls `close` to release everything.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}) {
  const k = await createKernel(config, options);
  const { app } = k;

  const instanceSettings = health.register(app, { ...k, io: () => io });
  const account = auth.register(app, { ...k, guests: () => guestService, publisher: () => publisher });
  const { guards } = account;
  const { io, publisher } = realtime.register(app, {
    ...k,
    auth: account.auth,
    tokens: account.tokens,
    friends: () => friendService,
    blocks: () => blockService,
    resolveRoom: () => rooms.resolveRoom,
  });
  const uploadService = await uploads.register(app, { ...k, guards });
  const ev = events.register(app, {
    ...k,
    guards,
    publisher,
    uploads: uploadService,
    notifications: () => notificationService,
    signups: () => signupService,
    guests: () => guestService,
    communities: () => club.communities,
    rooms: () => rooms.rooms,
    memberships: () => memberships,
    remoteEvents: () => fed?.remoteEvents,
  });
  const guestService = guests.register(app, { ...k, rsvps: ev.rsvps, polls: () => pollService });
  const calendarService = calendar.register(app, { ...k, guards });
  users.register(app, {
    ...k,
    guards,
    auth: account.auth,
    uploads: uploadService,
    calendar: calendarService,
    rsvps: ev.rsvps,
    publisher,
    communities: () => club.communities,
    notifications: () => notificationService,
  });
  const friendService = friends.register(app, {
    ...k,
    guards,
    publisher,
    blocks: () => blockService,
    notifications: () => notificationService,
    rooms: () => rooms.rooms,
  });
  const { chat: chatService, ...rooms } = chat.register(app, {
    ...k,
    guards,
    publisher,
    friends: friendService,
    canSeeEvent: ev.canSeeEvent,
    blocks: () => blockService,
    notifications: () => notificationService,
    moderation: () => moderationService,
    subgroups: () => subgroupService,
    friendGroups: () => friendGroupService,
    communities: () => club.communities,
    polls: () => pollService,
  });
  const memberships = groups.register({ ...k, publisher, chat: chatService, friends: friendService });
  const friendGroupService = friendGroups.register(app, { ...k, guards, memberships });
  const subgroupService = subgroups.register(app, { ...k, guards, memberships });
  const blockService = blocks.register(app, {
    ...k,
    guards,
    publisher,
    friends: friendService,
    friendGroups: friendGroupService,
    memberships,
    rooms: () => rooms.rooms,
  });
  const club = communities.register(app, {
    ...k,
    guards,
    publisher,
    memberships,
    uploads: uploadService,
    events: ev.events,
    blocks: blockService,
    rooms: () => rooms.rooms,
    polls: () => pollService,
    moderation: () => moderationService,
    notifications: () => notificationService,
  });
  clubIo.register(app, { ...k, guards, communities: club.communities, blocks: blockService });
  const webPush = await push.register(app, { ...k, guards });
  const moderationService = moderation.register(app, {
    ...k,
    guards,
    publisher,
    auth: account.auth,
    canReadChannel: rooms.canReadChannel,
    canSeeEvent: ev.canSeeEvent,
    communities: club.communities,
    rsvps: ev.rsvps,
    rooms: rooms.rooms,
    notifications: () => notificationService,
    photos: () => albumService.moderation,
  });
  const notificationService = await notifications.register(app, {
    ...k,
    guards,
    publisher,
    canSeeEvent: ev.canSeeEvent,
    canReadChannel: rooms.canReadChannel,
    communities: club.communities,
    guests: guestService,
    channels: [webPush.channel, ...(options.channels?.(k) ?? [])],
    polls: () => pollService,
    signups: () => signupService,
  });
  const pollService = polls.register(app, {
    ...k,
    guards,
    publisher,
    memberships,
    communities: club.communities,
    events: ev.events,
    notifications: notificationService,
  });
  const signupService = signups.register(app, {
    ...k,
    guards,
    publisher,
    events: ev.events,
    rsvps: ev.rsvps,
    notifications: notificationService,
  });
  const albumService = albums.register(app, {
    ...k,
    guards,
    uploads: uploadService,
    communities: club.communities,
    notifications: notificationService,
  });
  search.register(app, { ...k, guards, communities: club.communities });
  const cities = places.register(app, {
    ...k,
    guards,
    events: ev.events,
    communities: club.communities,
    notifications: notificationService,
    remoteEvents: () => fed?.remoteEvents,
  });
  admin.register(app, { ...k, guards, moderation: moderationService, instanceSettings });
  const sponsorService = sponsors.register(app, {
    ...k,
    guards,
    communities: club.communities,
    events: ev.events,
    uploads: uploadService,
    moderation: () => moderationService,
    notifications: () => notificationService,
  });
  // Before the pages: on the paths both share, ActivityPub callers get the library's answer.
  const fed = federation.register(app, { ...k, guards, rsvps: ev.rsvps });
  // Last: the web app answers every path no module claimed.
  await pages.register(app, {
    ...k,
    events: ev.events,
    cities,
    communities: club.communities,
    announcements: club.announcements,
    albums: albumService,
    sponsors: sponsorService,
    currency: () => instanceSettings.currencyNow(),
  });

  await k.start();

  return {
    app,
    close: k.close,
    db: k.db,
    outbox: k.outbox,
    io,
    images: k.images,
    jobs: k.jobs,
    /** The link signer (decision 066), for tests that make the links a mail would carry. */
    links: k.links,
    notifications: notificationService,
    pushChannel: webPush.channel,
    series: ev.series,
    /** Sponsors (decision 074), for tests that run the renewal reminders at a chosen day. */
    sponsors: sponsorService,
  };
}
