import {
  createSeriesBody,
  createSeriesResponse,
  eventResponse,
  idParams as params,
  pendingOccurrencesResponse,
  seriesResponse,
  seriesRsvpBody,
  updateSeriesBody,
} from '@townsquare/contracts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { SeriesService } from './series.service.ts';

const tags = ['series'];

/** Series (decision 023): create, the host's pending confirmations, confirm, standing RSVP. */
export function seriesRoutes(app: App, series: SeriesService, guards: Guards): void {
  const { requireAuth } = guards;
  const auth = routeOptions(tags, requireAuth);

  app.post(
    '/api/series',
    auth({ body: createSeriesBody, response: { 201: createSeriesResponse, ...errors(400, 401, 403, 404) } }),
    async (request, reply) => reply.status(201).send(await series.create(caller(request).user, request.body)),
  );

  app.get(
    '/api/series/pending',
    auth({ response: { 200: pendingOccurrencesResponse, ...errors(401) } }),
    async (request) => ({ events: await series.pending(caller(request).user) }),
  );

  app.get(
    '/api/series/:id',
    auth({ params, response: { 200: seriesResponse, ...errors(401, 404) } }),
    async (request) => ({ series: await series.get(caller(request).user, request.params.id) }),
  );

  app.patch(
    '/api/series/:id',
    auth({
      params,
      body: updateSeriesBody,
      response: { 200: seriesResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      series: await series.setAutoPublish(caller(request).user, request.params.id, request.body.autoPublish),
    }),
  );

  app.post(
    '/api/series/:id/rsvp',
    auth({ params, body: seriesRsvpBody, response: { 200: seriesResponse, ...errors(400, 401, 404, 409) } }),
    async (request) => ({
      series: await series.setStanding(caller(request).user, request.params.id, request.body.status),
    }),
  );

  app.post(
    '/api/events/:id/confirm',
    auth({ params, response: { 200: eventResponse, ...errors(400, 401, 403, 404, 409) } }),
    async (request) => ({ event: await series.confirm(caller(request).user, request.params.id) }),
  );
}
