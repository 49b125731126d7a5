import {
  createEventBody,
  eventCountsResponse,
  eventListQuery,
  eventListResponse,
  eventResponse,
  occurrenceScopeQuery,
  idParams as params,
  publicEventResponse,
  rsvpBody,
  updateEventBody,
} from '@townsquare/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { isSignedOut, type PublicCache, sendWithEtag } from '../../platform/public-cache.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import { fastSerializer } from '../../platform/serialize.ts';
import { readFilePart } from '../uploads/uploads.routes.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { EventsService } from './events.service.ts';
import type { SeriesService } from './series.service.ts';

const tags = ['events'];

/**
 * The original event form may arrive as multipart form data, with the picture as an `image`
 * file. Before validation, the text parts become the same object a JSON client sends; the picture
 * is only read here (kept for the handler, never stored): the handler takes it through the one
 * upload path once the request is authorised and valid (`withFormImage`).
 */
const formImages = new WeakMap<FastifyRequest, Buffer>();

async function multipartToBody(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await readFilePart(part);
      if (part.fieldname === 'image' && bytes.length > 0) formImages.set(request, bytes);
    } else if (typeof part.value === 'string' && !(part.fieldname in body)) {
      body[part.fieldname] = part.value;
    }
  }
  request.body = body;
}

export function eventsRoutes(
  app: App,
  eventsService: EventsService,
  uploads: UploadsService,
  guards: Guards,
  /** Update and delete with `?scope=this|following` (occurrences of a series, decision 023). */
  series: Pick<SeriesService, 'update' | 'remove'>,
  /** The upload limits (uploads.routes `uploadAllowance`): the form's picture counts like any upload. */
  allowUpload: (userId: string, ip: string) => Promise<void>,
  /** Signed-out answers of the public event (decision 081). */
  cache?: PublicCache,
): void {
  const { requireAuth, optionalAuth } = guards;
  const auth = routeOptions(tags, requireAuth);
  const open = routeOptions(tags, optionalAuth, { security: false });

  /**
   * Runs `save` with the form's picture, if any, as `imageUrl`: after `authorise`
   * (a PUT to an event the caller does not host reads no picture), counted against the upload
   * limits, checked by the upload path, and written only when `save` succeeded.
   */
  async function withFormImage<T>(
    request: FastifyRequest,
    authorise: () => Promise<void>,
    save: (imageUrl: string | undefined) => Promise<T>,
  ): Promise<T> {
    const bytes = formImages.get(request);
    if (!bytes) return save(undefined);
    await authorise();
    const userId = caller(request).user.id;
    await allowUpload(userId, request.ip);
    const file = await uploads.prepareFile(userId, bytes, 'event-image');
    let saved: T;
    try {
      saved = await save(file.publicUrl);
    } catch (error) {
      await file.abort();
      throw error;
    }
    await file.commit();
    return saved;
  }

  app.get(
    '/api/events',
    {
      ...auth({ querystring: eventListQuery, response: { 200: eventListResponse, ...errors(400, 401) } }),
      serializerCompiler: fastSerializer,
    },
    async (request) => eventsService.list(caller(request).user, request.query),
  );

  app.get(
    '/api/events/counts',
    auth({ response: { 200: eventCountsResponse, ...errors(401) } }),
    async (request) => eventsService.counts(caller(request).user),
  );

  app.get(
    '/api/events/public/:id',
    {
      ...open({ params, response: { 200: publicEventResponse, ...errors(401, 404) } }),
      serializerCompiler: fastSerializer,
    },
    async (request, reply) => {
      const { id } = request.params;
      // A signed-out visitor's answer is the same for everyone: from the public cache, with an ETag.
      if (cache && !request.auth && isSignedOut(request)) {
        const cached = await cache.get(`json:event:${id}`, async () => ({
          data: await eventsService.getPublic(id, undefined),
        }));
        return sendWithEtag(request, reply, cached);
      }
      return { data: await eventsService.getPublic(id, request.auth?.user.id) };
    },
  );

  app.get(
    '/api/events/:id',
    {
      ...auth({ params, response: { 200: eventResponse, ...errors(401, 404) } }),
      serializerCompiler: fastSerializer,
    },
    async (request) => ({ event: await eventsService.get(request.params.id, caller(request).user.id) }),
  );

  app.get('/api/events/:id/ics', open({ params, produces: ['text/calendar'] }), async (request, reply) => {
    const ics = await eventsService.ics(request.params.id, request.auth?.user.id);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${ics.filename}"`)
      .send(ics.body);
  });

  app.post(
    '/api/events',
    {
      ...auth({ body: createEventBody, response: { 201: eventResponse, ...errors(400, 401, 403, 413) } }),
      preValidation: multipartToBody,
    },
    async (request, reply) => {
      const user = caller(request).user;
      const event = await withFormImage(
        request,
        async () => undefined,
        (imageUrl) => eventsService.create(user, imageUrl ? { ...request.body, imageUrl } : request.body),
      );
      return reply.status(201).send({ event });
    },
  );

  // PUT is contract E5; PATCH (the same partial update) is how `{ "cancelled": true }` reads best.
  for (const method of ['PUT', 'PATCH'] as const)
    app.route({
      method,
      url: '/api/events/:id',
      ...auth({
        params,
        querystring: occurrenceScopeQuery,
        body: updateEventBody,
        response: { 200: eventResponse, ...errors(400, 401, 403, 404) },
      }),
      preValidation: multipartToBody,
      handler: async (request) => {
        const user = caller(request).user;
        const { id } = request.params;
        const event = await withFormImage(
          request,
          () => eventsService.assertHosts(user, id),
          (imageUrl) =>
            series.update(
              user,
              id,
              imageUrl ? { ...request.body, imageUrl } : request.body,
              request.query.scope,
            ),
        );
        return { event };
      },
    });

  app.delete(
    '/api/events/:id',
    auth({
      params,
      querystring: occurrenceScopeQuery,
      response: { 200: eventResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      event: await series.remove(caller(request).user, request.params.id, request.query.scope),
    }),
  );

  app.post(
    '/api/events/:id/publish',
    auth({ params, response: { 200: eventResponse, ...errors(401, 403, 404) } }),
    async (request) => ({ event: await eventsService.publish(caller(request).user, request.params.id) }),
  );

  app.post(
    '/api/events/:id/rsvp',
    auth({ params, body: rsvpBody, response: { 200: eventResponse, ...errors(400, 401, 404, 409) } }),
    async (request) => ({
      event: await eventsService.rsvp(caller(request).user, request.params.id, request.body),
    }),
  );
}
