import { BLOCK_MSG, blocksResponse, idParam, messageResponse } from '@townsquare/contracts';
import { z } from 'zod';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type createAuthGuards } from '../auth/authenticate.ts';
import type { BlocksService } from './blocks.service.ts';

const tags = ['blocks'];
const params = z.object({ id: idParam });

export function blocksRoutes(
  app: App,
  blocks: BlocksService,
  guards: ReturnType<typeof createAuthGuards>,
): void {
  const onRequest = guards.requireAuth;
  const auth = routeOptions(tags, onRequest);

  app.get(
    '/api/users/me/blocks',
    auth({ response: { 200: blocksResponse, ...errors(401) } }),
    async (request) => ({ blocks: await blocks.list(caller(request).user) }),
  );

  app.post(
    '/api/users/:id/block',
    auth({ params, response: { 200: messageResponse, ...errors(400, 401, 404) } }),
    async (request) => {
      await blocks.block(caller(request).user, request.params.id);
      return { message: BLOCK_MSG.blocked };
    },
  );

  app.delete(
    '/api/users/:id/block',
    auth({ params, response: { 200: messageResponse, ...errors(400, 401, 404) } }),
    async (request) => {
      await blocks.unblock(caller(request).user, request.params.id);
      return { message: BLOCK_MSG.unblocked };
    },
  );
}
