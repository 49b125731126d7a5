import type { App } from '../../platform/http.ts';
import type { Kernel, Later } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { RoomRechecks } from '../chat/rooms.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import type { Memberships } from '../groups/membership.service.ts';
import type { GuestService } from '../guests/guests.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { RemoteEventsSource } from '../places/nearby.service.ts';
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
import { placeOffered } from './subscribers/place-offered.ts';
import { signupReleased } from './subscribers/signup-released.ts';

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
    /** Followed remote servers' events (decision 079), when federation runs. */
    remoteEvents?: () => RemoteEventsSource | undefined;
  },
) {
  const { db, config, guards } = deps;
  const rsvps = createRsvpService({
    db,
    limiter: deps.limiter,
    publicUrl: config.publicUrl,
    sheets: {
      releaseWithin: (tx, eventId, userId) => deps.signups().releaseWithin(tx, eventId, userId),
      bringing: (event) => deps.signups().bringing(event),
    },
    publisher: deps.publisher,
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
    remindersWithin: (tx, change) => deps.notifications().remindersWithin(tx, change),
    remoteEvents: deps.remoteEvents,
  });
  const series = createSeriesService({
    db,
    events,
    isOwnImage: (url, ownerId) => deps.uploads.isOwnImage(url, ownerId),
    assertCanHost: (communityId, userId) => deps.communities().assertCanHost(communityId, userId),
  });
  eventsRoutes(app, events, deps.uploads, guards, series, uploadAllowance(deps.limiter), deps.publicCache);
  seriesRoutes(app, series, guards);
  rsvpRoutes(
    app,
    events,
    rsvps,
    guards,
    createEventAnnouncements({
      db,
      hosted: rsvps.hosted,
      limiter: deps.limiter,
      audience: (event, actorId, audience) =>
        deps.notifications().announcementAudience(event, actorId, audience),
    }),
  );
  // Waitlist offers and sign-up releases reach people through the outbox (decision 065).
  deps.outbox.subscribe(
    placeOffered({
      db,
      notify: (input) => deps.notifications().notify(input),
      guestOffer: (offer) => deps.guests().offered(offer),
    }),
  );
  deps.outbox.subscribe(signupReleased({ released: (...args) => deps.signups().released(...args) }));
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
