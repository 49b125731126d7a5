import type { App } from '../../platform/http.ts';
import type { Kernel, Later } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { RoomRechecks } from '../chat/rooms.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import type { RsvpService } from '../events/rsvp.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { moderationRoutes } from './moderation.routes.ts';
import type { PhotoModeration } from './moderation.service.ts';
import { createModerationService } from './moderation.service.ts';

/** Reports, suspensions, hidden content and the audit log (decision 021). */
export function register(
  app: App,
  deps: Kernel & {
    guards: Guards;
    publisher: Publisher;
    auth: AuthService;
    canReadChannel: (userId: string, channel: string) => Promise<boolean>;
    canSeeEvent: (eventId: string, viewerId: string | undefined) => Promise<void>;
    communities: CommunitiesService;
    rsvps: RsvpService;
    rooms: RoomRechecks;
    notifications: Later<NotificationsService>;
    photos: Later<PhotoModeration>;
  },
) {
  const moderation = createModerationService({
    db: deps.db,
    publisher: deps.publisher,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    endAllSessions: (userId, reason) => deps.auth.endAllSessions(userId, reason),
    canReadChannel: deps.canReadChannel,
    canSeeEvent: deps.canSeeEvent,
    isCommunityOrganizer: (communityId, userId) => deps.communities.isOrganizer(communityId, userId),
    isEventHost: (event, userId) => deps.rsvps.isHost(event, userId),
    onEventHidden: (eventId) =>
      deps.rooms.event(eventId).catch((err: unknown) => app.log.warn({ err }, 'event room recheck failed')),
    notify: (input) => deps.notifications().notifyLater(input),
    photos: () => deps.photos(),
  });
  moderationRoutes(app, moderation, deps.guards);
  return moderation;
}
