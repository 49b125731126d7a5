import type { App } from '../../platform/http.ts';
import type { Kernel } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { EventsService } from '../events/events.service.ts';
import type { RsvpService } from '../events/rsvp.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { signupsRoutes } from './signups.routes.ts';
import { createSignups } from './signups.service.ts';

/** Sign-up sheets: what people bring to an event. */
export function register(
  app: App,
  deps: Kernel & {
    guards: Guards;
    publisher: Publisher;
    events: EventsService;
    rsvps: RsvpService;
    notifications: NotificationsService;
  },
) {
  const signups = createSignups({
    db: deps.db,
    publisher: deps.publisher,
    findVisibleEvent: (eventId, viewerId) => deps.events.findVisibleRow(eventId, viewerId),
    isHost: (event, userId) => deps.rsvps.isHost(event, userId),
    notifyMany: (input) => deps.notifications.notifyMany(input),
    log: app.log,
  });
  signupsRoutes(app, signups, deps.guards);
  return signups;
}
