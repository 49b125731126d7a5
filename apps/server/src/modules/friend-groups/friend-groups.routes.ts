import {
  createFriendGroupBody,
  friendGroup,
  historyQuery,
  idParam,
  roomMessage,
  sendMessageBody,
  userIdBody,
} from '@townsquare/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type App, errors } from '../../platform/http.ts';
import { caller, type createAuthGuards } from '../auth/authenticate.ts';
import type { Page } from '../chat/chat.service.ts';
import type { FriendGroupsService } from './friend-groups.service.ts';

const tags = ['friend groups'];
const security = [{ bearer: [] }];
const params = z.object({ id: idParam });

/** History as a bare array, oldest first; the older page's cursor in `X-Next-Before` (as chat.routes). */
function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextBefore) reply.header('x-next-before', page.nextBefore);
  return page.messages;
}

export function friendGroupsRoutes(
  app: App,
  groups: FriendGroupsService,
  guards: ReturnType<typeof createAuthGuards>,
): void {
  const onRequest = guards.requireAuth;

  app.get(
    '/api/friend-groups',
    { onRequest, schema: { tags, security, response: { 200: z.array(friendGroup), ...errors(401) } } },
    async (request) => groups.list(caller(request).user),
  );

  app.post(
    '/api/friend-groups',
    {
      onRequest,
      schema: {
        tags,
        security,
        body: createFriendGroupBody,
        response: { 201: friendGroup, ...errors(400, 401) },
      },
    },
    async (request, reply) => reply.status(201).send(await groups.create(caller(request).user, request.body)),
  );

  app.post(
    '/api/friend-groups/:id/add-member',
    {
      onRequest,
      schema: {
        tags,
        security,
        params,
        body: userIdBody,
        response: { 201: friendGroup, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await groups.addMember(caller(request).user, request.params.id, request.body.userId)),
  );

  app.post(
    '/api/friend-groups/:id/remove-member',
    {
      onRequest,
      schema: {
        tags,
        security,
        params,
        body: userIdBody,
        response: { 201: friendGroup, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await groups.removeMember(caller(request).user, request.params.id, request.body.userId)),
  );

  app.get(
    '/api/friend-groups/:id/messages',
    {
      onRequest,
      schema: {
        tags,
        security,
        params,
        querystring: historyQuery,
        response: { 200: z.array(roomMessage), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await groups.history(
          caller(request).user,
          request.params.id,
          request.query.before,
          request.query.limit,
        ),
      ),
  );

  app.post(
    '/api/friend-groups/:id/messages',
    {
      onRequest,
      schema: {
        tags,
        security,
        params,
        body: sendMessageBody,
        response: { 201: roomMessage, ...errors(400, 401, 404, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await groups.postMessage(caller(request).user, request.params.id, request.body)),
  );
}
