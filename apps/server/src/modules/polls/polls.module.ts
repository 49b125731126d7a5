import type { App } from '../../platform/http.ts';
import type { Kernel } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import type { EventsService } from '../events/events.service.ts';
import type { Memberships } from '../groups/membership.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { pollsRoutes } from './polls.routes.ts';
import { createPolls } from './polls.service.ts';
import { pollEventPublished } from './subscribers/event-published.ts';

/** Date polls: a question with dates, answered until one becomes the event (decision 056). */
export function register(
  app: App,
  deps: Kernel & {
    guards: Guards;
    publisher: Publisher;
    memberships: Memberships;
    communities: CommunitiesService;
    events: EventsService;
    notifications: NotificationsService;
  },
) {
  const polls = createPolls({
    db: deps.db,
    publisher: deps.publisher,
    jobs: deps.jobs,
    memberships: deps.memberships,
    assertCanHost: (communityId, userId) => deps.communities.assertCanHost(communityId, userId),
    createEvent: (user, input) => deps.events.create(user, input),
    notifyMany: (input, options) => deps.notifications.notifyMany(input, options),
    visibleToVisitor: (eventId) => deps.events.isVisible(eventId, undefined),
    log: app.log,
  });
  pollsRoutes(app, polls, deps.guards);
  // A draft made from a poll asks its voters when it is published (decision 082).
  deps.outbox.subscribe(
    pollEventPublished({ published: (event, actorId) => polls.eventPublished(event, actorId) }),
  );
  deps.onStart(() => polls.start());
  return polls;
}
