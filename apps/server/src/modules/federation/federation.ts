import {
  createFederation,
  type Federation,
  type InboxListenerSetters,
  type KvStore,
  type MessageQueue,
} from '@fedify/fedify';
import {
  Accept,
  Application,
  Create,
  Endpoints,
  Event,
  Follow,
  Group,
  Image,
  isActor,
  Join,
  Leave,
  type Recipient,
  Undo,
} from '@fedify/vocab';
import type { Database } from '../../db/client.ts';
import {
  acceptedFollowers,
  federatedEvent,
  followerCount,
  keyPairsOf,
  publicCommunityBySlug,
  removeFollower,
  saveFollower,
  upcomingEventCount,
  upcomingEventIds,
  usage,
} from './federation.repository.ts';
import { createJoinHandlers, type JoinDeps } from './inbound-join.ts';
import { inboxRefused, storedInboxRefused } from './inbox-guard.ts';
import { eventJson, PUBLIC, textToHtml } from './objects.ts';
import { isPersonIdentifier, personActor, personByHandle, personKeyPairs } from './person-actor.ts';

/** The instance's own actor (signed fetches); no community slug has an underscore. */
export const INSTANCE_ACTOR = '_instance';
export const ACTOR_PATH = '/c/{identifier}';
export const EVENT_PATH = '/event/{id}';
export const SHARED_INBOX = '/inbox';
/** Upcoming events a Group's outbox shows. */
const OUTBOX_SIZE = 20;

export type FederationDeps = {
  db: Database;
  kv: KvStore;
  queue: MessageQueue;
  publicUrl: string;
  /** Whether a host (and its parent domains) is blocked (FEDERATION_BLOCKED_DOMAINS). */
  isBlocked: (host: string) => boolean;
  allowPrivateAddress: boolean;
  version: string;
  /** Tells an event's room its guest list changed after a remote answer (decision 080). */
  announce?: JoinDeps['announce'];
  /** More inbox listeners (federation in, decision 079: inbound-events.ts). */
  onInbox?: (inbox: InboxListenerSetters<void>) => void;
};

const keyOwner = (communityId: string) => `community:${communityId}`;

/**
 * The ActivityPub side of the instance (decisions 072, 073), on Fedify: every PUBLIC community
 * is a `Group` actor (FEP-1b12) at its page's URL, the instance an `Application`; a public,
 * published event of a public community is an `Event` at its page's URL. Follows of a Group are
 * accepted at once for OPEN communities and held (`pending`) for the others.
 */
export function createTownsquareFederation(deps: FederationDeps): Federation<void> {
  const { db } = deps;
  const federation = createFederation<void>({
    kv: deps.kv,
    queue: deps.queue,
    origin: deps.publicUrl,
    // Started by the module once the job queue runs (kernel onStart), stopped on close.
    manuallyStartQueue: true,
    allowPrivateAddress: deps.allowPrivateAddress,
    userAgent: { software: `Townsquare/${deps.version}`, url: new URL(deps.publicUrl) },
  });

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      if (isPersonIdentifier(identifier)) return personActor(ctx, db, identifier, deps.publicUrl);
      if (identifier === INSTANCE_ACTOR) {
        const keys = await ctx.getActorKeyPairs(identifier);
        return new Application({
          id: ctx.getActorUri(identifier),
          preferredUsername: new URL(deps.publicUrl).hostname,
          name: 'Townsquare',
          inbox: ctx.getInboxUri(identifier),
          endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
          url: new URL(deps.publicUrl),
          manuallyApprovesFollowers: true,
          publicKey: keys[0]?.cryptographicKey,
          assertionMethods: keys.map((k) => k.multikey),
        });
      }
      const community = await publicCommunityBySlug(db, identifier);
      if (!community) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Group({
        id: ctx.getActorUri(identifier),
        preferredUsername: community.slug,
        name: community.name,
        summary: community.description ? textToHtml(community.description) : null,
        url: ctx.getActorUri(identifier),
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        manuallyApprovesFollowers: community.joinPolicy !== 'OPEN',
        icon: community.imageUrl ? new Image({ url: new URL(community.imageUrl, deps.publicUrl) }) : null,
        publicKey: keys[0]?.cryptographicKey,
        assertionMethods: keys.map((k) => k.multikey),
      });
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      if (identifier === INSTANCE_ACTOR) return keyPairsOf(db, 'instance');
      if (isPersonIdentifier(identifier)) return personKeyPairs(db, identifier);
      const community = await publicCommunityBySlug(db, identifier);
      return community ? keyPairsOf(db, keyOwner(community.id)) : [];
    })
    // acct:<slug>@<host>: the handle is the slug; else an opted-in person's username (person-actor.ts).
    .mapHandle(async (_ctx, username) =>
      (await publicCommunityBySlug(db, username)) ? username : personByHandle(db, username),
    );

  // The outbox: the `Create` of each upcoming public event (at most OUTBOX_SIZE, soonest first),
  // so a server that reads it on a first follow shows what is coming.
  federation
    .setOutboxDispatcher('/c/{identifier}/outbox', async (ctx, identifier) => {
      const community = await publicCommunityBySlug(db, identifier);
      if (!community) return null;
      const group = ctx.getActorUri(identifier);
      const followers = ctx.getFollowersUri(identifier);
      const items: Create[] = [];
      for (const id of await upcomingEventIds(db, community.id, OUTBOX_SIZE)) {
        const event = await federatedEvent(db, id);
        if (!event) continue;
        const uri = ctx.getObjectUri(Event, { id });
        const object = await Event.fromJsonLd(eventJson(event, { event: uri, group, followers, page: uri }), {
          documentLoader: ctx.documentLoader,
          contextLoader: ctx.contextLoader,
        });
        items.push(
          new Create({
            id: new URL('#create', uri),
            actor: group,
            object,
            to: new URL(PUBLIC),
            cc: followers,
            audience: group,
          }),
        );
      }
      return { items };
    })
    .setCounter(async (_ctx, identifier) => {
      const community = await publicCommunityBySlug(db, identifier);
      return community ? Math.min(OUTBOX_SIZE, await upcomingEventCount(db, community.id)) : null;
    });

  const guard = { allowPrivate: deps.allowPrivateAddress, isBlocked: deps.isBlocked };
  // Remote RSVPs: Join, Leave and Undo(Join) of an event (decision 080, inbound-join.ts).
  const joins = createJoinHandlers(deps);
  // Followers: their number is public, who they are is not (members' lists never federate).
  // Deliveries (a context without a request) read the whole list.
  federation
    .setFollowersDispatcher('/c/{identifier}/followers', async (ctx, identifier) => {
      const community = await publicCommunityBySlug(db, identifier);
      if (!community) return null;
      if ('request' in ctx) return { items: [] };
      const rows = await acceptedFollowers(db, community.id);
      const items: Recipient[] = rows
        .filter(
          (r) =>
            !deps.isBlocked(new URL(r.actorUri).hostname) &&
            !storedInboxRefused(r.inbox, guard) &&
            !(r.sharedInbox && storedInboxRefused(r.sharedInbox, guard)),
        )
        .map((r) => ({
          id: new URL(r.actorUri),
          inboxId: new URL(r.inbox),
          endpoints: r.sharedInbox ? { sharedInbox: new URL(r.sharedInbox) } : null,
        }));
      return { items };
    })
    .setCounter(async (_ctx, identifier) => {
      const community = await publicCommunityBySlug(db, identifier);
      return community ? followerCount(db, community.id) : null;
    });

  federation.setObjectDispatcher(Event, EVENT_PATH, async (ctx, { id }) => {
    const event = await federatedEvent(db, id);
    if (!event) return null;
    const group = ctx.getActorUri(event.community.slug);
    const json = eventJson(event, {
      event: ctx.getObjectUri(Event, { id }),
      group,
      followers: ctx.getFollowersUri(event.community.slug),
      page: ctx.getObjectUri(Event, { id }),
    });
    return Event.fromJsonLd(json, { documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader });
  });

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    const counts = await usage(db);
    return {
      software: { name: 'townsquare', version: deps.version, homepage: new URL(deps.publicUrl) },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: { users: { total: counts.users }, localPosts: counts.posts, localComments: 0 },
    };
  });

  const inbox = federation
    .setInboxListeners('/c/{identifier}/inbox', SHARED_INBOX)
    .setSharedKeyDispatcher(() => ({ identifier: INSTANCE_ACTOR }))
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor' || target.identifier === INSTANCE_ACTOR) return;
      const community = await publicCommunityBySlug(db, target.identifier);
      if (!community) return;
      const follower = await follow.getActor(ctx);
      if (!isActor(follower) || !follower.id || !follower.inboxId) return;
      // The bridge refused a blocked domain's post already; a follower whose actor lives on one
      // (another domain's actor id) is not stored either.
      if (deps.isBlocked(follower.id.hostname)) return;
      // Where it asks to be delivered to is judged too: the library delivers to any URL (inbox-guard.ts).
      if (
        (await inboxRefused(follower.inboxId, guard)) ||
        (await inboxRefused(follower.endpoints?.sharedInbox, guard))
      )
        return;
      const open = community.joinPolicy === 'OPEN';
      // A follow asked again (their server lost our answer) keeps the state it has.
      const state = await saveFollower(db, {
        communityId: community.id,
        actorUri: follower.id.href,
        inbox: follower.inboxId.href,
        sharedInbox: follower.endpoints?.sharedInbox?.href ?? null,
        followId: follow.id.href,
        state: open ? 'accepted' : 'pending',
      });
      // APPROVAL and INVITE communities hold the follow until an organiser answers it.
      if (state !== 'accepted') return;
      const group = ctx.getActorUri(community.slug);
      await ctx.sendActivity(
        { identifier: community.slug },
        follower,
        new Accept({
          id: new URL(`#accept-${encodeURIComponent(follow.id.href)}`, group),
          actor: group,
          object: follow,
        }),
      );
    })
    .on(Join, (ctx, join) => joins.onJoin(ctx, join))
    .on(Leave, (ctx, leave) => joins.onLeave(ctx, leave))
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx);
      if (object instanceof Join) return joins.onUndoJoin(ctx, undo, object);
      if (!(object instanceof Follow) || !undo.actorId || !object.objectId) return;
      // Only the follower themselves may undo their follow.
      if (object.actorId?.href !== undo.actorId.href) return;
      const target = ctx.parseUri(object.objectId);
      if (target?.type !== 'actor') return;
      const community = await publicCommunityBySlug(db, target.identifier);
      if (community) await removeFollower(db, community.id, undo.actorId.href);
    });
  deps.onInbox?.(inbox);

  return federation;
}
