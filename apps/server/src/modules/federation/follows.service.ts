import { randomUUID } from 'node:crypto';
import type { Federation } from '@fedify/fedify';
import { type Actor, Follow, isActor, type Recipient, Undo } from '@fedify/vocab';
import {
  COMMUNITY_MSG,
  FEDERATION_MSG,
  type FederationFollow,
  type FederationFollowBody,
} from '@townsquare/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  communities,
  type FederationFollowRow,
  type FederationSubscriptionRow,
  type UserRow,
} from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { organizes } from './federation.repository.ts';
import { INSTANCE_ACTOR } from './federation.ts';
import { inboxRefused } from './inbox-guard.ts';
import * as repo from './remote-events.repository.ts';

/** How long resolving a handle (WebFinger, then the actor) may take. */
const LOOKUP_TIMEOUT_MS = 10_000;

type Handle = { kind: 'acct'; user: string; host: string } | { kind: 'url'; url: URL };

/** `@club@other.example`, `club@other.example` or an http(s) actor URL; otherwise undefined. */
export function parseHandle(input: string): Handle | undefined {
  const text = input.trim().replace(/^acct:/i, '');
  const acct = /^@?([A-Za-z0-9._~!$&'()*+,;=%-]{1,128})@([A-Za-z0-9.-]{1,253}(?::\d{1,5})?)$/.exec(text);
  if (acct?.[1] && acct[2]) return { kind: 'acct', user: acct[1], host: acct[2].toLowerCase() };
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.username || url.password ? undefined : { kind: 'url', url };
  } catch {
    return undefined;
  }
}

const present = (row: FederationFollowRow, sub: FederationSubscriptionRow): FederationFollow => ({
  id: row.id,
  scope: row.scope,
  communityId: row.communityId,
  actor: sub.actorUri,
  handle: sub.handle,
  name: sub.name,
  instance: sub.instance,
  state: sub.state,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Following out (decision 079): a member, a community's organisers or an admin (for the whole
 * instance) follow a remote actor. The wire `Follow` is one per remote actor, sent by the
 * instance's Application actor when its first follower here asks, and undone when its last one
 * leaves; the remote `Accept` or `Reject` sets the state every follow through it shows.
 */
export function createFollowsService(deps: {
  db: Database;
  federation: Federation<void>;
  publicUrl: string;
  isBlocked: (host: string) => boolean;
  allowPrivateAddress: boolean;
}) {
  const { db } = deps;
  const guard = { allowPrivate: deps.allowPrivateAddress, isBlocked: deps.isBlocked };
  const ownHost = new URL(deps.publicUrl).host.toLowerCase();
  const context = () => deps.federation.createContext(new URL(deps.publicUrl));

  /** The actor a handle names, looked up through the library (its private-address guard). */
  async function resolve(input: string): Promise<Actor> {
    const handle = parseHandle(input);
    if (!handle) throw badRequest(FEDERATION_MSG.handleInvalid);
    const host = handle.kind === 'acct' ? handle.host : handle.url.host.toLowerCase();
    if (host === ownHost) throw badRequest(FEDERATION_MSG.selfFollow);
    if (deps.isBlocked(host.replace(/:\d+$/, ''))) throw badRequest(FEDERATION_MSG.domainBlocked);
    const ctx = context();
    const signal = AbortSignal.timeout(LOOKUP_TIMEOUT_MS);
    const lookup = async (id: string | URL) => {
      try {
        return await ctx.lookupObject(id, { signal });
      } catch {
        return null;
      }
    };
    let found = await lookup(handle.kind === 'acct' ? `@${handle.user}@${handle.host}` : handle.url);
    // WebFinger is https only; where the operator allowed private addresses (tests on loopback,
    // a LAN install) an http server is asked too.
    if (!found && handle.kind === 'acct' && deps.allowPrivateAddress) {
      const self = await webFingerOverHttp(handle.user, handle.host, signal);
      if (self) found = await lookup(self);
    }
    if (!found || !isActor(found) || !found.id || !found.inboxId)
      throw notFound(FEDERATION_MSG.actorNotFound);
    if (deps.isBlocked(found.id.hostname)) throw badRequest(FEDERATION_MSG.domainBlocked);
    if (found.id.host.toLowerCase() === ownHost) throw badRequest(FEDERATION_MSG.selfFollow);
    if (
      (await inboxRefused(found.inboxId, guard)) ||
      (await inboxRefused(found.endpoints?.sharedInbox, guard))
    )
      throw notFound(FEDERATION_MSG.actorNotFound);
    return found;
  }

  async function sendFollow(actor: Recipient, followId: string) {
    const ctx = context();
    const me = ctx.getActorUri(INSTANCE_ACTOR);
    await ctx.sendActivity(
      { identifier: INSTANCE_ACTOR },
      actor,
      new Follow({ id: new URL(followId), actor: me, object: actor.id }),
    );
  }

  function recipientOf(sub: FederationSubscriptionRow): Recipient {
    return {
      id: new URL(sub.actorUri),
      inboxId: new URL(sub.inbox),
      endpoints: sub.sharedInbox ? { sharedInbox: new URL(sub.sharedInbox) } : null,
    };
  }

  /** Who the follow is for, and whether the caller may make or end it. */
  async function mayManage(
    user: UserRow,
    target: { scope: FederationFollowRow['scope']; communityId: string | null; userId: string | null },
  ): Promise<boolean> {
    if (target.scope === 'instance') return user.isAdmin;
    if (target.scope === 'community')
      return target.communityId !== null && (await organizes(db, target.communityId, user.id));
    return target.userId === user.id;
  }

  return {
    async follow(user: UserRow, body: FederationFollowBody): Promise<FederationFollow> {
      if (body.scope === 'instance' && body.communityId) throw badRequest(FEDERATION_MSG.scopeConflict);
      const scope = body.scope === 'instance' ? 'instance' : body.communityId ? 'community' : 'member';
      if (scope === 'instance' && !user.isAdmin) throw forbidden(FEDERATION_MSG.adminOnly);
      if (scope === 'community') {
        const [community] = await db
          .select({ id: communities.id })
          .from(communities)
          .where(eq(communities.id, body.communityId ?? ''));
        if (!community) throw notFound(COMMUNITY_MSG.notFound);
        if (!(await organizes(db, community.id, user.id))) throw forbidden(COMMUNITY_MSG.notOrganizer);
      }
      const actor = await resolve(body.handle);
      const actorId = actor.id as URL;
      const instanceUri = context().getActorUri(INSTANCE_ACTOR);
      const followId = `${instanceUri.href}#follow-${randomUUID()}`;
      const username = actor.preferredUsername?.toString();
      let { row: sub, created } = await repo.saveSubscription(db, {
        actorUri: actorId.href,
        inbox: (actor.inboxId as URL).href,
        sharedInbox: actor.endpoints?.sharedInbox?.href ?? null,
        handle: username ? `${username}@${actorId.host}` : null,
        name: actor.name?.toString().slice(0, 200) ?? null,
        instance: actorId.hostname,
        followId,
      });
      // A refused subscription is asked again; a pending or accepted one is not sent twice.
      if (!created && sub.state === 'rejected') {
        sub = (await repo.renewSubscription(db, sub.actorUri, followId)) ?? sub;
        created = true;
      }
      const row = await repo.saveFollow(db, {
        scope,
        userId: scope === 'member' ? user.id : null,
        communityId: scope === 'community' ? (body.communityId ?? null) : null,
        createdBy: user.id,
        actorUri: sub.actorUri,
      });
      if (created) await sendFollow(recipientOf(sub), sub.followId);
      return present(row, sub);
    },

    async list(user: UserRow): Promise<FederationFollow[]> {
      return (await repo.followsManagedBy(db, user.id, user.isAdmin)).map((r) => present(r, r.subscription));
    },

    /** Ends a follow; the last one through a subscription undoes the wire Follow. */
    async unfollow(user: UserRow, id: string): Promise<void> {
      const row = isUuid(id) ? await repo.findFollow(db, id) : undefined;
      if (!row || !(await mayManage(user, row))) throw notFound(FEDERATION_MSG.followNotFound);
      await repo.deleteFollow(db, row.id);
      if ((await repo.followCount(db, row.actorUri)) > 0) return;
      const sub = await repo.findSubscription(db, row.actorUri);
      if (!sub) return;
      await repo.deleteSubscription(db, sub.actorUri);
      const ctx = context();
      const me = ctx.getActorUri(INSTANCE_ACTOR);
      await ctx.sendActivity(
        { identifier: INSTANCE_ACTOR },
        recipientOf(sub),
        new Undo({
          id: new URL(`${sub.followId}-undo`),
          actor: me,
          object: new Follow({ id: new URL(sub.followId), actor: me, object: new URL(sub.actorUri) }),
        }),
      );
    },
  };
}

/** WebFinger over http (only where private addresses are allowed): the actor's `self` link. */
async function webFingerOverHttp(
  user: string,
  host: string,
  signal: AbortSignal,
): Promise<string | undefined> {
  try {
    const url = `http://${host}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${user}@${host}`)}`;
    const res = await fetch(url, { signal, headers: { accept: 'application/jrd+json' }, redirect: 'error' });
    if (!res.ok) return undefined;
    const text = await res.text();
    if (text.length > 64 * 1024) return undefined;
    const jrd = JSON.parse(text) as { links?: { rel?: string; type?: string; href?: string }[] };
    const self = jrd.links?.find(
      (l) => l.rel === 'self' && typeof l.href === 'string' && /activity\+json|ld\+json/.test(l.type ?? ''),
    );
    return self?.href;
  } catch {
    return undefined;
  }
}

export type FollowsService = ReturnType<typeof createFollowsService>;
