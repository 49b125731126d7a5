import {
  federationBlockedDomainResponse,
  federationBlockedDomainsResponse,
  federationDomainBody,
  federationDomainParams,
  federationFollowBody,
  federationFollowResponse,
  federationFollowsResponse,
  idParams,
  messageResponse,
} from '@townsquare/contracts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { DomainBlocks } from './domain-blocks.ts';
import type { FollowsService } from './follows.service.ts';

const tags = ['federation'];

/** Following remote actors (docs/API.md, "Federation"; decision 079). */
export function followsRoutes(app: App, follows: FollowsService, guards: Guards): void {
  const auth = routeOptions(tags, guards.requireAuth);

  app.post(
    '/api/federation/follows',
    auth({
      body: federationFollowBody,
      response: { 201: federationFollowResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request, reply) => {
      const follow = await follows.follow(caller(request).user, request.body);
      return reply.code(201).send({ follow });
    },
  );

  app.get(
    '/api/federation/follows',
    auth({ response: { 200: federationFollowsResponse, ...errors(401) } }),
    async (request) => ({ follows: await follows.list(caller(request).user) }),
  );

  app.delete(
    '/api/federation/follows/:id',
    auth({ params: idParams, response: { 200: messageResponse, ...errors(401, 404) } }),
    async (request) => {
      await follows.unfollow(caller(request).user, request.params.id);
      return { message: 'Unfollowed' };
    },
  );
}

/** Admins block and unblock remote domains at run time (decision 079). */
export function domainBlockRoutes(app: App, blocks: DomainBlocks, guards: Guards): void {
  const admin = routeOptions(tags, guards.requireAdmin);

  app.get(
    '/api/federation/blocked-domains',
    admin({ response: { 200: federationBlockedDomainsResponse, ...errors(401, 403) } }),
    async () => ({ domains: blocks.list() }),
  );

  app.post(
    '/api/federation/blocked-domains',
    admin({
      body: federationDomainBody,
      response: { 201: federationBlockedDomainResponse, ...errors(400, 401, 403) },
    }),
    async (request, reply) => {
      const domain = await blocks.block(request.body.domain, caller(request).user.id);
      return reply.code(201).send({ domain });
    },
  );

  app.delete(
    '/api/federation/blocked-domains/:domain',
    admin({ params: federationDomainParams, response: { 200: messageResponse, ...errors(401, 403, 404) } }),
    async (request) => {
      await blocks.unblock(request.params.domain.toLowerCase());
      return { message: 'Unblocked' };
    },
  );
}
