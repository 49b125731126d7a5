import type { App } from '../../platform/http.ts';
import { cron } from '../../platform/jobs.ts';
import type { Kernel, Later } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import type { EventsService } from '../events/events.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { sponsorsRoutes } from './sponsors.routes.ts';
import { createSponsorsService } from './sponsors.service.ts';
import { sponsorshipChanged } from './subscribers/sponsorship-changed.ts';

/** Sponsors (decision 074): business profiles, community packages and sponsorships. */
export function register(
  app: App,
  deps: Kernel & {
    guards: Guards;
    communities: CommunitiesService;
    events: EventsService;
    uploads: UploadsService;
    moderation: Later<ModerationService>;
    notifications: Later<NotificationsService>;
  },
) {
  const sponsors = createSponsorsService({
    db: deps.db,
    community: (slug, viewerId) => deps.communities.get(slug, viewerId),
    communityById: (id, viewerId) => deps.communities.getById(id, viewerId),
    isOwnImage: (url, ownerId) => deps.uploads.isOwnImage(url, ownerId),
    audit: (entry) => deps.moderation().record(entry),
    notifyMany: (input, options) => deps.notifications().notifyMany(input, options),
    event: (id, viewerId) => deps.events.get(id, viewerId),
    updateEvent: (me, id, input) => deps.events.update(me, id, input),
  });
  sponsorsRoutes(app, sponsors, deps.guards);
  deps.outbox.subscribe(
    sponsorshipChanged({ notifyMany: (input) => deps.notifications().notifyMany(input) }),
  );
  // Renewal reminders, 30 and 7 days before a sponsorship's last day, looked for every day.
  deps.onStart(() => cron(deps.jobs, 'sponsorship-renewals', '41 8 * * *', () => sponsors.remindEndings()));
  return sponsors;
}
