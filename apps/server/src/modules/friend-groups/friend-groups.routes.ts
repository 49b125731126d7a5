import { createFriendGroupBody, friendGroup, idParam } from '@townsquare/contracts';
import { z } from 'zod';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import { groupChatRoutes, groupMemberRoutes } from '../groups/group.routes.ts';
import type { FriendGroupsService } from './friend-groups.service.ts';

const tags = ['friend groups'];

export function friendGroupsRoutes(app: App, groups: FriendGroupsService, guards: Guards): void {
  const onRequest = guards.requireAuth;
  const auth = routeOptions(tags, onRequest);

  app.get(
    '/api/friend-groups',
    auth({ response: { 200: z.array(friendGroup), ...errors(401) } }),
    async (request) => groups.list(caller(request).user),
  );

  app.post(
    '/api/friend-groups',
    auth({ body: createFriendGroupBody, response: { 201: friendGroup, ...errors(400, 401) } }),
    async (request, reply) => reply.status(201).send(await groups.create(caller(request).user, request.body)),
  );

  groupMemberRoutes(app, {
    base: '/api/friend-groups',
    tags,
    onRequest,
    group: friendGroup,
    members: groups,
  });

  groupChatRoutes(app, {
    path: '/api/friend-groups/:id/messages',
    key: 'id',
    param: idParam,
    tags,
    onRequest,
    chat: groups,
  });
}
