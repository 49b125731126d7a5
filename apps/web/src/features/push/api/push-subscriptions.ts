import type { MessageResponse, PushPublicKeyResponse } from '@townsquare/contracts';
import { api, apiRequest } from '../../../lib/api-client.ts';

/** GET /api/push/public-key: the VAPID key `PushManager.subscribe` needs. */
export function getPushPublicKey(): Promise<PushPublicKeyResponse> {
  return api.get<PushPublicKeyResponse>('/api/push/public-key');
}

/** POST /api/push/subscriptions: the browser's PushSubscription JSON, as it is. */
export function savePushSubscription(subscription: PushSubscriptionJSON): Promise<unknown> {
  return api.post('/api/push/subscriptions', subscription);
}

/** DELETE /api/push/subscriptions: this browser gets no more pushes. */
export function deletePushSubscription(endpoint: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/push/subscriptions', { method: 'DELETE', body: { endpoint } });
}
