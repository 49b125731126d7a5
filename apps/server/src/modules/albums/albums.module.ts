import type { App } from '../../platform/http.ts';
import type { Kernel } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { albumsRoutes } from './albums.routes.ts';
import { createAlbumsService } from './albums.service.ts';
import { firstPhotos, recapPublished } from './subscribers/tell-attendees.ts';

/** Event albums and recaps (decision 075): photos through the one upload path, told once a day. */
export function register(
  app: App,
  deps: Kernel & {
    guards: Guards;
    uploads: UploadsService;
    communities: CommunitiesService;
    notifications: NotificationsService;
  },
) {
  const albums = createAlbumsService({
    db: deps.db,
    storage: deps.storage,
    isOwnImage: (url, ownerId, purpose) => deps.uploads.isOwnImage(url, ownerId, purpose),
    isOrganizer: (communityId, userId) => deps.communities.isOrganizer(communityId, userId),
    communityId: async (slug, viewerId) => (await deps.communities.get(slug, viewerId)).id,
    removeStored: (key) => deps.uploads.removeStored(key),
  });
  albumsRoutes(app, albums, deps.guards);
  const tellDeps = {
    db: deps.db,
    notifyMany: (input: Parameters<NotificationsService['notifyMany']>[0]) =>
      deps.notifications.notifyMany(input),
  };
  deps.outbox.subscribe(firstPhotos(tellDeps));
  deps.outbox.subscribe(recapPublished(tellDeps));
  return albums;
}
