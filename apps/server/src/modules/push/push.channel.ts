import http from 'node:http';
import https from 'node:https';
import { NOTIFICATION_GROUP_OF, type NotificationDto } from '@townsquare/contracts';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Database } from '../../db/client.ts';
import type { PushSubscriptionRow } from '../../db/schema/index.ts';
import type { NotificationChannel } from '../notifications/notify.ts';
import { publicOnlyLookup, sendTimeProblem } from './endpoint-guard.ts';
import { deleteSubscriptionById, markDelivered, recordFailure, subscriptionsOf } from './push.repository.ts';

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
  /** PUSH_SEND_TIMEOUT: the whole POST, connect to the answer's last byte (default 5 s). */
  timeoutMs?: number;
  /** Back-off of a failing subscription: first wait (default 1 minute), ×4 after each failure. */
  backoffBaseMs?: number;
  /** Failures in a row after which a subscription is deleted (default 6: about 5 hours failing). */
  dropAfterFailures?: number;
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
 *
 * Endpoints are URLs anyone can hand us: each POST has one total deadline (not an
 * idle timeout, which a service trickling bytes never trips), and settles on every way a request
 * can end (answer read, aborted, errored, closed early), so no endpoint holds a delivery worker
 * beyond `timeoutMs`. A subscription that fails backs off (1, 4, 16, 64, 256 minutes: skipped
 * meanwhile) and is deleted at its `dropAfterFailures`-th failure in a row; a success resets it.
 */
export function createPushChannel(deps: PushChannelDeps): NotificationChannel {
  const ttl = deps.ttlSeconds ?? 24 * 60 * 60;
  const timeout = deps.timeoutMs ?? 5_000;
  const policy = { baseMs: deps.backoffBaseMs ?? 60_000, dropAfter: deps.dropAfterFailures ?? 6 };

  function post(sub: PushSubscriptionRow, payload: string): Promise<{ status: number }> {
    // Production: an IP literal gets no DNS lookup, so publicOnlyLookup never sees it: judged here.
    const refused = deps.allowPrivateEndpoints ? undefined : sendTimeProblem(sub.endpoint);
    if (refused) return Promise.reject(new Error(`push endpoint refused: ${refused}`));
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
      let settled = false;
      const settle = (error: Error | undefined, status = 0) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        if (error) {
          req.destroy();
          reject(error);
        } else resolve({ status });
      };
      const req = request(
        url,
        {
          method: 'POST',
          headers: details.headers as http.OutgoingHttpHeaders,
          // Production: the name must resolve to public addresses only (endpoint-guard.ts).
          ...(deps.allowPrivateEndpoints ? {} : { lookup: publicOnlyLookup as never }),
        },
        (res) => {
          res.resume();
          res.on('end', () => settle(undefined, res.statusCode ?? 0));
          res.on('aborted', () => settle(new Error('push endpoint aborted its answer')));
          res.on('error', (err) => settle(err));
          res.on('close', () => settle(new Error('push endpoint closed before its answer ended')));
        },
      );
      const deadline = setTimeout(
        () => settle(new Error(`push endpoint did not answer within ${timeout} ms`)),
        timeout,
      );
      req.on('error', (err) => settle(err));
      req.on('close', () => settle(new Error('push endpoint closed the connection')));
      req.end(details.body ?? undefined);
    });
  }

  async function send(sub: PushSubscriptionRow, payload: string): Promise<Outcome> {
    const host = new URL(sub.endpoint).host;
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
      deps.log.warn({ status, host }, 'push service refused a notification');
    } catch (err) {
      deps.log.warn({ err, host }, 'push delivery failed');
    }
    if (await recordFailure(deps.db, sub.id, policy))
      deps.log.warn(
        { host, failures: policy.dropAfter },
        'push subscription dropped after failing repeatedly',
      );
    return 'failed';
  }

  return {
    name: 'push',
    wants: (to, kind) => to.preferences.push[NOTIFICATION_GROUP_OF[kind]] === true,
    async deliver(to, notification) {
      const subscriptions = await subscriptionsOf(deps.db, to.id);
      if (subscriptions.length === 0) return;
      // Subscriptions backing off are skipped; when all are, nobody got it: retried like a failure.
      const now = Date.now();
      const sendable = subscriptions.filter((sub) => !sub.retryAfter || sub.retryAfter.getTime() <= now);
      if (sendable.length === 0)
        throw new Error(`push delivery postponed: all ${subscriptions.length} subscription(s) back off`);
      const payload = pushPayload(notification);
      const outcomes = await Promise.all(sendable.map((sub) => send(sub, payload)));
      // Every browser failed for a passing reason (5xx, 429, timeout): the queue retries with
      // back-off. When one got it, a retry would push twice to that one: done as it is.
      if (outcomes.includes('failed') && !outcomes.includes('delivered'))
        throw new Error(`push delivery failed for all ${sendable.length} subscription(s)`);
    },
  };
}

/** A new VAPID key pair (base64url), for loadVapidKeys. */
export const generateVapidKeys = () => webpush.generateVAPIDKeys();
