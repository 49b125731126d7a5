import { BLOCK_LIMITS, BLOCK_MSG, type BlockedUser, FRIEND_MSG } from '@townsquare/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { findUserById } from '../../platform/people.ts';
import type { Publisher } from '../../realtime/publish.ts';
import * as repo from './blocks.repository.ts';

type Removed = { groupId: string; userId: string }[];

export type BlocksServiceDeps = {
  db: Database;
  publisher: Publisher;
  /** Ends the friendship and pending requests of the pair, in the block's transaction (friends). */
  sever: (tx: Executor, a: string, b: string) => Promise<{ wereFriends: boolean; hadRequests: boolean }>;
  /** Each leaves the friend groups the other created, in the same transaction (friend groups). */
  leaveEachOthersGroups: (tx: Executor, a: string, b: string) => Promise<Removed>;
  /** Each stops co-hosting the other's events, in the same transaction (events). */
  endCohosting: (tx: Executor, a: string, b: string) => Promise<void>;
  /** After commit: the removed members' sockets leave those rooms. */
  evictFromGroups: (removed: Removed) => void;
  /** After commit: the two may have lost sight of each other's events (event chat rooms). */
  onAccessReduced: (userIds: [string, string]) => Promise<void>;
};

export type BlocksService = ReturnType<typeof createBlocksService>;

/**
 * Blocking (decision 020). A block is one row; its effects elsewhere are each read from
 * that row where they apply (friend requests, direct messages, search, `visibleTo`, room history,
 * the socket fan-out), and the lasting ones (friendship, requests, friend groups, co-hosting) end here, in one
 * transaction under the pair's lock.
 */
export function createBlocksService(deps: BlocksServiceDeps) {
  const { db, publisher } = deps;

  async function target(me: UserRow, id: string): Promise<UserRow> {
    if (!isUuid(id)) throw badRequest(FRIEND_MSG.invalidUser);
    if (id === me.id) throw badRequest(BLOCK_MSG.self);
    const user = await findUserById(db, id);
    if (!user) throw notFound(FRIEND_MSG.notFound);
    return user;
  }

  return {
    blockedIds: (userId: string) => repo.blockedIds(db, userId),
    between: (a: string, b: string, tx: Executor = db) => repo.blockedEitherWay(tx, a, b),

    /** Blocks `id`; blocking someone already blocked changes nothing and succeeds. */
    async block(me: UserRow, id: string): Promise<void> {
      const other = await target(me, id);
      const outcome = await db.transaction(async (tx) => {
        // The friends module's pair lock first: a friend request racing the block waits for it.
        const severed = await deps.sever(tx, me.id, other.id);
        if ((await repo.countBlocks(tx, me.id)) >= BLOCK_LIMITS.max) {
          if (await repo.blockedEitherWay(tx, me.id, other.id)) return undefined;
          throw badRequest(BLOCK_MSG.tooMany);
        }
        const created = await repo.insertBlock(tx, me.id, other.id);
        if (!created) return undefined;
        const removed = await deps.leaveEachOthersGroups(tx, me.id, other.id);
        await deps.endCohosting(tx, me.id, other.id);
        return { ...severed, removed };
      });
      if (!outcome) return;
      publisher.hide(me.id, other.id);
      deps.evictFromGroups(outcome.removed);
      if (outcome.wereFriends || outcome.hadRequests) {
        publisher.toUser(me.id, 'relationship-changed', { userId: other.id });
        publisher.toUser(other.id, 'relationship-changed', { userId: me.id });
      }
      await deps.onAccessReduced([me.id, other.id]);
    },

    /** Unblocks `id`; nothing comes back (no friendship, no group), both may start afresh. */
    async unblock(me: UserRow, id: string): Promise<void> {
      const other = await target(me, id);
      if (await repo.deleteBlock(db, me.id, other.id)) publisher.unhide(me.id, other.id);
    },

    async list(me: UserRow): Promise<BlockedUser[]> {
      const rows = await repo.listBlocked(db, me.id, BLOCK_LIMITS.max);
      return rows.map((r) => ({
        _id: r.id,
        id: r.id,
        username: r.username ?? r.fullName,
        fullName: r.fullName,
        profileImage: r.profileImage,
        blockedAt: r.blockedAt.toISOString(),
      }));
    },
  };
}
