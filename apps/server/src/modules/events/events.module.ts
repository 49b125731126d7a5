import type { App } from '../../platform/http.ts';
import type { Kernel, Later } from '../../platform/kernel.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { Guards } from '../auth/authenticate.ts';
import type { RoomRechecks } from '../chat/rooms.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import type { Memberships } from '../groups/membership.service.ts';
import type { GuestService } from '../guests/guests.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SignupsService } from '../signups/signups.service.ts';
import { uploadAllowance } from '../uploads/uploads.routes.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { createEventAnnouncements } from './announcements.service.ts';
import { startEventJobs } from './event-jobs.ts';
import { eventsRoutes } from './events.routes.ts';
import { createEventsService } from './events.service.ts';
import { rsvpRoutes } from './rsvp.routes.ts';
import { createRsvpService } from './rsvp.service.ts';
import { seriesRoutes } from './series.routes.ts';
import { createSeriesService } from './series.service.ts';

/** Events, their series and the one RSVP write path (answers, waitlists, offers, co-hosts). */
export function register(
  app: App,
  deps: Kernel & {
    guards: Guards;
    publisher: Publisher;
    uploads: UploadsService;
    notifications: Later<NotificationsService>;
    signups: Later<SignupsService>;
    guests: Later<GuestService>;
    communities: Later<CommunitiesService>;
    rooms: Later<RoomRechecks>;
    memberships: Later<Memberships>;
  },
) {
  const { db, config, guards } = deps;
  const rsvps = createRsvpService({
    db,
    limiter: deps.limiter,
    background: deps.background,
    publicUrl: config.publicUrl,
    notify: (input) => deps.notifications().notifyLater(input),
    sheets: {
      releaseWithin: (tx, eventId, userId) => deps.signups().releaseWithin(tx, eventId, userId),
      released: (eventId, userId, released) => deps.signups().released(eventId, userId, released),
      bringing: (event) => deps.signups().bringing(event),
    },
    publisher: deps.publisher,
    guestOffer: (offer) => deps.guests().offered(offer),
    links: deps.links,
    cohosts: { change: (c) => deps.memberships().change('cohost', c) },
  });
  const events = createEventsService({
    db,
    rsvps,
    publicUrl: config.publicUrl,
    isOwnImage: (url, ownerId) => deps.uploads.isOwnImage(url, ownerId),
    onVisibilityChanged: (eventId) =>
      deps
        .rooms()
        .event(eventId)
        .catch((err: unknown) => app.log.warn({ err }, 'event room recheck failed')),
    assertCanHost: (communityId, userId) => deps.communities().assertCanHost(communityId, userId),
    onChanged: (change) => deps.notifications().eventChanged(change),
    onRsvp: (event, userId, status, previous) => deps.notifications().rsvped(event, userId, status, previous),
  });
  const series = createSeriesService({
    db,
    events,
    isOwnImage: (url, ownerId) => deps.uploads.isOwnImage(url, ownerId),
    assertCanHost: (communityId, userId) => deps.communities().assertCanHost(communityId, userId),
    notifyOffers: (offers) => {
      for (const offer of offers) rsvps.notifyOffer(offer);
    },
  });
  eventsRoutes(app, events, deps.uploads, guards, series, uploadAllowance(deps.limiter));
  seriesRoutes(app, series, guards);
  rsvpRoutes(
    app,
    events,
    rsvps,
    guards,
    createEventAnnouncements({
      hosted: rsvps.hosted,
      limiter: deps.limiter,
      announce: (event, actorId, audience, announcement) =>
        deps.notifications().eventAnnouncement(event, actorId, audience, announcement),
    }),
  );
  deps.onStart(() =>
    startEventJobs(deps.jobs, {
      db,
      events,
      rsvps,
      seriesConfirmDue: (...args) => deps.notifications().seriesConfirmDue(...args),
      seriesPublishDue: (event) => series.publishDue(event),
    }),
  );
  /** Whether the viewer may see the event (404 otherwise): the one rule every room and report asks. */
  const canSeeEvent = (eventId: string, viewerId: string | undefined) =>
    events.assertVisible(eventId, viewerId);
  return { events, rsvps, series, canSeeEvent };
}
