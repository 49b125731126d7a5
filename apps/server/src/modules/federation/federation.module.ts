import type { App } from '../../platform/http.ts';
import { cron } from '../../platform/jobs.ts';
import type { Kernel } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { Offer } from '../events/rsvp.ts';
import { registerBridge } from './bridge.ts';
import { createDomainBlocks, DOMAIN_BLOCKS_RELOAD_MS } from './domain-blocks.ts';
import { federationRoutes } from './federation.routes.ts';
import { createTownsquareFederation } from './federation.ts';
import { createFollowersService } from './followers.service.ts';
import { domainBlockRoutes, followsRoutes } from './follows.routes.ts';
import { createFollowsService } from './follows.service.ts';
import { registerInbound } from './inbound-events.ts';
import { createJobMessageQueue } from './job-message-queue.ts';
import { createPgKvStore } from './pg-kv-store.ts';
import { sweepRemoteEvents } from './remote-events.repository.ts';
import { createRemoteEventsSource } from './remote-events.source.ts';
import { eventChangedSubscriber } from './subscribers/event-changed.ts';
import { remoteAttendeesChangedSubscriber } from './subscribers/remote-attendees-changed.ts';
import { remoteOffersSubscriber } from './subscribers/remote-offers.ts';

/** What NodeInfo and the User-Agent of deliveries name (the server package's version). */
const SOFTWARE_VERSION = '0.1.0';

/** Whether `host` is one of the blocked domains or below one of them. */
export function blockedBy(domains: string[]): (host: string) => boolean {
  return (host) => {
    const h = host.toLowerCase();
    return domains.some((d) => h === d || h.endsWith(`.${d}`));
  };
}

/**
 * ActivityPub (decisions 072, 073): public communities as Groups, their public events as Events,
 * follows from other servers, and deliveries of event changes to followers. Off unless
 * FEDERATION is on (by default where PUBLIC_URL is https on a public host): nothing is
 * registered then, and no path answers.
 */
export function register(
  app: App,
  deps: Kernel & { guards: Guards; rsvps?: { announce: (eventId: string, offers: Offer[]) => void } },
) {
  const { config } = deps;
  if (!config.federation.enabled) return undefined;
  const kv = createPgKvStore(deps.db);
  const queue = createJobMessageQueue(deps.jobs);
  // The configured list and the admins' (decision 079), one predicate for every check.
  const blocks = createDomainBlocks({ db: deps.db, configured: config.federation.blockedDomains });
  const isBlocked = blocks.isBlocked;
  const federation = createTownsquareFederation({
    db: deps.db,
    kv,
    queue,
    publicUrl: config.publicUrl,
    isBlocked,
    allowPrivateAddress: config.federation.allowPrivateAddresses,
    version: SOFTWARE_VERSION,
    announce: deps.rsvps ? (eventId, offers) => deps.rsvps?.announce(eventId, offers) : undefined,
    onInbox: (inbox) => registerInbound(inbox, { db: deps.db, isBlocked, limiter: deps.limiter }),
  });
  registerBridge(app, {
    federation,
    publicUrl: config.publicUrl,
    isBlocked,
    limiter: deps.limiter,
    inboxPerMinute: config.federation.inboxPerMinute,
  });
  const followers = createFollowersService({ db: deps.db, federation, publicUrl: config.publicUrl });
  federationRoutes(app, followers, deps.guards);
  const follows = createFollowsService({
    db: deps.db,
    federation,
    publicUrl: config.publicUrl,
    isBlocked,
    allowPrivateAddress: config.federation.allowPrivateAddresses,
  });
  followsRoutes(app, follows, deps.guards);
  domainBlockRoutes(app, blocks, deps.guards);
  const remoteEvents = createRemoteEventsSource({ db: deps.db, isBlocked });
  deps.outbox.subscribe(eventChangedSubscriber({ db: deps.db, federation, publicUrl: config.publicUrl }));
  const guard = { allowPrivate: config.federation.allowPrivateAddresses, isBlocked };
  deps.outbox.subscribe(
    remoteOffersSubscriber({ db: deps.db, federation, publicUrl: config.publicUrl, guard }),
  );
  deps.outbox.subscribe(
    remoteAttendeesChangedSubscriber({ db: deps.db, federation, publicUrl: config.publicUrl, guard }),
  );
  const stop = new AbortController();
  let reload: NodeJS.Timeout | undefined;
  deps.onStart(async () => {
    await blocks.load();
    reload = setInterval(() => void blocks.load().catch(() => undefined), DOMAIN_BLOCKS_RELOAD_MS);
    reload.unref();
    void federation.startQueue(undefined, { signal: stop.signal });
    await cron(deps.jobs, 'federation-kv-sweep', '17 * * * *', () => kv.sweep());
    // Past remote events are forgotten (decision 079).
    await cron(deps.jobs, 'federation-remote-events-sweep', '23 * * * *', () => sweepRemoteEvents(deps.db));
  });
  deps.onClose('beforeHttp', () => {
    stop.abort();
    clearInterval(reload);
  });
  return { federation, remoteEvents };
}
