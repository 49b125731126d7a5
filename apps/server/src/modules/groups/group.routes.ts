import { historyQuery, idParams, roomMessage, sendMessageBody, userIdBody } from '@townsquare/contracts';
import type { onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../../db/schema/index.ts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller } from '../../platform/request-user.ts';
import type { GroupChat } from './membership.service.ts';

/**
 * `GET` and `POST <path>` for one kind of group's chat (decision 034), the same for every kind:
 * history is a bare array, oldest first, with the older page's cursor in `X-Next-Before` (as every
 * chat); a send answers 201 with the stored message. `key` names the path parameter (`id`, `slug`);
 * `deny` adds the statuses the kind answers for a caller who may see but not read (403).
 */
export function groupChatRoutes(
  app: App,
  o: {
    path: string;
    key: 'id' | 'slug';
    param: z.ZodType<string>;
    tags: string[];
    onRequest: onRequestHookHandler;
    chat: GroupChat;
    deny?: number[];
    hide?: boolean;
  },
): void {
  const params = z.object({ [o.key]: o.param });
  const keyOf = (p: unknown) => (p as Record<string, string>)[o.key] ?? '';
  const auth = routeOptions(o.tags, o.onRequest);
  const shared = { params, ...(o.hide ? { hide: true } : {}) };
  const deny = o.deny ?? [];
  app.get(
    o.path,
    auth({
      ...shared,
      querystring: historyQuery,
      response: { 200: z.array(roomMessage), ...errors(400, 401, ...deny, 404) },
    }),
    async (request, reply) => {
      const { before, limit } = request.query;
      const page = await o.chat.history(caller(request).user, keyOf(request.params), before, limit);
      if (page.nextBefore) reply.header('x-next-before', page.nextBefore);
      return page.messages;
    },
  );
  app.post(
    o.path,
    auth({
      ...shared,
      body: sendMessageBody,
      response: { 201: roomMessage, ...errors(400, 401, ...deny, 404, 429) },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await o.chat.postMessage(caller(request).user, keyOf(request.params), request.body)),
  );
}

/** A kind whose members are added and removed one at a time by id (friend groups, sub-groups). */
export type GroupMembers<G> = {
  addMember(me: UserRow, groupId: string, userId: string): Promise<G>;
  removeMember(me: UserRow, groupId: string, userId: string): Promise<G>;
};

/**
 * `POST <base>/:id/add-member` and `…/remove-member` with `{ userId }`, answering 201 with the
 * group as the kind presents it (`group`): the original client's calls, the same for every kind.
 */
export function groupMemberRoutes<G>(
  app: App,
  o: {
    base: string;
    tags: string[];
    onRequest: onRequestHookHandler;
    group: z.ZodType<G>;
    members: GroupMembers<G>;
  },
): void {
  for (const [suffix, change] of [
    ['add-member', o.members.addMember],
    ['remove-member', o.members.removeMember],
  ] as const) {
    app.post(
      `${o.base}/:id/${suffix}`,
      routeOptions(
        o.tags,
        o.onRequest,
      )({
        params: idParams,
        body: userIdBody,
        // Widened: the type provider cannot follow a generic schema (`o.group` still serialises).
        response: { 201: o.group as z.ZodType<unknown>, ...errors(400, 401, 403, 404) },
      }),
      async (request, reply) => {
        const group = await change.call(
          o.members,
          caller(request).user,
          request.params.id,
          request.body.userId,
        );
        return reply.status(201).send(group);
      },
    );
  }
}
