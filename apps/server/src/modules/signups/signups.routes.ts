import {
  claimSignupBody,
  createSignupBody,
  signupDeletedResponse,
  signupItemResponse,
  signupListResponse,
  signupParams,
  updateSignupBody,
} from '@townsquare/contracts';
import { z } from 'zod';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { SignupsService } from './signups.service.ts';

const tags = ['signups'];
const eventParams = z.object({ id: z.string() });

/** Sign-up sheets of events (docs/API.md, "Sign-up sheets"). Thin: validate, authenticate, call. */
export function signupsRoutes(app: App, service: SignupsService, guards: Guards): void {
  const { requireAuth } = guards;
  const auth = routeOptions(tags, requireAuth);

  app.get(
    '/api/events/:id/signups',
    auth({ params: eventParams, response: { 200: signupListResponse, ...errors(401, 404) } }),
    async (request) => service.list(caller(request).user, request.params.id),
  );

  app.post(
    '/api/events/:id/signups',
    auth({
      params: eventParams,
      body: createSignupBody,
      response: { 201: signupItemResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send({ item: await service.create(caller(request).user, request.params.id, request.body) }),
  );

  app.patch(
    '/api/events/:id/signups/:itemId',
    auth({
      params: signupParams,
      body: updateSignupBody,
      response: { 200: signupItemResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      item: await service.update(
        caller(request).user,
        request.params.id,
        request.params.itemId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/events/:id/signups/:itemId',
    auth({ params: signupParams, response: { 200: signupDeletedResponse, ...errors(401, 403, 404) } }),
    async (request) => service.remove(caller(request).user, request.params.id, request.params.itemId),
  );

  app.put(
    '/api/events/:id/signups/:itemId/claim',
    auth({
      params: signupParams,
      body: claimSignupBody,
      response: { 200: signupItemResponse, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => ({
      item: await service.claim(
        caller(request).user,
        request.params.id,
        request.params.itemId,
        request.body.quantity,
      ),
    }),
  );
}
