import http from 'node:http';
import https from 'node:https';
import { NOTIFICATION_GROUP_OF, type NotificationDto } from '@townsquare/contracts';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Database } from '../../db/client.ts';
import type { PushSubscriptionRow } from '../../db/schema/index.ts';
import type { NotificationChannel } from '../notifications/notify.ts';
import { publicOnlyLookup } from './endpoint-guard.ts';
import { deleteSubscriptionById, markDelivered, subscriptionsOf } from './push.repository.ts';

/** What the push channel needs of a notification (the in-app notification object). */
type Pushable = Pick<NotificationDto, 'id' | 'kind' | 'text' | 'url'>;

export type PushChannelDeps = {
  db: Database;
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Development, tests, or PUSH_ALLOW_PRIVATE_ENDPOINTS: no DNS check on the endpoint's address. */
  allowPrivateEndpoints: boolean;
  log: FastifyBaseLogger;
  /** How long the push service keeps an undelivered message (seconds). */
  ttlSeconds?: number;
  timeoutMs?: number;
};

/** The payload the service worker reads (apps/web/public/sw.js). Kept far below the 4 KiB limit. */
export function pushPayload(n: Pushable): string {
  return JSON.stringify({
    id: n.id,
    kind: n.kind,
    title: 'Townsquare',
    body: n.text.slice(0, 500),
    url: n.url,
  });
}

type Outcome = 'delivered' | 'gone' | 'failed';

/**
 * Web Push as a notification channel: encrypts the notification for each of the person's browsers
 * (aes128gcm, VAPID-signed) and POSTs it to their push services, when the person wants pushes of
 * that kind (`wants`). A subscription the push service answers 404 or 410 is deleted.
 * A failing browser never fails the others (it is logged); the delivery throws (to be retried)
 * only when no browser got it, so a retry never pushes twice to one that did.
 */
export function createPushChannel(deps: PushChannelDeps): NotificationChannel {
  const ttl = deps.ttlSeconds ?? 24 * 60 * 60;
  const timeout = deps.timeoutMs ?? 10_000;

  function post(sub: PushSubscriptionRow, payload: string): Promise<{ status: number }> {
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      {
        vapidDetails: deps.vapid,
        TTL: ttl,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
    const url = new URL(details.endpoint);
    const request = url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: details.headers as http.OutgoingHttpHeaders,
          timeout,
          // Production: the name must resolve to public addresses only (endpoint-guard.ts).
          ...(deps.allowPrivateEndpoints ? {} : { lookup: publicOnlyLookup as never }),
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`push endpoint timed out after ${timeout} ms`)));
      req.on('error', reject);
      req.end(details.body ?? undefined);
    });
  }

  async function send(sub: PushSubscriptionRow, payload: string): Promise<Outcome> {
    try {
      const { status } = await post(sub, payload);
      if (status >= 200 && status < 300) {
        await markDelivered(deps.db, sub.id);
        return 'delivered';
      }
      if (status === 404 || status === 410) {
        await deleteSubscriptionById(deps.db, sub.id);
        return 'gone';
      }
      deps.log.warn({ status, host: new URL(sub.endpoint).host }, 'push service refused a notification');
      return 'failed';
    } catch (err) {
      deps.log.warn({ err, host: new URL(sub.endpoint).host }, 'push delivery failed');
      return 'failed';
    }
  }

  return {
    name: 'push',
    wants: (to, kind) => to.preferences.push[NOTIFICATION_GROUP_OF[kind]] === true,
    async deliver(to, notification) {
      const subscriptions = await subscriptionsOf(deps.db, to.id);
      if (subscriptions.length === 0) return;
      const payload = pushPayload(notification);
      const outcomes = await Promise.all(subscriptions.map((sub) => send(sub, payload)));
      // Every browser failed for a passing reason (5xx, 429, timeout): the queue retries with
      // back-off. When one got it, a retry would push twice to that one: done as it is.
      if (outcomes.includes('failed') && !outcomes.includes('delivered'))
        throw new Error(`push delivery failed for all ${subscriptions.length} subscription(s)`);
    },
  };
}

/** A new VAPID key pair (base64url), for loadVapidKeys. */
export const generateVapidKeys = () => webpush.generateVAPIDKeys();
