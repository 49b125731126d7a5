import {
  addPhotoBody,
  albumPhotoParams,
  albumPreferences,
  albumQuery,
  albumResponse,
  albumSettingsBody,
  createRecapBody,
  featureRecapBody,
  idParams,
  photoResponse,
  photoTagParams,
  recapResponse,
  recapsResponse,
  removedResponse,
  tagBody,
  updateRecapBody,
} from '@townsquare/contracts';
import { z } from 'zod';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { AlbumsService } from './albums.service.ts';

const tags = ['albums'];

/** Event albums and recaps (docs/API.md, "Albums and recaps"). Thin: validate, authenticate, call. */
export function albumsRoutes(app: App, service: AlbumsService, guards: Guards): void {
  const auth = routeOptions(tags, guards.requireAuth);
  const open = routeOptions(tags, guards.optionalAuth);
  const me = (request: Parameters<typeof caller>[0]) => request.auth?.user;

  app.get(
    '/api/events/:id/album',
    open({
      params: idParams,
      querystring: albumQuery,
      response: { 200: albumResponse, ...errors(400, 403, 404) },
    }),
    async (request) => service.album(request.params.id, me(request), request.query),
  );

  app.post(
    '/api/events/:id/album',
    auth({
      params: idParams,
      body: addPhotoBody,
      response: { 201: photoResponse, ...errors(400, 401, 403, 404, 409, 413, 429) },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send({ photo: await service.addPhoto(caller(request).user, request.params.id, request.body) }),
  );

  app.patch(
    '/api/events/:id/album',
    auth({
      params: idParams,
      body: albumSettingsBody,
      response: { 200: albumResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => service.setAudience(caller(request).user, request.params.id, request.body.audience),
  );

  app.get(
    '/api/events/:id/album.zip',
    auth({ params: idParams, produces: ['application/zip'] }),
    async (request, reply) => {
      const { stream } = await service.zip(caller(request).user, request.params.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="album-${request.params.id}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.delete(
    '/api/events/:id/album/:photoId',
    auth({ params: albumPhotoParams, response: { 200: removedResponse, ...errors(401, 403, 404) } }),
    async (request) => {
      await service.removePhoto(caller(request).user, request.params.id, request.params.photoId);
      return { removed: true as const };
    },
  );

  app.post(
    '/api/events/:id/album/:photoId/tags',
    auth({
      params: albumPhotoParams,
      body: tagBody,
      response: { 200: photoResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      photo: await service.tag(
        caller(request).user,
        request.params.id,
        request.params.photoId,
        request.body.userId,
      ),
    }),
  );

  app.delete(
    '/api/events/:id/album/:photoId/tags/:userId',
    auth({ params: photoTagParams, response: { 200: removedResponse, ...errors(401, 403, 404) } }),
    async (request) => {
      const { id, photoId, userId } = request.params;
      await service.untag(caller(request).user, id, photoId, userId);
      return { removed: true as const };
    },
  );

  app.get(
    '/api/users/me/album-preferences',
    auth({ response: { 200: albumPreferences, ...errors(401) } }),
    async (request) => service.preferences(caller(request).user),
  );

  app.put(
    '/api/users/me/album-preferences',
    auth({ body: albumPreferences, response: { 200: albumPreferences, ...errors(400, 401) } }),
    async (request) => service.setPreferences(caller(request).user, request.body.hideTaggedFromOutsiders),
  );

  app.get(
    '/api/events/:id/recaps',
    open({ params: idParams, response: { 200: recapsResponse, ...errors(403, 404) } }),
    async (request) => ({ recaps: await service.recapsOfEvent(request.params.id, me(request)) }),
  );

  app.post(
    '/api/events/:id/recaps',
    auth({
      params: idParams,
      body: createRecapBody,
      response: { 201: recapResponse, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send({ recap: await service.createRecap(caller(request).user, request.params.id, request.body) }),
  );

  app.get(
    '/api/recaps/:id',
    open({ params: idParams, response: { 200: recapResponse, ...errors(404) } }),
    async (request) => ({ recap: await service.recap(request.params.id, me(request)) }),
  );

  app.patch(
    '/api/recaps/:id',
    auth({
      params: idParams,
      body: updateRecapBody,
      response: { 200: recapResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      recap: await service.updateRecap(caller(request).user, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/recaps/:id',
    auth({ params: idParams, response: { 200: removedResponse, ...errors(401, 403, 404) } }),
    async (request) => {
      await service.removeRecap(caller(request).user, request.params.id);
      return { removed: true as const };
    },
  );

  app.put(
    '/api/recaps/:id/featured',
    auth({
      params: idParams,
      body: featureRecapBody,
      response: { 200: recapResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      recap: await service.feature(caller(request).user, request.params.id, request.body.featured),
    }),
  );

  app.get(
    '/api/communities/:slug/recaps',
    open({ params: z.object({ slug: z.string() }), response: { 200: recapsResponse, ...errors(404) } }),
    async (request) => ({ recaps: await service.featuredOfCommunity(request.params.slug, me(request)) }),
  );
}
