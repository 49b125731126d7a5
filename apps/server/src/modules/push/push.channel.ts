import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Database } from '../../db/client.ts';
import type { PushSubscriptionRow } from '../../db/schema/index.ts';
import { publicOnlyLookup } from './endpoint-guard.ts';
import { deleteSubscriptionById, markDelivered, subscriptionsOf } from './push.repository.ts';

/** The preference groups a notification kind belongs to (the keys of `prefs.push`). */
export const PUSH_GROUPS = [
  'friends',
  'rsvp',
  'eventUpdates',
  'reminders',
  'directMessages',
  'mentions',
  'communities',
] as const;
export type PushGroup = (typeof PUSH_GROUPS)[number];

const GROUP_OF: Record<string, PushGroup> = {
  friend_request: 'friends',
  friend_accepted: 'friends',
  rsvp: 'rsvp',
  event_updated: 'eventUpdates',
  event_cancelled: 'eventUpdates',
  event_reminder: 'reminders',
  direct_message: 'directMessages',
  mention: 'mentions',
  community_event: 'communities',
  community_request: 'communities',
  community_approved: 'communities',
  community_invite: 'communities',
  community_announcement: 'communities',
};

/** The group of a kind; unknown kinds are not pushed. */
export const pushGroupOf = (kind: string): PushGroup | undefined => GROUP_OF[kind];

/** What the push channel needs of a notification (the in-app notification object). */
export type PushableNotification = { id: string; kind: string; text: string; url: string };
export type PushPreferences = { push: Partial<Record<PushGroup, boolean>> };

/** The notify pipeline's channel interface. */
export type NotificationChannel<N = PushableNotification, P = PushPreferences> = {
  name: string;
  deliver(userId: string, notification: N, prefs: P): Promise<void>;
};

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
export function pushPayload(n: PushableNotification): string {
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
 * that kind (`prefs.push[group]`). A subscription the push service answers 404 or 410 is deleted.
 * A failing browser never fails the others nor the delivery (it is logged), so a retried job does
 * not push twice to the browsers that worked.
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
    async deliver(userId, notification, prefs) {
      const group = pushGroupOf(notification.kind);
      if (!group || prefs.push[group] !== true) return;
      const subscriptions = await subscriptionsOf(deps.db, userId);
      if (subscriptions.length === 0) return;
      const payload = pushPayload(notification);
      await Promise.all(subscriptions.map((sub) => send(sub, payload)));
    },
  };
}

/** A new VAPID key pair (base64url), for loadVapidKeys. */
export const generateVapidKeys = () => webpush.generateVAPIDKeys();
