import { PUSH_LIMITS, PUSH_MSG, type PushSubscriptionBody } from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { endpointProblem } from './endpoint-guard.ts';
import { deleteOwnSubscription, saveSubscription } from './push.repository.ts';

export type PushService = ReturnType<typeof createPushService>;

/** Web Push subscriptions of the signed-in person. */
export function createPushService(deps: { db: Database; publicKey: string; allowPrivateEndpoints: boolean }) {
  const { db } = deps;
  return {
    publicKey: deps.publicKey,

    /** Stores this browser's subscription for `userId` (moving it from another account if needed). */
    async subscribe(userId: string, body: PushSubscriptionBody) {
      const problem = endpointProblem(body.endpoint, deps.allowPrivateEndpoints);
      if (problem) throw badRequest(problem);
      const row = await saveSubscription(
        db,
        { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
        PUSH_LIMITS.subscriptionsPerUser,
      );
      if (!row) throw conflict(PUSH_MSG.endpointTaken);
      return { endpoint: row.endpoint, createdAt: row.createdAt.toISOString() };
    },

    /** Forgets the caller's subscription with this endpoint; 404 when the caller has none such. */
    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      if (!(await deleteOwnSubscription(db, userId, endpoint))) throw notFound(PUSH_MSG.subscriptionNotFound);
    },
  };
}
