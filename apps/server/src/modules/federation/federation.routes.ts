import {
  fediverseFollowerBody,
  fediverseFollowerResponse,
  fediverseFollowersResponse,
  slugParam,
} from '@townsquare/contracts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { FollowersService } from './followers.service.ts';

const tags = ['federation'];

/** Organisers and their community's fediverse followers (docs/API.md, "Federation"). */
export function federationRoutes(app: App, followers: FollowersService, guards: Guards): void {
  const auth = routeOptions(tags, guards.requireAuth);

  app.get(
    '/api/communities/:slug/fediverse/followers',
    auth({ params: slugParam, response: { 200: fediverseFollowersResponse, ...errors(400, 401, 403, 404) } }),
    async (request) => ({ followers: await followers.list(request.params.slug, caller(request).user.id) }),
  );

  app.post(
    '/api/communities/:slug/fediverse/followers/approve',
    auth({
      params: slugParam,
      body: fediverseFollowerBody,
      response: { 200: fediverseFollowerResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      follower: await followers.approve(request.params.slug, caller(request).user.id, request.body.actor),
    }),
  );

  app.post(
    '/api/communities/:slug/fediverse/followers/reject',
    auth({
      params: slugParam,
      body: fediverseFollowerBody,
      response: { 200: fediverseFollowerResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      follower: await followers.reject(request.params.slug, caller(request).user.id, request.body.actor),
    }),
  );
}
