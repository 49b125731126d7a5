import type { Federation } from '@fedify/fedify';
import { Accept, Follow, type Recipient, Reject } from '@fedify/vocab';
import { COMMUNITY_MSG, type FediverseFollower, MSG } from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { FederationFollowerRow } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import {
  followerOf,
  followersForOrganizers,
  markAccepted,
  organizes,
  publicCommunityBySlug,
  removeFollower,
} from './federation.repository.ts';

const present = (row: FederationFollowerRow): FediverseFollower => ({
  actor: row.actorUri,
  state: row.state,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Organisers answer the follows an APPROVAL or INVITE community held (decision 073): approving
 * sends the follower `Accept`, refusing sends `Reject` and forgets them. Only organisers of a
 * PUBLIC community (a private one has no Group, 404) may see or answer them.
 */
export function createFollowersService(deps: {
  db: Database;
  federation: Federation<void>;
  publicUrl: string;
}) {
  const { db } = deps;

  async function organised(slug: string, userId: string) {
    const community = await publicCommunityBySlug(db, slug);
    if (!community) throw notFound(COMMUNITY_MSG.notFound);
    if (!(await organizes(db, community.id, userId))) throw forbidden(COMMUNITY_MSG.notOrganizer);
    return community;
  }

  /** The answer to a held follow, from the Group to the follower's inbox (queued, retried). */
  async function answer(slug: string, row: FederationFollowerRow, Kind: typeof Accept | typeof Reject) {
    const ctx = deps.federation.createContext(new URL(deps.publicUrl));
    const group = ctx.getActorUri(slug);
    const recipient: Recipient = {
      id: new URL(row.actorUri),
      inboxId: new URL(row.inbox),
      endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
    };
    const follow = new Follow({
      id: row.followId ? new URL(row.followId) : null,
      actor: new URL(row.actorUri),
      object: group,
    });
    const kind = Kind === Accept ? 'accept' : 'reject';
    await ctx.sendActivity(
      { identifier: slug },
      recipient,
      new Kind({
        id: new URL(`#${kind}-${encodeURIComponent(row.followId ?? row.actorUri)}`, group),
        actor: group,
        object: follow,
      }),
    );
  }

  return {
    async list(slug: string, userId: string): Promise<FediverseFollower[]> {
      const community = await organised(slug, userId);
      return (await followersForOrganizers(db, community.id)).map(present);
    },

    async approve(slug: string, userId: string, actor: string): Promise<FediverseFollower> {
      const community = await organised(slug, userId);
      const row = await followerOf(db, community.id, actor);
      if (!row) throw notFound(MSG.notFound);
      if (row.state === 'accepted') return present(row);
      const accepted = await markAccepted(db, community.id, actor);
      await answer(community.slug, row, Accept);
      return present(accepted ?? row);
    },

    /** Answers the follower as they were before they were refused. */
    async reject(slug: string, userId: string, actor: string): Promise<FediverseFollower> {
      const community = await organised(slug, userId);
      const row = await followerOf(db, community.id, actor);
      if (!row) throw notFound(MSG.notFound);
      await removeFollower(db, community.id, actor);
      await answer(community.slug, row, Reject);
      return present(row);
    },
  };
}

export type FollowersService = ReturnType<typeof createFollowersService>;
