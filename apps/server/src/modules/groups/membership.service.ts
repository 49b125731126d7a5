import { CHAT_MSG, type RoomMessage } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { type Person, people } from '../../platform/people.ts';
import type { Publisher } from '../../realtime/publish.ts';
import { memberIds } from '../access/groups.ts';
import type { ChatInput, ChatService, Page } from '../chat/chat.service.ts';
import {
  type Actor,
  allows,
  type GroupAction,
  type GroupRules,
  groupKinds,
  guard,
  type JoinPolicy,
  type KindName,
  type KindRules,
  type Role,
  step,
} from './kinds.ts';
import * as repo from './membership.repository.ts';

export type MembershipDeps = {
  db: Database;
  publisher: Pick<Publisher, 'removeFromChannel'>;
  chat: Pick<ChatService, 'postToRoom' | 'roomHistory'>;
  /** Which of `ids` are friends of `userId`. */
  friendsAmong: (userId: string, ids: string[]) => Promise<Set<string>>;
  /** The rules table (decision 067); `groupKinds` unless a test hands another of the same shape. */
  rules?: GroupRules;
};

/** A row as the writer decides on it, of the kind's store. */
export type RowOf<K extends KindName> = K extends 'cohost' ? repo.CohostRow : repo.Membership;

/** One membership change, as a kind's service asks the writer for it. */
export type Change = {
  groupId: string;
  /** The person whose row changes. */
  userId: string;
  /** Who asks, and what they are to the group (the kind's service knows who manages). */
  actorId: string;
  actor: Actor;
  /** The changes, applied in order to the row as the previous one left it, under one lock. */
  actions: readonly GroupAction[];
  /** The group's join policy (`join` from no row). */
  policy?: JoinPolicy;
  /** The role `setRole` gives. */
  role?: Role;
  /** Answers to the join questions, stored with a request (`pending`). */
  answers?: string[];
  /**
   * The kind's own check under the lock, once the rules table has said where each change takes
   * the row (join questions, who may co-host); throws to refuse.
   */
  check?: (tx: Executor, at: { row: { state: string } | undefined; next: string }) => Promise<void> | void;
};

/** What a change did: the row before and after (undefined: no row), and whether anything was written. */
export type Outcome<R> = { before: R | undefined; after: R | undefined; written: boolean };

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
  const rules: GroupRules = deps.rules ?? groupKinds;

  /** Runs in the caller's transaction when there is one, else in a new one. */
  const inTx = <T>(outer: Executor | undefined, run: (tx: Executor) => Promise<T>): Promise<T> =>
    outer ? run(outer) : db.transaction(run);

  async function assertFriends(ownerId: string, ids: string[]): Promise<void> {
    if (!ids.every(isUuid)) throw badRequest(CHAT_MSG.membersMustBeFriends);
    const friends = await deps.friendsAmong(ownerId, ids);
    if (ids.some((id) => !friends.has(id))) throw badRequest(CHAT_MSG.membersMustBeFriends);
  }

  const findRow = (tx: Executor, k: KindRules, groupId: string, userId: string) =>
    !isUuid(userId)
      ? Promise.resolve(undefined)
      : k.store === 'event_cohosts'
        ? repo.findCohost(tx, groupId, userId)
        : repo.findMembership(tx, groupId, userId);

  /**
   * The one membership writer (decision 067): every change of who belongs to a group, or with
   * which role, of every kind, runs here. Who may ask comes from the rules table; then, under the
   * group's row lock, each change is decided against the person's row as it is then: the roles'
   * guards (the owner's), the kind's transition (state machine), the kind's own check, then the
   * one write. A transfer writes both rows (the old owner steps down first: one owner per group).
   */
  async function change<K extends KindName>(
    name: K,
    c: Change,
    outer?: Executor,
  ): Promise<Outcome<RowOf<K>>> {
    const k: KindRules = rules[name];
    for (const action of c.actions)
      if (!allows(k, action, c.actor)) throw forbidden(k.transitions[action]?.denied ?? k.denied);
    if (k.chosenFromFriends && c.actions.includes('add') && c.userId !== c.actorId)
      await assertFriends(c.actorId, [c.userId]);
    const outcome = await inTx(outer, async (tx) => {
      await repo.lockGroup(tx, k, c.groupId);
      if (c.actor === 'owner' && k.roles.owner) {
        // Two transfers at once: the second finds its sender no longer the owner.
        const mine = await findRow(tx, k, c.groupId, c.actorId);
        if (mine?.state !== 'member' || mine.role !== k.roles.owner)
          for (const action of c.actions)
            if (!allows(k, action, 'manager')) throw forbidden(k.transitions[action]?.denied ?? k.denied);
      }
      const before = await findRow(tx, k, c.groupId, c.userId);
      let row: repo.Membership | repo.CohostRow | undefined = before;
      let written = false;
      const self = c.actorId === c.userId;
      for (const action of c.actions) {
        const t = k.transitions[action];
        guard(k, action, row, self);
        const next = step(k, action, row?.state ?? 'none', c.policy);
        await c.check?.(tx, { row, next });
        if (next === 'stay') continue;
        written = true;
        if (next === 'remove') {
          await repo.deleteRow(tx, k, c.groupId, c.userId);
          row = undefined;
          continue;
        }
        if (k.store === 'event_cohosts') {
          await repo.putCohost(tx, k, c.groupId, c.userId);
          row = await repo.findCohost(tx, c.groupId, c.userId);
          continue;
        }
        if (action === 'transferOwnership') {
          const { owner, formerOwner } = k.roles;
          if (!owner || !formerOwner) throw new Error(`${k.kind}: no owner role to transfer`);
          if (row?.role === owner) {
            written = false;
            continue;
          }
          // The owner steps down first: one owner per group (a unique index).
          for (const ownerId of await memberIds(tx, c.groupId, 'owner'))
            await repo.putMembership(tx, k, {
              groupId: c.groupId,
              userId: ownerId,
              role: formerOwner,
              state: 'member',
            });
          row = await repo.putMembership(tx, k, {
            groupId: c.groupId,
            userId: c.userId,
            role: owner,
            state: 'member',
          });
          continue;
        }
        const had = row?.state;
        const role =
          t?.role === 'set'
            ? (c.role ?? k.roles.base)
            : t?.role === 'keep' && row
              ? row.role
              : action === 'found'
                ? k.roles.founder
                : k.roles.base;
        row = await repo.putMembership(tx, k, {
          groupId: c.groupId,
          userId: c.userId,
          role,
          state: next,
          answers: next === 'pending' ? c.answers : undefined,
          restart:
            t?.restart === 'always' || (t?.restart === 'joining' && had !== 'member' && next === 'member'),
        });
      }
      return { before, after: row, written };
    });
    // The row types follow the kind's store: `findRow` and the writes above read the kind's table.
    return outcome as Outcome<RowOf<K>>;
  }

  return {
    change,

    /**
     * The row-level reads a kind with states and roles (communities) makes about its members:
     * reached through this service, never this module's repository (decision 068).
     */
    rows: {
      findMembership: repo.findMembership,
      memberPage: repo.memberPage,
      everyoneIn: repo.everyoneIn,
      successorOf: repo.successorOf,
    },

    /**
     * A new group's first members, in the transaction that creates it: the founder in the kind's
     * founder role, and the people they chose (their friends, where the kind says so).
     */
    async found(
      name: Exclude<KindName, 'cohost'>,
      groupId: string,
      founderId: string,
      others: string[],
      tx: Executor,
    ) {
      const k = rules[name];
      if (k.chosenFromFriends && others.length > 0) await assertFriends(founderId, others);
      await repo.lockGroup(tx, k, groupId);
      await repo.putMembership(tx, k, { groupId, userId: founderId, role: k.roles.founder, state: 'member' });
      await repo.addMembers(tx, k, groupId, others);
    },

    /**
     * A block between `a` and `b`, in its transaction: for the kind (when its row says blocks
     * separate), each leaves the groups the other created. Answers the rows removed.
     */
    async separate(name: 'friendGroup' | 'cohost', tx: Executor, a: string, b: string) {
      const k = rules[name];
      if (!k.separatedByBlock) return [];
      if (k.store === 'event_cohosts') return repo.endCohostingBetween(tx, a, b);
      return repo.removeEachOther(
        tx,
        k,
        (groupId) => sql`(select g.created_by from friend_groups g where g.id = ${groupId})`,
        a,
        b,
      );
    },

    /**
     * Account deletion, in its transaction: every row of `userId` in groups of the kind goes.
     * Answers the groups they were a member of.
     */
    dropAll: (name: Exclude<KindName, 'cohost'>, tx: Executor, userId: string) =>
      repo.dropAllMemberships(tx, rules[name], userId),

    /** Locks the group as the writer does, for a change of the group itself made with its members' (deletion). */
    lock: (name: KindName, tx: Executor, groupId: string) => repo.lockGroup(tx, rules[name], groupId),

    /** A member's choice for new events of the group (`all` or `none`). */
    setEventNotifications: (groupId: string, userId: string, choice: repo.Membership['eventNotifications']) =>
      repo.setEventNotifications(db, groupId, userId, choice),

    /** A member lets the group's organisers see their e-mail address. */
    setShareEmail: (groupId: string, userId: string, share: boolean) =>
      repo.setShareEmail(db, groupId, userId, share),

    /** The refusal the rules table gives a change for this row, ahead of the change itself. */
    guard: (
      name: KindName,
      action: GroupAction,
      row: { role: Role; state: repo.Membership['state'] },
      self: boolean,
    ) => guard(rules[name], action, row, self),

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
    assertFriends,
  };
}
