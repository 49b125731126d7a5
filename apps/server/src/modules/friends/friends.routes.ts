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
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { FriendsService } from './friends.service.ts';

/** Friends (docs/API.md, "Friends"). Thin: validate, authenticate, call the service. */
export function friendsRoutes(app: App, friends: FriendsService, guards: Guards): void {
  const auth = routeOptions(['friends'], guards.requireAuth);
  const byUser = { params: z.object({ userId: idParam }) };
  const created = { 201: messageResponse, ...errors(400, 401, 404) };

  app.post(
    '/api/friends/request',
    auth({ body: friendRequestBody, response: created }),
    async (request, reply) =>
      reply
        .status(201)
        .send({ message: await friends.request(caller(request).user, request.body.receiverId) }),
  );

  for (const [path, act, message] of [
    ['accept', friends.accept, FRIEND_MSG.accepted],
    ['decline', friends.decline, FRIEND_MSG.declined],
  ] as const) {
    app.post(
      `/api/friends/${path}`,
      auth({ body: requesterBody, response: created }),
      async (request, reply) => {
        await act(caller(request).user, request.body.requesterId);
        return reply.status(201).send({ message });
      },
    );
  }

  for (const [path, act, message] of [
    ['request/:userId', friends.cancel, 'Friend request cancelled'],
    [':userId', friends.remove, FRIEND_MSG.removed],
  ] as const) {
    app.delete(
      `/api/friends/${path}`,
      auth({ ...byUser, response: { 200: messageResponse, ...errors(400, 401, 404) } }),
      async (request) => {
        await act(caller(request).user, request.params.userId);
        return { message };
      },
    );
  }

  // A signed-out visitor has no friends: an empty list, so the original client's public event page
  // stays up (contract §10 item 22). A bad or expired token is still a 401.
  app.get(
    '/api/friends/list',
    routeOptions(
      ['friends'],
      guards.optionalAuth,
    )({ response: { 200: friendsListResponse, ...errors(401) } }),
    async (request) => ({ friends: request.auth ? await friends.list(request.auth.user) : [] }),
  );

  app.get(
    '/api/friends/requests',
    auth({ response: { 200: friendRequestsResponse, ...errors(401) } }),
    async (request) => friends.requests(caller(request).user),
  );

  app.get(
    '/api/friends/status/:userId',
    auth({ ...byUser, response: { 200: friendStatusResponse, ...errors(400, 401, 404) } }),
    async (request) => ({ status: await friends.status(caller(request).user, request.params.userId) }),
  );
}
