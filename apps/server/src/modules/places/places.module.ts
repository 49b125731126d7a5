import type { App } from '../../platform/http.ts';
import { cron } from '../../platform/jobs.ts';
import type { Kernel } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import type { EventsService } from '../events/events.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createCityPages } from './city-pages.service.ts';
import type { RemoteEventsSource } from './nearby.service.ts';
import { sendNearbyDigests } from './nearby-alerts.service.ts';
import { placesRoutes } from './places.routes.ts';
import { createPlacesService } from './places.service.ts';

/** Places, the gazetteer, city pages and the weekly "near you" digest. */
export function register(
  app: App,
  deps: Kernel & {
    guards: Guards;
    events: EventsService;
    communities: CommunitiesService;
    notifications: NotificationsService;
    /** Followed remote servers' events (decision 079), when federation runs. */
    remoteEvents?: () => RemoteEventsSource | undefined;
  },
) {
  const { config } = deps;
  const cityPages = createCityPages({
    db: deps.db,
    presentPublic: (rows) => deps.events.presentPublic(rows),
    presentCommunity: (row) => deps.communities.presentForVisitor(row),
    cacheSeconds: config.publicReads.pageCacheSeconds,
    remote: deps.remoteEvents,
  });
  placesRoutes(
    app,
    createPlacesService(deps.db),
    deps.guards,
    deps.db,
    cityPages,
    deps.limiter,
    config.publicReads,
  );
  // At most one digest a week per person, looked for every day.
  deps.onStart(() =>
    cron(deps.jobs, 'nearby-digest', '23 9 * * *', () =>
      sendNearbyDigests(deps.db, deps.notifications.notify),
    ),
  );
  return cityPages;
}
