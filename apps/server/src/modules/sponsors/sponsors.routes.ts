import {
  communitySponsorshipBody,
  communitySponsorshipSchema,
  communitySponsorsResponse,
  eventSponsorsResponse,
  hostingActionParams,
  hostingOfferListResponse,
  hostingOfferResponse,
  idParams,
  messageResponse,
  offerHostingBody,
  ownSponsorProfileResponse,
  packageParams,
  proposeSponsorshipBody,
  slugParam,
  sponsorableCommunitiesResponse,
  sponsorBrowseQuery,
  sponsorListResponse,
  sponsorPackageBody,
  sponsorPackageResponse,
  sponsorProfileBody,
  sponsorProfileResponse,
  sponsorshipActionParams,
  sponsorshipListQuery,
  sponsorshipListResponse,
  sponsorshipResponse,
  sponsorVerifiedBody,
} from '@townsquare/contracts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { SponsorsService } from './sponsors.service.ts';

const tags = ['sponsors'];

/** Sponsors (docs/API.md, "Sponsors"). Thin: validate, authenticate, call the service. */
export function sponsorsRoutes(app: App, service: SponsorsService, guards: Guards): void {
  const auth = routeOptions(tags, guards.requireAuth);
  const open = routeOptions(tags, guards.optionalAuth, { security: false });
  const admin = routeOptions(tags, guards.requireAdmin);

  app.get(
    '/api/sponsors/me',
    auth({ response: { 200: ownSponsorProfileResponse, ...errors(401) } }),
    async (request) => ({ sponsor: await service.myProfile(caller(request).user) }),
  );

  app.put(
    '/api/sponsors/me',
    auth({ body: sponsorProfileBody, response: { 200: sponsorProfileResponse, ...errors(400, 401, 403) } }),
    async (request) => ({ sponsor: await service.saveProfile(caller(request).user, request.body) }),
  );

  app.get(
    '/api/sponsors/me/communities',
    auth({
      querystring: sponsorBrowseQuery,
      response: { 200: sponsorableCommunitiesResponse, ...errors(400, 401, 403) },
    }),
    async (request) => ({
      communities: await service.browseCommunities(caller(request).user, request.query),
    }),
  );

  app.get(
    '/api/sponsors',
    auth({
      querystring: sponsorBrowseQuery,
      response: { 200: sponsorListResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({ sponsors: await service.browseSponsors(caller(request).user, request.query) }),
  );

  app.get(
    '/api/sponsors/:id',
    open({ params: idParams, response: { 200: sponsorProfileResponse, ...errors(401, 404) } }),
    async (request) => ({ sponsor: await service.profile(request.params.id, request.auth?.user.id) }),
  );

  app.put(
    '/api/admin/sponsors/:id/verified',
    admin({
      params: idParams,
      body: sponsorVerifiedBody,
      response: { 200: sponsorProfileResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      sponsor: await service.setVerified(caller(request).user, request.params.id, request.body.value),
    }),
  );

  app.get(
    '/api/communities/:slug/sponsorship',
    open({ params: slugParam, response: { 200: communitySponsorshipSchema, ...errors(401, 403, 404) } }),
    async (request) => service.offer(request.params.slug, request.auth?.user.id),
  );

  app.put(
    '/api/communities/:slug/sponsorship',
    auth({
      params: slugParam,
      body: communitySponsorshipBody,
      response: { 200: communitySponsorshipSchema, ...errors(400, 401, 403, 404) },
    }),
    async (request) => service.setLooking(caller(request).user, request.params.slug, request.body),
  );

  app.post(
    '/api/communities/:slug/sponsor-packages',
    auth({
      params: slugParam,
      body: sponsorPackageBody,
      response: { 201: sponsorPackageResponse, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request, reply) =>
      reply.status(201).send({
        package: await service.createPackage(caller(request).user, request.params.slug, request.body),
      }),
  );

  app.put(
    '/api/communities/:slug/sponsor-packages/:packageId',
    auth({
      params: packageParams,
      body: sponsorPackageBody,
      response: { 200: sponsorPackageResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      package: await service.updatePackage(
        caller(request).user,
        request.params.slug,
        request.params.packageId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/communities/:slug/sponsor-packages/:packageId',
    auth({ params: packageParams, response: { 200: communitySponsorshipSchema, ...errors(401, 403, 404) } }),
    async (request) => {
      await service.archivePackage(caller(request).user, request.params.slug, request.params.packageId);
      return service.offer(request.params.slug, caller(request).user.id);
    },
  );

  app.get(
    '/api/communities/:slug/sponsors',
    open({ params: slugParam, response: { 200: communitySponsorsResponse, ...errors(401, 403, 404) } }),
    async (request) => service.publicSponsors(request.params.slug, request.auth?.user.id),
  );

  app.post(
    '/api/sponsorships',
    auth({
      body: proposeSponsorshipBody,
      response: { 201: sponsorshipResponse, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request, reply) =>
      reply.status(201).send({ sponsorship: await service.propose(caller(request).user, request.body) }),
  );

  app.get(
    '/api/sponsorships',
    auth({
      querystring: sponsorshipListQuery,
      response: { 200: sponsorshipListResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({ sponsorships: await service.list(caller(request).user, request.query) }),
  );

  app.post(
    '/api/sponsorships/:id/:action',
    auth({
      params: sponsorshipActionParams,
      response: { 200: sponsorshipResponse, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => ({
      sponsorship: await service.act(caller(request).user, request.params.id, request.params.action),
    }),
  );

  app.delete(
    '/api/admin/sponsors/:id',
    admin({ params: idParams, response: { 200: messageResponse, ...errors(401, 403, 404) } }),
    async (request) => {
      await service.removeProfile(caller(request).user, request.params.id);
      return { message: 'Sponsor removed' };
    },
  );

  // Hosting and what an event's page names (decision 083).
  app.get(
    '/api/events/:id/sponsors',
    open({ params: idParams, response: { 200: eventSponsorsResponse, ...errors(401, 404) } }),
    async (request) => {
      const { hostedBy, supportedBy } = await service.eventSponsors(request.params.id, request.auth?.user.id);
      return { hostedBy, supportedBy: supportedBy.map(({ funder: _funder, ...sponsor }) => sponsor) };
    },
  );

  app.post(
    '/api/events/:id/hosting-offers',
    auth({
      params: idParams,
      body: offerHostingBody,
      response: { 201: hostingOfferResponse, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request, reply) =>
      reply.status(201).send({
        offer: await service.offerHosting(caller(request).user, request.params.id, request.body ?? {}),
      }),
  );

  app.get(
    '/api/events/:id/hosting-offers',
    auth({ params: idParams, response: { 200: hostingOfferListResponse, ...errors(401, 404) } }),
    async (request) => ({ offers: await service.hostingOffers(caller(request).user, request.params.id) }),
  );

  app.post(
    '/api/hosting-offers/:id/:action',
    auth({
      params: hostingActionParams,
      response: { 200: hostingOfferResponse, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => ({
      offer: await service.actOnHosting(caller(request).user, request.params.id, request.params.action),
    }),
  );
}
