import type { App } from '../../platform/http.ts';
import type { Kernel, Later } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { BlocksService } from '../blocks/blocks.service.ts';
import type { RoomRechecks } from '../chat/rooms.ts';
import type { EventsService } from '../events/events.service.ts';
import { groupKinds } from '../groups/kinds.ts';
import type { Memberships } from '../groups/membership.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PollsService } from '../polls/polls.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { communityAnnouncementRoutes } from './announcements.routes.ts';
import { createCommunityAnnouncements } from './announcements.service.ts';
import { communitiesRoutes } from './communities.routes.ts';
import { createCommunitiesService } from './communities.service.ts';

/** Communities (clubs): membership, roles, their events and their announcements. */
export function register(
  app: App,
  deps: Kernel & {
    guards: Guards;
    publisher: Publisher;
    memberships: Memberships;
    uploads: UploadsService;
    events: EventsService;
    blocks: BlocksService;
    rooms: Later<RoomRechecks>;
    polls: Later<PollsService>;
    moderation: Later<ModerationService>;
    notifications: Later<NotificationsService>;
  },
) {
  const communities = createCommunitiesService({
    db: deps.db,
    publisher: deps.publisher,
    memberships: deps.memberships,
    isOwnImage: (url, ownerId) => deps.uploads.isOwnImage(url, ownerId),
    presentEvents: (rows, viewerId) => deps.events.present(rows, viewerId),
    audit: (entry) => deps.moderation().record(entry),
    blockedBetween: (a, b) => deps.blocks.between(a, b),
    onAccessReduced: async ({ userIds = [], eventIds = [] }) => {
      try {
        await deps.rooms().people(userIds);
        for (const userId of userIds) await deps.polls().recheckRooms(userId);
        for (const eventId of eventIds) await deps.rooms().event(eventId);
      } catch (err) {
        app.log.warn({ err }, 'event room recheck failed');
      }
    },
  });
  communitiesRoutes(app, communities, deps.guards, deps.publicCache);
  const announcements = createCommunityAnnouncements({
    db: deps.db,
    limiter: deps.limiter,
    community: (slug, viewerId) => communities.get(slug, viewerId),
    memberIds: async (communityId) =>
      (
        (await deps.memberships.peopleByGroup(groupKinds.community, [communityId])).get(communityId) ?? []
      ).map((p) => p.id),
  });
  communityAnnouncementRoutes(app, announcements, deps.guards);
  return { communities, announcements };
}
