import {
  COMMUNITY_MSG,
  communityDeletedResponse,
  communityEventsQuery,
  communityEventsResponse,
  communityListQuery,
  communityListResponse,
  communityMemberResponse,
  communityMembersResponse,
  communityNotificationsBody,
  communityPeopleResponse,
  communityResponse,
  communityUserBody,
  createCommunityBody,
  idParams,
  joinCommunityBody,
  memberListQuery,
  memberParams,
  slugParam,
  updateCommunityBody,
  updateMemberBody,
  verifiedCommunityBody,
} from '@townsquare/contracts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { isSignedOut, type PublicCache, sendWithEtag } from '../../platform/public-cache.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import { groupChatRoutes } from '../groups/group.routes.ts';
import type { CommunitiesService } from './communities.service.ts';

const tags = ['communities'];

/** Communities (docs/API.md, "Communities"). Thin: validate, authenticate, call the service. */
export function communitiesRoutes(
  app: App,
  service: CommunitiesService,
  guards: Guards,
  /** Signed-out answers of a community (decision 081). */
  cache?: PublicCache,
): void {
  const { requireAuth, optionalAuth } = guards;
  const auth = routeOptions(tags, requireAuth);
  const open = routeOptions(tags, optionalAuth, { security: false });

  app.post(
    '/api/communities',
    auth({ body: createCommunityBody, response: { 201: communityResponse, ...errors(400, 401, 409) } }),
    async (request, reply) =>
      reply.status(201).send({ community: await service.create(caller(request).user, request.body) }),
  );

  app.get(
    '/api/communities',
    open({ querystring: communityListQuery, response: { 200: communityListResponse, ...errors(400, 401) } }),
    async (request) => service.list(request.auth?.user, request.query),
  );

  app.get(
    '/api/communities/mine',
    auth({ response: { 200: communityListResponse, ...errors(401) } }),
    async (request) => service.mine(caller(request).user),
  );

  app.get(
    '/api/communities/:slug',
    open({ params: slugParam, response: { 200: communityResponse, ...errors(401, 404) } }),
    async (request, reply) => {
      const { slug } = request.params;
      // A signed-out visitor's answer is the same for everyone: from the public cache, with an ETag.
      if (cache && !request.auth && isSignedOut(request)) {
        const cached = await cache.get(`json:community:${slug}`, async () => ({
          community: await service.get(slug, undefined),
        }));
        return sendWithEtag(request, reply, cached);
      }
      return { community: await service.get(slug, request.auth?.user.id) };
    },
  );

  app.patch(
    '/api/communities/:slug',
    auth({
      params: slugParam,
      body: updateCommunityBody,
      response: { 200: communityResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      community: await service.update(caller(request).user, request.params.slug, request.body),
    }),
  );

  app.delete(
    '/api/communities/:slug',
    auth({ params: slugParam, response: { 200: communityDeletedResponse, ...errors(401, 403, 404) } }),
    async (request) => {
      await service.remove(caller(request).user, request.params.slug);
      return { message: COMMUNITY_MSG.deleted };
    },
  );

  app.post(
    '/api/communities/:slug/join',
    auth({
      params: slugParam,
      body: joinCommunityBody,
      response: { 200: communityResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      community: await service.join(caller(request).user, request.params.slug, request.body?.answers),
    }),
  );

  app.post(
    '/api/communities/:slug/leave',
    auth({ params: slugParam, response: { 200: communityResponse, ...errors(400, 401, 403, 404) } }),
    async (request) => ({ community: await service.leave(caller(request).user, request.params.slug) }),
  );

  app.put(
    '/api/communities/:slug/notifications',
    auth({
      params: slugParam,
      body: communityNotificationsBody,
      response: { 200: communityResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      community: await service.setEventNotifications(
        caller(request).user,
        request.params.slug,
        request.body.events,
      ),
    }),
  );

  app.get(
    '/api/communities/:slug/people',
    open({ params: slugParam, response: { 200: communityPeopleResponse, ...errors(401, 403, 404) } }),
    async (request) => service.people(request.params.slug, request.auth?.user.id),
  );

  app.get(
    '/api/communities/:slug/members',
    auth({
      params: slugParam,
      querystring: memberListQuery,
      response: { 200: communityMembersResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => service.members(caller(request).user, request.params.slug, request.query),
  );

  app.patch(
    '/api/communities/:slug/members/:userId',
    auth({
      params: memberParams,
      body: updateMemberBody,
      response: { 200: communityMemberResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      member: await service.updateMember(
        caller(request).user,
        request.params.slug,
        request.params.userId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/communities/:slug/members/:userId',
    auth({ params: memberParams, response: { 200: communityResponse, ...errors(401, 403, 404) } }),
    async (request) => ({
      community: await service.removeMember(caller(request).user, request.params.slug, request.params.userId),
    }),
  );

  for (const [path, act] of [
    ['invites', service.invite],
    ['bans', service.ban],
  ] as const) {
    app.post(
      `/api/communities/:slug/${path}`,
      auth({
        params: slugParam,
        body: communityUserBody,
        response: { 201: communityMemberResponse, ...errors(400, 401, 403, 404) },
      }),
      async (request, reply) =>
        reply
          .status(201)
          .send({ member: await act(caller(request).user, request.params.slug, request.body.userId) }),
    );
  }

  app.get(
    '/api/communities/:slug/events',
    open({
      params: slugParam,
      querystring: communityEventsQuery,
      response: { 200: communityEventsResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => service.events(request.auth?.user, request.params.slug, request.query),
  );

  groupChatRoutes(app, {
    path: '/api/communities/:slug/messages',
    key: 'slug',
    param: slugParam.shape.slug,
    tags,
    onRequest: requireAuth,
    chat: service,
    deny: [403],
  });

  app.put(
    '/api/admin/communities/:id/verified',
    routeOptions(
      ['admin'],
      guards.requireAdmin,
    )({
      params: idParams,
      body: verifiedCommunityBody,
      response: { 200: communityResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      community: await service.setVerified(request.params.id, request.body.value, caller(request).user.id),
    }),
  );
}
