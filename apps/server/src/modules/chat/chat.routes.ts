import {
  conversationSummary,
  directMessage,
  historyQuery,
  idParam,
  messageResponse,
  roomMessage,
  sendDirectMessageBody,
  sendMessageBody,
  text,
} from '@townsquare/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import { type ChatService, channels, type Page } from './chat.service.ts';

const readReceipt = z.object({ _id: z.string(), id: z.string(), read: z.literal(true) });

/**
 * History answers are bare arrays, oldest first, as the original client expects; the cursor for
 * the previous page travels in the `X-Next-Before` header (absent on the first page of a chat).
 */
function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextBefore) reply.header('x-next-before', page.nextBefore);
  return page.messages;
}

/** The original event page asks with the literal id "undefined" before it has an event. */
const isMissingId = (id: string) => id === 'undefined' || id === 'null' || id === '';

export function chatRoutes(
  app: App,
  chat: ChatService,
  guards: Guards,
  canSeeEvent: (eventId: string, viewerId: string | undefined) => Promise<void>,
  /** The author deletes, the event's host hides (moderation service). */
  removeMessage: (user: UserRow, messageId: string, prefix: string) => Promise<void>,
): void {
  const { requireAuth, optionalAuth } = guards;
  const auth = routeOptions(['messages'], requireAuth);
  const eventChat = routeOptions(['event chat'], requireAuth);
  const eventChatOpen = routeOptions(['event chat'], optionalAuth, { security: false });

  // Direct messages
  app.get(
    '/api/messages',
    auth({ response: { 200: z.array(conversationSummary), ...errors(401) } }),
    async (request) => chat.conversations(caller(request).user),
  );

  app.get(
    '/api/messages/:userId',
    auth({
      params: z.object({ userId: idParam }),
      querystring: historyQuery,
      response: { 200: z.array(directMessage), ...errors(400, 401, 404) },
    }),
    async (request, reply) =>
      sendPage(
        reply,
        await chat.conversation(
          caller(request).user,
          request.params.userId,
          request.query.before,
          request.query.limit,
        ),
      ),
  );

  app.post(
    '/api/messages',
    auth({
      body: sendDirectMessageBody,
      response: { 201: directMessage, ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await chat.sendDirect(caller(request).user, request.body.receiver, request.body)),
  );

  app.post(
    '/api/messages/:messageId/read',
    auth({
      params: z.object({ messageId: idParam }),
      response: { 201: readReceipt, ...errors(401, 403, 404) },
    }),
    async (request, reply) =>
      reply.status(201).send(await chat.markMessageRead(caller(request).user, request.params.messageId)),
  );

  // General chat (everyone signed in)
  app.get(
    '/api/group-messages',
    auth({ querystring: historyQuery, response: { 200: z.array(roomMessage), ...errors(400, 401) } }),
    async (request, reply) =>
      sendPage(
        reply,
        await chat.roomHistory(
          channels.general,
          request.query.before,
          request.query.limit,
          caller(request).user.id,
        ),
      ),
  );

  app.post(
    '/api/group-messages',
    auth({ body: sendMessageBody, response: { 201: roomMessage, ...errors(400, 401, 429) } }),
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await chat.postToRoom(caller(request).user, channels.general, 'new-general-message', request.body),
        ),
  );

  // Event chat: readable by whoever can see the event, writable by signed-in viewers.
  app.get(
    '/api/event-messages/:eventId',
    eventChatOpen({
      params: z.object({ eventId: idParam }),
      querystring: historyQuery,
      response: { 200: z.array(roomMessage), ...errors(400, 401, 404) },
    }),
    async (request, reply) => {
      const { eventId } = request.params;
      if (isMissingId(eventId)) return [];
      await canSeeEvent(eventId, request.auth?.user.id);
      return sendPage(
        reply,
        await chat.roomHistory(
          channels.event(eventId),
          request.query.before,
          request.query.limit,
          request.auth?.user.id,
        ),
      );
    },
  );

  app.post(
    '/api/event-messages/:eventId',
    eventChat({
      params: z.object({ eventId: idParam }),
      body: sendMessageBody.extend({
        type: text('Message type').max(20, 'Message type must be at most 20 characters').optional(),
      }),
      response: { 201: roomMessage, ...errors(400, 401, 404, 429) },
    }),
    async (request, reply) => {
      const { eventId } = request.params;
      if (isMissingId(eventId)) throw badRequest('Event ID is missing');
      const me = caller(request).user;
      await canSeeEvent(eventId, me.id);
      return reply
        .status(201)
        .send(await chat.postToRoom(me, channels.event(eventId), 'new-event-message', request.body));
    },
  );

  app.delete(
    '/api/event-messages/:messageId',
    eventChat({
      params: z.object({ messageId: idParam }),
      response: { 200: messageResponse, ...errors(401, 403, 404) },
    }),
    async (request) => {
      await removeMessage(caller(request).user, request.params.messageId, 'event:');
      return { message: 'Message deleted successfully' };
    },
  );
}
