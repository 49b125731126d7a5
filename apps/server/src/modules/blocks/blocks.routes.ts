import { BLOCK_MSG, blocksResponse, messageResponse, idParams as params } from '@townsquare/contracts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { BlocksService } from './blocks.service.ts';

const tags = ['blocks'];

export function blocksRoutes(app: App, blocks: BlocksService, guards: Guards): void {
  const auth = routeOptions(tags, guards.requireAuth);

  app.get(
    '/api/users/me/blocks',
    auth({ response: { 200: blocksResponse, ...errors(401) } }),
    async (request) => ({ blocks: await blocks.list(caller(request).user) }),
  );

  for (const [method, act, message] of [
    ['POST', blocks.block, BLOCK_MSG.blocked],
    ['DELETE', blocks.unblock, BLOCK_MSG.unblocked],
  ] as const) {
    app.route({
      method,
      url: '/api/users/:id/block',
      ...auth({ params, response: { 200: messageResponse, ...errors(400, 401, 404) } }),
      handler: async (request) => {
        await act(caller(request).user, request.params.id);
        return { message };
      },
    });
  }
}
