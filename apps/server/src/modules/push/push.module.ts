import type { App } from '../../platform/http.ts';
import type { Kernel } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import { loadVapidKeys } from '../../platform/secrets.ts';
import { createPushChannel, generateVapidKeys } from './push.channel.ts';
import { pushRoutes } from './push.routes.ts';
import { createPushService } from './push.service.ts';

/** Web Push: people's subscriptions, and the push channel of notifications (decision 019). */
export async function register(app: App, deps: Kernel & { guards: Guards }) {
  const { config } = deps;
  const vapid = await loadVapidKeys(deps.db, config.push.vapid, generateVapidKeys);
  const push = createPushService({
    db: deps.db,
    publicKey: vapid.publicKey,
    allowPrivateEndpoints: config.push.allowPrivateEndpoints,
  });
  const channel = createPushChannel({
    db: deps.db,
    vapid: { ...vapid, subject: config.push.subject },
    allowPrivateEndpoints: config.push.allowPrivateEndpoints,
    log: app.log,
    timeoutMs: config.push.sendTimeoutMs,
  });
  pushRoutes(app, push, deps.guards);
  return { push, channel };
}
