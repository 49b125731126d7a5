import type { InboxContext, InboxListenerSetters } from '@fedify/fedify';
import { Accept, Announce, Create, Delete, Reject, Update } from '@fedify/vocab';
import type { Database } from '../../db/client.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { timeZoneAt } from '../places/places.service.ts';
import { REMOTE_OBJECT_MAX_BYTES, type RemoteEventInput, readRemoteEvent } from './remote-event-object.ts';
import * as repo from './remote-events.repository.ts';

/** Events (new or changed) one remote actor may bring in per hour; past it, they are dropped. */
export const REMOTE_EVENTS_PER_HOUR = 200;
/** Upcoming events stored for one followed actor at most; a new one past it is dropped. */
export const REMOTE_EVENTS_PER_ACTOR = 2_000;
/** How long fetching one remote object may take. */
export const REMOTE_FETCH_TIMEOUT_MS = 10_000;
/** An event further ahead than this, or longer than the next, is not one anyone here can plan for. */
const FURTHEST_START_MS = 2 * 366 * 24 * 3600 * 1000;
const LONGEST_EVENT_MS = 31 * 24 * 3600 * 1000;

export type InboundDeps = {
  db: Database;
  isBlocked: (host: string) => boolean;
  limiter: RateLimiter;
  /** Per remote actor per hour (default REMOTE_EVENTS_PER_HOUR). */
  perHour?: number;
};

/**
 * Where an event without coordinates is: the gazetteer city its locality names (in its country
 * when given), else none; its zone from its point when it named none (Gancio sends no zone).
 */
export async function placed(db: Database, input: RemoteEventInput): Promise<RemoteEventInput> {
  let out = input;
  if ((out.lat === undefined || out.lon === undefined) && out.city) {
    const city = await repo.gazetteerCityNamed(db, out.city, out.country);
    if (city) out = { ...out, lat: city.lat, lon: city.lon, country: out.country ?? city.country };
  }
  if (!out.timeZone && out.lat !== undefined && out.lon !== undefined)
    out = { ...out, timeZone: timeZoneAt(out.lat, out.lon) };
  return out;
}

/**
 * Federation in (decision 079): what followed remote actors send. `Accept`/`Reject` of the
 * instance's `Follow` set its subscription's state; `Create`/`Update` of an `Event` (directly, or
 * `Announce`d by a Group, FEP-1b12) store the event as its origin serves it at its id (fetched
 * through the library's guarded loader: what is stored is what the origin publishes, not what a
 * forwarder claims); `Delete` removes it when it comes from the event's own server.
 */
export function registerInbound(
  inbox: InboxListenerSetters<void>,
  deps: InboundDeps,
): InboxListenerSetters<void> {
  const { db } = deps;
  const perHour = deps.perHour ?? REMOTE_EVENTS_PER_HOUR;

  async function answered(activity: Accept | Reject, state: 'accepted' | 'rejected') {
    if (!activity.actorId) return;
    const followId = activity.objectId?.href;
    const sub =
      (followId ? await repo.findSubscriptionByFollowId(db, followId) : undefined) ??
      (await repo.findSubscription(db, activity.actorId.href));
    // Only the followed actor answers its follow.
    if (!sub || sub.actorUri !== activity.actorId.href) return;
    await repo.setSubscriptionState(db, sub.actorUri, state);
  }

  /** The document at `url` as its server serves it now, within the time limit; undefined if none. */
  async function fetched(ctx: InboxContext<void>, url: URL): Promise<unknown> {
    try {
      const { document } = await ctx.documentLoader(url.href, {
        signal: AbortSignal.timeout(REMOTE_FETCH_TIMEOUT_MS),
      });
      return document;
    } catch {
      return undefined;
    }
  }

  /**
   * The event at `id`, as its origin serves it, stored when `via` (the signed sender, or the
   * Group announcing it) is a followed actor whose follow was accepted. What the object claims
   * (`attributedTo`) never decides: it is the origin's text, shown, not trusted. The event keeps
   * the actor it was first stored under, and the hourly limit and the cap count per `via`.
   */
  async function take(ctx: InboxContext<void>, id: URL, via: URL) {
    const host = id.hostname;
    if (deps.isBlocked(host) || deps.isBlocked(via.hostname)) return;
    const followed = await repo.followedActors(db, [via.href]);
    if (!followed.has(via.href)) return;
    const verdict = await deps.limiter.consume(`federation-remote-events:${via.href}`, {
      limit: perHour,
      windowMs: 60 * 60 * 1000,
    });
    if (verdict.limited) return;
    const document = await fetched(ctx, id);
    if (document === undefined || JSON.stringify(document ?? null).length > REMOTE_OBJECT_MAX_BYTES) return;
    const event = readRemoteEvent(document);
    // The library's loader keeps the origin: an object whose id is on another server is not taken.
    if (!event || new URL(event.apId).host !== id.host) return;
    const now = Date.now();
    if (event.endDate.getTime() < now) return;
    if (event.startDate.getTime() > now + FURTHEST_START_MS) return;
    if (event.endDate.getTime() - event.startDate.getTime() > LONGEST_EVENT_MS) return;
    const known = await repo.remoteEventByApId(db, event.apId);
    if (!known && (await repo.remoteEventCount(db, via.href)) >= REMOTE_EVENTS_PER_ACTOR) return;
    // Stored only if the follow still stands when it is written (an unfollow may have come meanwhile).
    await repo.upsertFollowedRemoteEvent(db, {
      ...(await placed(db, event)),
      actorUri: via.href,
      instance: host,
    });
  }

  /**
   * A `Delete` of an event removes it when its actor is the one the event was stored under, or
   * when the event's own server no longer serves it (gone, or a Tombstone): nobody else's word.
   */
  async function removed(ctx: InboxContext<void>, id: URL | null, actor: URL | null) {
    if (!id || !actor) return;
    const known = await repo.remoteEventByApId(db, id.href);
    if (!known) return;
    if (known.actorUri !== actor.href) {
      if (id.host !== actor.host) return;
      const still = await fetched(ctx, id);
      const type = (still as { type?: unknown } | null | undefined)?.type;
      if (still !== undefined && type !== 'Tombstone') return;
    }
    await repo.deleteRemoteEvent(db, id.href, id.hostname);
  }

  /** The event an activity (or the one an Announce wraps) concerns. */
  async function handle(ctx: InboxContext<void>, activity: Create | Update | Delete, via: URL) {
    if (activity instanceof Delete) {
      // A Delete the announcer passes on counts only as the announcer's own (its embedded copy
      // is not signed by anyone else); the signed sender of a direct Delete is `via` itself.
      if (activity.actorId && activity.actorId.href !== via.href) return;
      return removed(ctx, activity.objectId, via);
    }
    const id = activity.objectId;
    if (id) await take(ctx, id, via);
  }

  return inbox
    .on(Accept, (_ctx, accept) => answered(accept, 'accepted'))
    .on(Reject, (_ctx, reject) => answered(reject, 'rejected'))
    .on(Create, async (ctx, create) => {
      if (create.actorId) await handle(ctx, create, create.actorId);
    })
    .on(Update, async (ctx, update) => {
      if (update.actorId) await handle(ctx, update, update.actorId);
    })
    .on(Delete, async (ctx, del) => {
      if (del.actorId) await handle(ctx, del, del.actorId);
    })
    .on(Announce, async (ctx, announce) => {
      if (!announce.actorId) return;
      const followed = await repo.followedActors(db, [announce.actorId.href]);
      if (!followed.has(announce.actorId.href)) return;
      let inner: unknown;
      try {
        inner = await announce.getObject({
          documentLoader: ctx.documentLoader,
          contextLoader: ctx.contextLoader,
          suppressError: true,
        });
      } catch {
        return;
      }
      if (inner instanceof Create || inner instanceof Update || inner instanceof Delete) {
        await handle(ctx, inner, announce.actorId);
      } else if (announce.objectId) {
        // An Announce of the Event itself (Mastodon's boost shape).
        await take(ctx, announce.objectId, announce.actorId);
      }
    });
}
