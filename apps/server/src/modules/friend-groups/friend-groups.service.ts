import { CHAT_MSG, type CreateFriendGroupInput, type FriendGroup } from '@townsquare/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { actorOf, allows, groupKinds } from '../groups/kinds.ts';
import type { Memberships } from '../groups/membership.service.ts';
import { presentFriendGroup } from './friend-groups.presenter.ts';
import * as repo from './friend-groups.repository.ts';

export type FriendGroupsServiceDeps = {
  db: Database;
  memberships: Memberships;
};

const MEMBERS = groupKinds.friendGroup;

export type FriendGroupsService = ReturnType<typeof createFriendGroupsService>;

/**
 * Private groups of friends with their own chat (`group:<id>`). Only members see a group (anyone
 * else gets 404, whether it exists or not); only its creator adds members, who must be the
 * creator's friends; the creator removes anyone, and a member may leave.
 */
export function createFriendGroupsService(deps: FriendGroupsServiceDeps) {
  const { db, memberships } = deps;

  const { all: present, one: presentOne } = memberships.presenter(MEMBERS, presentFriendGroup);

  /** The group if `userId` is a member; 404 otherwise. */
  async function memberOf(id: string, userId: string): Promise<repo.FriendGroupRow> {
    const found = isUuid(id) ? await repo.findGroupFor(db, id, userId) : undefined;
    if (!found?.isMember) throw notFound(CHAT_MSG.groupNotFound);
    return found.group;
  }

  return {
    /** Socket joins of `group:<id>`: members only. */
    canJoin: (groupId: string, userId: string) => memberships.canJoin(MEMBERS, groupId, userId),

    /**
     * A block: each of the two leaves the friend groups the other created (members of a friend
     * group are its creator's friends, and a block ends the friendship). Runs in the caller's
     * transaction; call `evictRemoved` with the answer once it has committed.
     */
    async removeEachOther(tx: Executor, a: string, b: string) {
      const removed = await memberships.separate('friendGroup', tx, a, b);
      await repo.deleteEmptyGroups(tx, [...new Set(removed.map((r) => r.groupId))]);
      return removed;
    },

    /** The removed members' sockets leave those groups' rooms. */
    evictRemoved(removed: { groupId: string; userId: string }[]): void {
      for (const { groupId, userId } of removed) memberships.evict([userId], MEMBERS.room.channel(groupId));
    },

    async list(me: UserRow): Promise<FriendGroup[]> {
      return present(await repo.listGroupsOf(db, me.id));
    },

    /** The creator is always a member; at least one other member, all of them the creator's friends. */
    async create(me: UserRow, input: CreateFriendGroupInput): Promise<FriendGroup> {
      const others = [...new Set(input.members.map((id) => id.trim()))].filter((id) => id !== me.id);
      if (others.length === 0) throw badRequest(CHAT_MSG.membersRequired);
      const row = await db.transaction(async (tx) => {
        const group = await repo.insertGroup(tx, { name: input.name, createdBy: me.id });
        await memberships.found('friendGroup', group.id, me.id, others, tx);
        return group;
      });
      return presentOne(row);
    },

    async addMember(me: UserRow, groupId: string, userId: string): Promise<FriendGroup> {
      const group = await memberOf(groupId, me.id);
      const actor = actorOf(me.id, [group.createdBy], userId);
      const updated = await db.transaction(async (tx) => {
        await memberships.change(
          'friendGroup',
          { groupId: group.id, userId, actorId: me.id, actor, actions: ['add'] },
          tx,
        );
        return repo.touchGroup(tx, group.id);
      });
      return presentOne(updated ?? group);
    },

    /**
     * The creator removes anyone; a member may remove themselves. The removed member's sockets
     * leave the room at once. A group nobody belongs to any more is deleted with its history.
     */
    async removeMember(me: UserRow, groupId: string, userId: string): Promise<FriendGroup> {
      const group = await memberOf(groupId, me.id);
      const actor = actorOf(me.id, [group.createdBy], userId);
      const channel = MEMBERS.room.channel(group.id);
      const { removed, row } = await db.transaction(async (tx) => {
        const { written: removed } = await memberships.change(
          'friendGroup',
          { groupId: group.id, userId, actorId: me.id, actor, actions: ['remove'] },
          tx,
        );
        if (!removed) return { removed, row: group };
        if (MEMBERS.deletedWhenEmpty && (await memberships.count(MEMBERS, group.id, tx)) === 0) {
          await repo.deleteGroup(tx, group.id);
          return { removed, row: group };
        }
        return { removed, row: (await repo.touchGroup(tx, group.id)) ?? group };
      });
      if (removed) memberships.evict([userId], channel);
      return presentOne(row);
    },

    /** The chat (`group:<id>`, `new-group-message`): members only, 404 for anyone else. */
    ...memberships.chatFor(MEMBERS, async (me, groupId) => (await memberOf(groupId, me.id)).id),
  };
}
