import { CHAT_MSG, type RoomMessage } from '@townsquare/contracts';
import type { SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { type Person, people } from '../../platform/people.ts';
import type { Publisher } from '../../realtime/publish.ts';
import type { ChatInput, ChatService, Page } from '../chat/chat.service.ts';
import * as repo from './membership.repository.ts';

export type MembershipDeps = {
  db: Database;
  publisher: Publisher;
  chat: Pick<ChatService, 'postToRoom' | 'roomHistory'>;
  /** Which of `ids` are friends of `userId`. */
  friendsAmong: (userId: string, ids: string[]) => Promise<Set<string>>;
};

export type Memberships = ReturnType<typeof createMemberships>;

/** A kind's chat as its routes use it: `key` is what the path names the group by (id, slug). */
export type GroupChat = {
  history(me: UserRow, key: string, before: string | undefined, limit: number): Promise<Page<RoomMessage>>;
  postMessage(me: UserRow, key: string, input: ChatInput): Promise<RoomMessage>;
};

/**
 * Membership rules every kind of group shares: who belongs (and so may join the chat room), who
 * is listed, adding and removing with the removed person's sockets leaving the room at once.
 * Each kind's service adds only its own rules (who may create, who may manage, visibility).
 */
export function createMemberships(deps: MembershipDeps) {
  const { db } = deps;
  return {
    /**
     * The row-level reads and writes of a kind with states and roles (communities), run inside
     * that kind's own transaction and lock: the kind reaches them through this service, never
     * this module's repository (decision 068).
     */
    rows: {
      findMembership: repo.findMembership,
      putMembership: repo.putMembership,
      memberPage: repo.memberPage,
      everyoneIn: repo.everyoneIn,
      successorOf: repo.successorOf,
      dropAllMemberships: repo.dropAllMemberships,
      setEventNotifications: repo.setEventNotifications,
      setShareEmail: repo.setShareEmail,
    },

    /** Socket joins of a group's room: members only. */
    async canJoin(_t: repo.GroupKindConfig, groupId: string, userId: string): Promise<boolean> {
      return isUuid(groupId) && repo.isMember(db, groupId, userId);
    },

    isMember: (_t: repo.GroupKindConfig, groupId: string, userId: string, tx: Executor = db) =>
      repo.isMember(tx, groupId, userId),

    /** Members of each group, in join order, keyed by group id. */
    async peopleByGroup(
      _t: repo.GroupKindConfig,
      groupIds: string[],
      tx: Executor = db,
    ): Promise<Map<string, Person[]>> {
      const byGroup = new Map<string, Person[]>();
      for (const m of await repo.membersOf(tx, groupIds))
        byGroup.set(m.groupId, [...(byGroup.get(m.groupId) ?? []), m]);
      return byGroup;
    },

    /**
     * Presents groups whose members are chosen by hand (friend groups, sub-groups): each row with
     * its members in join order and its creator, read in two queries for the whole list.
     */
    presenter<R extends { id: string; createdBy: string }, P>(
      t: repo.GroupKindConfig,
      present: (row: R, members: Person[], creator: Person | undefined) => P,
    ) {
      const all = async (rows: R[]): Promise<P[]> => {
        const [byGroup, creators] = await Promise.all([
          this.peopleByGroup(
            t,
            rows.map((r) => r.id),
          ),
          people(
            db,
            rows.map((r) => r.createdBy),
          ),
        ]);
        return rows.map((row) => present(row, byGroup.get(row.id) ?? [], creators.get(row.createdBy)));
      };
      return { all, one: async (row: R): Promise<P> => (await all([row]))[0]! }; // one row in, one out
    },

    add: (t: repo.GroupKindConfig, groupId: string, userIds: string[], tx: Executor = db) =>
      repo.addMembers(tx, t, groupId, userIds),

    /** A block: each of the two leaves the groups of this kind the other created (`createdBy`). */
    removeEachOther: (
      tx: Executor,
      t: repo.GroupKindConfig,
      createdBy: (groupId: SQL) => SQL,
      a: string,
      b: string,
    ) => repo.removeEachOther(tx, t, createdBy, a, b),

    /** Deletes the row; call `evict` once the transaction has committed. */
    remove: (_t: repo.GroupKindConfig, groupId: string, userId: string, tx: Executor = db) =>
      repo.removeMember(tx, groupId, userId),

    count: (_t: repo.GroupKindConfig, groupId: string, tx: Executor = db) => repo.countMembers(tx, groupId),

    /** The users' sockets leave the group's room at once: removed members stop receiving. */
    evict(userIds: Iterable<string>, channel: string): void {
      for (const userId of new Set(userIds)) deps.publisher.removeFromChannel(userId, channel);
    },

    /**
     * A kind's chat, once for every kind (history, send, idempotency and live delivery are the
     * chat service's): `access` is the kind's own rule, answering the group's id for someone who
     * may read and write its chat and throwing (404, 403) for anyone else.
     */
    chatFor(k: repo.GroupKindConfig, access: (me: UserRow, key: string) => Promise<string>): GroupChat {
      const { room } = k;
      return {
        async history(me, key, before, limit) {
          return deps.chat.roomHistory(room.channel(await access(me, key)), before, limit, me.id);
        },
        async postMessage(me, key, input) {
          return deps.chat.postToRoom(me, room.channel(await access(me, key)), room.event, input);
        },
      };
    },

    /** Members chosen by hand (friend groups, sub-groups) must be the chooser's friends. */
    async assertFriends(ownerId: string, ids: string[]): Promise<void> {
      if (!ids.every(isUuid)) throw badRequest(CHAT_MSG.membersMustBeFriends);
      const friends = await deps.friendsAmong(ownerId, ids);
      if (ids.some((id) => !friends.has(id))) throw badRequest(CHAT_MSG.membersMustBeFriends);
    },
  };
}
