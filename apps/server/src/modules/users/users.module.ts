import type { App } from '../../platform/http.ts';
import type { Kernel, Later } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CalendarService } from '../calendar/calendar.service.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import type { RsvpService } from '../events/rsvp.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { exportRoutes } from './export.routes.ts';
import { createExportService } from './export.service.ts';
import { grantAdminToVerified } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** Profiles, settings, closing an account, and a person's data export. */
export function register(
  app: App,
  deps: Kernel & {
    guards: Guards;
    auth: AuthService;
    uploads: UploadsService;
    calendar: CalendarService;
    rsvps: RsvpService;
    publisher: Publisher;
    communities: Later<CommunitiesService>;
    notifications: Later<NotificationsService>;
  },
) {
  const users = createUsersService({
    db: deps.db,
    isOwnImageUrl: (url, ownerId) => deps.uploads.isOwnImage(url, ownerId),
    confirmPassword: deps.auth.confirmPassword,
    startEmailChange: deps.auth.startEmailChange,
    releaseCommunities: (tx, userId) => deps.communities().releaseAccount(tx, userId),
    refillWithin: (tx, eventIds) => deps.rsvps.refillWithin(tx, eventIds),
  });
  usersRoutes(app, users, deps.auth, deps.guards, deps.calendar.feedUrl);
  exportRoutes(
    app,
    createExportService({
      db: deps.db,
      limiter: deps.limiter,
      publicUrl: (key) => deps.storage.publicUrl(key),
    }),
    deps.guards,
  );
  deps.onStart(() => grantAdminToVerified(deps.db, deps.config.adminEmails));
  return users;
}
