import {
  CHAT_MSG,
  type CreateFriendGroupInput,
  type FriendGroup,
  type RoomMessage,
} from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { Publisher } from '../../realtime/publish.ts';
import { type Person, people } from '../chat/chat.repository.ts';
import { type ChatInput, type ChatService, channels, type Page } from '../chat/chat.service.ts';
import { isUuid } from '../users/users.repository.ts';
import { presentFriendGroup } from './friend-groups.presenter.ts';
import * as repo from './friend-groups.repository.ts';

export type FriendGroupsServiceDeps = {
  db: Database;
  publisher: Publisher;
  chat: Pick<ChatService, 'postToRoom' | 'roomHistory'>;
  /** Which of `ids` are friends of `userId`. */
  friendsAmong: (userId: string, ids: string[]) => Promise<Set<string>>;
};

export type FriendGroupsService = ReturnType<typeof createFriendGroupsService>;

/**
 * Private groups of friends with their own chat (`group:<id>`). Only members see a group (anyone
 * else gets 404, whether it exists or not); only its creator adds members, who must be the
 * creator's friends; the creator removes anyone, and a member may leave.
 */
export function createFriendGroupsService(deps: FriendGroupsServiceDeps) {
  const { db } = deps;

  async function present(rows: repo.FriendGroupRow[]): Promise<FriendGroup[]> {
    const [members, creators] = await Promise.all([
      repo.membersOf(
        db,
        rows.map((r) => r.id),
      ),
      people(
        db,
        rows.map((r) => r.createdBy),
      ),
    ]);
    const byGroup = new Map<string, Person[]>();
    for (const m of members) byGroup.set(m.groupId, [...(byGroup.get(m.groupId) ?? []), m]);
    return rows.map((row) => presentFriendGroup(row, byGroup.get(row.id) ?? [], creators.get(row.createdBy)));
  }

  async function presentOne(row: repo.FriendGroupRow): Promise<FriendGroup> {
    const [group] = await present([row]);
    return group!; // one row in, one out
  }

  /** The group if `userId` is a member; 404 otherwise. */
  async function memberOf(id: string, userId: string): Promise<repo.FriendGroupRow> {
    const found = isUuid(id) ? await repo.findGroupFor(db, id, userId) : undefined;
    if (!found?.isMember) throw notFound(CHAT_MSG.groupNotFound);
    return found.group;
  }

  async function assertFriends(ownerId: string, ids: string[]): Promise<void> {
    if (!ids.every(isUuid)) throw badRequest(CHAT_MSG.membersMustBeFriends);
    const friends = await deps.friendsAmong(ownerId, ids);
    if (ids.some((id) => !friends.has(id))) throw badRequest(CHAT_MSG.membersMustBeFriends);
  }

  return {
    /** Socket joins of `group:<id>`: members only. */
    async canJoin(groupId: string, userId: string): Promise<boolean> {
      return isUuid(groupId) && repo.isMember(db, groupId, userId);
    },

    async list(me: UserRow): Promise<FriendGroup[]> {
      return present(await repo.listGroupsOf(db, me.id));
    },

    /** The creator is always a member; at least one other member, all of them the creator's friends. */
    async create(me: UserRow, input: CreateFriendGroupInput): Promise<FriendGroup> {
      const others = [...new Set(input.members.map((id) => id.trim()))].filter((id) => id !== me.id);
      if (others.length === 0) throw badRequest(CHAT_MSG.membersRequired);
      await assertFriends(me.id, others);
      const row = await db.transaction(async (tx) => {
        const group = await repo.insertGroup(tx, { name: input.name, createdBy: me.id });
        await repo.addMembers(tx, group.id, [me.id, ...others]);
        return group;
      });
      return presentOne(row);
    },

    async addMember(me: UserRow, groupId: string, userId: string): Promise<FriendGroup> {
      const group = await memberOf(groupId, me.id);
      if (group.createdBy !== me.id) throw forbidden(CHAT_MSG.notGroupCreator);
      if (userId !== me.id) await assertFriends(me.id, [userId]);
      const updated = await db.transaction(async (tx) => {
        await repo.addMembers(tx, group.id, [userId]);
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
      if (group.createdBy !== me.id && userId !== me.id) throw forbidden(CHAT_MSG.notAllowedToRemove);
      if (!isUuid(userId)) return presentOne(group);
      const channel = channels.group(group.id);
      const { removed, row } = await db.transaction(async (tx) => {
        const removed = await repo.removeMember(tx, group.id, userId);
        if (!removed) return { removed, row: group };
        if ((await repo.countMembers(tx, group.id)) === 0) {
          await repo.deleteGroup(tx, group.id);
          return { removed, row: group };
        }
        return { removed, row: (await repo.touchGroup(tx, group.id)) ?? group };
      });
      if (removed) deps.publisher.removeFromChannel(userId, channel);
      return presentOne(row);
    },

    async postMessage(me: UserRow, groupId: string, input: ChatInput): Promise<RoomMessage> {
      const group = await memberOf(groupId, me.id);
      return deps.chat.postToRoom(me, channels.group(group.id), 'new-group-message', input);
    },

    async history(
      me: UserRow,
      groupId: string,
      before: string | undefined,
      limit: number,
    ): Promise<Page<RoomMessage>> {
      const group = await memberOf(groupId, me.id);
      return deps.chat.roomHistory(channels.group(group.id), before, limit);
    },
  };
}
