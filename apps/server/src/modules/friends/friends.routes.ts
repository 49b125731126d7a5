import {
  FRIEND_MSG,
  friendRequestBody,
  friendRequestsResponse,
  friendStatusResponse,
  friendsListResponse,
  idParam,
  messageResponse,
  requesterBody,
} from '@townsquare/contracts';
import { z } from 'zod';
import { type App, errors } from '../../platform/http.ts';
import { caller, type createAuthGuards } from '../auth/authenticate.ts';
import type { FriendsService } from './friends.service.ts';

const tags = ['friends'];
const security = [{ bearer: [] }];

export function friendsRoutes(
  app: App,
  friends: FriendsService,
  guards: ReturnType<typeof createAuthGuards>,
): void {
  const onRequest = guards.requireAuth;

  app.post(
    '/api/friends/request',
    {
      onRequest,
      schema: {
        tags,
        security,
        body: friendRequestBody,
        response: { 201: messageResponse, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ message: await friends.request(caller(request).user, request.body.receiverId) }),
  );

  app.post(
    '/api/friends/accept',
    {
      onRequest,
      schema: {
        tags,
        security,
        body: requesterBody,
        response: { 201: messageResponse, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await friends.accept(caller(request).user, request.body.requesterId);
      return reply.status(201).send({ message: FRIEND_MSG.accepted });
    },
  );

  app.post(
    '/api/friends/decline',
    {
      onRequest,
      schema: {
        tags,
        security,
        body: requesterBody,
        response: { 201: messageResponse, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await friends.decline(caller(request).user, request.body.requesterId);
      return reply.status(201).send({ message: FRIEND_MSG.declined });
    },
  );

  app.delete(
    '/api/friends/request/:userId',
    {
      onRequest,
      schema: {
        tags,
        security,
        params: z.object({ userId: idParam }),
        response: { 200: messageResponse, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      await friends.cancel(caller(request).user, request.params.userId);
      return { message: 'Friend request cancelled' };
    },
  );

  app.delete(
    '/api/friends/:userId',
    {
      onRequest,
      schema: {
        tags,
        security,
        params: z.object({ userId: idParam }),
        response: { 200: messageResponse, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      await friends.remove(caller(request).user, request.params.userId);
      return { message: FRIEND_MSG.removed };
    },
  );

  // A signed-out visitor has no friends: an empty list, so the original client's public event page
  // stays up (contract §10 item 22). A bad or expired token is still a 401.
  app.get(
    '/api/friends/list',
    {
      onRequest: guards.optionalAuth,
      schema: { tags, security, response: { 200: friendsListResponse, ...errors(401) } },
    },
    async (request) => ({ friends: request.auth ? await friends.list(request.auth.user) : [] }),
  );

  app.get(
    '/api/friends/requests',
    { onRequest, schema: { tags, security, response: { 200: friendRequestsResponse, ...errors(401) } } },
    async (request) => friends.requests(caller(request).user),
  );

  app.get(
    '/api/friends/status/:userId',
    {
      onRequest,
      schema: {
        tags,
        security,
        params: z.object({ userId: idParam }),
        response: { 200: friendStatusResponse, ...errors(400, 401, 404) },
      },
    },
    async (request) => ({ status: await friends.status(caller(request).user, request.params.userId) }),
  );
}
