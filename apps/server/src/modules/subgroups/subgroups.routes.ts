import {
  createSubgroupBody,
  GROUP_MSG,
  idParam,
  memberIdBody,
  messageResponse,
  idParams as params,
  renameSubgroupBody,
  subgroup,
  userSubgroup,
} from '@townsquare/contracts';
import { z } from 'zod';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import { groupChatRoutes, groupMemberRoutes } from '../groups/group.routes.ts';
import type { SubgroupsService } from './subgroups.service.ts';

const tags = ['sub-groups'];
const memberParams = z.object({ id: idParam, memberId: idParam });

/** Our paths, then the older client's unprefixed ones (same handlers, left out of the API docs). */
const BASES = ['/api/event-subgroups', '/sub-groups'] as const;
const hidden = (path: string) => !path.startsWith('/api');

export function subgroupsRoutes(app: App, subgroups: SubgroupsService, guards: Guards): void {
  const onRequest = guards.requireAuth;
  const auth = routeOptions(tags, onRequest);
  const maybe = routeOptions(tags, guards.optionalAuth);

  // A signed-out visitor is in no sub-group: an empty list, so the original client's public event
  // page stays up (contract §10 item 22). A bad or expired token is still a 401.
  for (const path of ['/api/event-subgroups/event/:eventId', '/events/:eventId/sub-groups']) {
    app.get(
      path,
      maybe({
        hide: hidden(path),
        params: z.object({ eventId: idParam }),
        response: { 200: z.array(subgroup), ...errors(401, 404) },
      }),
      async (request) =>
        request.auth ? subgroups.listForEvent(request.auth.user, request.params.eventId) : [],
    );
  }

  app.get(
    '/api/event-subgroups/user-subgroups',
    auth({ response: { 200: z.array(userSubgroup), ...errors(401) } }),
    async (request) => subgroups.listMine(caller(request).user),
  );

  for (const base of BASES) {
    const hide = hidden(base);

    app.post(
      base,
      auth({ hide, body: createSubgroupBody, response: { 201: subgroup, ...errors(400, 401, 403, 404) } }),
      async (request, reply) =>
        reply.status(201).send(await subgroups.create(caller(request).user, request.body)),
    );

    app.put(
      `${base}/:id`,
      auth({
        hide,
        params,
        body: renameSubgroupBody,
        response: { 200: subgroup, ...errors(400, 401, 403, 404) },
      }),
      async (request) => subgroups.rename(caller(request).user, request.params.id, request.body.name),
    );

    app.delete(
      `${base}/:id`,
      auth({ hide, params, response: { 200: messageResponse, ...errors(401, 403, 404) } }),
      async (request) => {
        await subgroups.remove(caller(request).user, request.params.id);
        return { message: GROUP_MSG.subgroupDeleted };
      },
    );

    app.post(
      `${base}/:id/members`,
      auth({ hide, params, body: memberIdBody, response: { 201: subgroup, ...errors(400, 401, 403, 404) } }),
      async (request, reply) =>
        reply
          .status(201)
          .send(await subgroups.addMember(caller(request).user, request.params.id, request.body.memberId)),
    );

    app.delete(
      `${base}/:id/members/:memberId`,
      auth({ hide, params: memberParams, response: { 200: subgroup, ...errors(401, 403, 404) } }),
      async (request) =>
        subgroups.removeMember(caller(request).user, request.params.id, request.params.memberId),
    );
  }

  groupMemberRoutes(app, {
    base: '/api/event-subgroups',
    tags,
    onRequest,
    group: subgroup,
    members: subgroups,
  });

  groupChatRoutes(app, {
    path: '/api/event-subgroups/:id/messages',
    key: 'id',
    param: idParam,
    tags,
    onRequest,
    chat: subgroups,
  });
}
