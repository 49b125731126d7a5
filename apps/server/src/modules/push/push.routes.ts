import {
  deletePushSubscriptionBody,
  messageResponse,
  PUSH_MSG,
  pushPublicKeyResponse,
  pushSubscriptionBody,
  pushSubscriptionResponse,
} from '@townsquare/contracts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { PushService } from './push.service.ts';

const tags = ['push'];

/** Web Push: the VAPID public key, and this browser's subscription (decision 019). */
export function pushRoutes(app: App, push: PushService, guards: Guards): void {
  const auth = routeOptions(tags, guards.requireAuth);

  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags,
        description: 'The VAPID application server key (base64url) to pass to PushManager.subscribe().',
        response: { 200: pushPublicKeyResponse },
      },
    },
    async () => ({ publicKey: push.publicKey }),
  );

  app.post(
    '/api/push/subscriptions',
    auth({
      description:
        "Stores the browser's PushSubscription JSON for the caller. The endpoint must be https (http only on loopback outside production); private-network endpoints are refused in production. An endpoint another account holds moves only with the same keys (the same browser).",
      body: pushSubscriptionBody,
      response: { 201: pushSubscriptionResponse, ...errors(400, 401, 409) },
    }),
    async (request, reply) => {
      const subscription = await push.subscribe(caller(request).user.id, request.body);
      return reply.code(201).send({ subscription });
    },
  );

  app.delete(
    '/api/push/subscriptions',
    auth({
      description: "Forgets the caller's subscription with this endpoint (turning push off in this browser).",
      body: deletePushSubscriptionBody,
      response: { 200: messageResponse, ...errors(400, 401, 404) },
    }),
    async (request) => {
      await push.unsubscribe(caller(request).user.id, request.body.endpoint);
      return { message: PUSH_MSG.subscriptionDeleted };
    },
  );
}
