import {
  createPlaceBody,
  eventMapQuery,
  eventMapResponse,
  idParams,
  NEAR_MSG,
  nearCityParams,
  nearCityResponse,
  PLACE_MSG,
  placeResponse,
  placeSearchQuery,
  placeSearchResponse,
} from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { isUuid } from '../../platform/ids.ts';
import { LIMITS_PER, type RateLimiter, throttlesByIp } from '../../platform/rate-limit/rate-limiter.ts';
import { caller, type createAuthGuards } from '../../platform/request-user.ts';
import { fastSerializer } from '../../platform/serialize.ts';
import type { CityPages } from './city-pages.service.ts';
import { eventMap } from './nearby.service.ts';
import type { createPlacesService } from './places.service.ts';

const tags = ['places'];

/** Places: typeahead over saved places and the gazetteer, pins, and one place by id. */
export function placesRoutes(
  app: App,
  places: ReturnType<typeof createPlacesService>,
  guards: ReturnType<typeof createAuthGuards>,
  db: Database,
  cities: CityPages,
  limiter: RateLimiter,
  /** PLACE_SEARCH_RATE_LIMIT and PAGE_RATE_LIMIT (0: off), decision 062. */
  limits: { placeSearchesPer10s: number; pagesPerMinute: number },
): void {
  const auth = routeOptions(tags, guards.requireAuth);
  const open = routeOptions(tags, guards.optionalAuth, { security: false });
  // Per client address, counted before the token is read: a loop of keystrokes or of page reads
  // from one address cannot take everyone else's time (decision 062).
  const searches = routeOptions(
    tags,
    [
      ...throttlesByIp(limiter, 'place-search', {
        ...LIMITS_PER.placeSearchesPerIp,
        limit: limits.placeSearchesPer10s,
      }),
      guards.optionalAuth,
    ],
    { security: false },
  );
  const cityPageThrottle = throttlesByIp(limiter, 'city-page', {
    ...LIMITS_PER.cityPagesPerIp,
    limit: limits.pagesPerMinute,
  });
  // The typeahead's in-memory gazetteer index is built once the server listens, not on the first
  // keystroke (tests, which never listen, build it when they first search).
  app.addHook('onListen', async () => {
    places.warm().catch((err: unknown) => app.log.error({ err }, 'could not build the gazetteer index'));
  });
  // Signed-out visitors pick a city too, so searching and reading need no account.
  app.get(
    '/api/places/search',
    searches({
      querystring: placeSearchQuery,
      response: { 200: placeSearchResponse, ...errors(400, 401, 429) },
    }),
    async (request) => {
      const { q, near, limit } = request.query;
      return { places: await places.search(request.auth?.user.id, q ?? '', near, limit) };
    },
  );

  app.post(
    '/api/places',
    auth({
      body: createPlaceBody,
      response: { 200: placeResponse, 201: placeResponse, ...errors(400, 401) },
    }),
    async (request, reply) => {
      const { place, created } = await places.create(request.body, caller(request).user.id);
      // 201 for a new place; picking one that exists (the same city, the same pin) is 200.
      return reply.code(created ? 201 : 200).send({ place });
    },
  );

  // The map of the discovery page; signed out, public events only (visibleTo decides).
  app.get(
    '/api/events/map',
    open({ querystring: eventMapQuery, response: { 200: eventMapResponse, ...errors(400, 401) } }),
    async (request) => eventMap(db, request.auth?.user.id, request.query),
  );

  app.get(
    '/api/places/:id',
    open({ params: idParams, response: { 200: placeResponse, ...errors(401, 404) } }),
    async (request) => {
      const place = isUuid(request.params.id)
        ? await places.find(request.params.id, request.auth?.user.id)
        : undefined;
      if (!place) throw notFound(PLACE_MSG.placeNotFound);
      return { place };
    },
  );

  // The city page's data (`/near/:city` renders the same on the server): the same for everyone.
  // Its answer (50 events, 20 communities) is written by a serialiser compiled once from the
  // response schema, not checked value by value by zod on every request (decision 049).
  app.get(
    '/api/near/:city',
    {
      onRequest: cityPageThrottle,
      serializerCompiler: fastSerializer,
      schema: { tags, params: nearCityParams, response: { 200: nearCityResponse, ...errors(404, 429) } },
    },
    async (request) => {
      const page = await cities.find(request.params.city);
      if (!page) throw notFound(NEAR_MSG.cityNotFound);
      return page;
    },
  );
}
