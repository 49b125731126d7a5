import {
  communityAnnouncementBody,
  communityAnnouncementResponse,
  communityAnnouncementsResponse,
  slugParam as params,
} from '@townsquare/contracts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { CommunityAnnouncements } from './announcements.service.ts';

const tags = ['communities'];

/** Organisers' announcements to a community, and the community page's list of them. */
export function communityAnnouncementRoutes(
  app: App,
  announcements: CommunityAnnouncements,
  guards: Guards,
): void {
  const auth = routeOptions(tags, guards.requireAuth);
  const open = routeOptions(tags, guards.optionalAuth, { security: false });

  app.post(
    '/api/communities/:slug/announcements',
    auth({
      params,
      body: communityAnnouncementBody,
      response: { 201: communityAnnouncementResponse, ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await announcements.announce(caller(request).user, request.params.slug, request.body)),
  );

  app.get(
    '/api/communities/:slug/announcements',
    open({ params, response: { 200: communityAnnouncementsResponse, ...errors(403, 404) } }),
    async (request) => announcements.list(request.params.slug, request.auth?.user.id),
  );
}
