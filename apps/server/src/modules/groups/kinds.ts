import {
  CAPACITY_MSG,
  CHAT_MSG,
  COMMUNITY_MSG,
  EVENT_MSG,
  type MembershipState,
} from '@townsquare/contracts';
import type { GroupKind } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { channels } from '../chat/chat.service.ts';

/**
 * Each kind of group as data (decision 051): its chat room, how people come to belong, and its
 * membership state machine. `modules/groups` reads these rows; the kinds' services hold only what
 * is theirs (who manages: a friend group's creator, an event's organizer, a community's
 * organisers). A new kind of group is a new row here.
 */

/**
 * Who asks for a change: the group's owner, one of its managers, the person it is about, or any
 * other member. An owner is also a manager.
 */
export type Actor = 'owner' | 'manager' | 'self' | 'member';

/** A membership change a kind may offer. */
export type GroupAction =
  | 'found'
  | 'add'
  | 'remove'
  | 'leave'
  | 'join'
  | 'acceptInvitation'
  | 'invite'
  | 'approve'
  | 'ban'
  | 'setRole'
  | 'transferOwnership';

/** The person's row before the change: a state, or `none` when they have no row. */
export type From = MembershipState | 'none';

/** A role a member holds. */
export type Role = 'OWNER' | 'ORGANIZER' | 'MEMBER';

/**
 * Where a change takes a person's row: a state, `stay` (nothing changes), `remove` (the row goes),
 * `policy` (the group's join policy decides), or a refusal with its status and message.
 */
export type Step = MembershipState | 'stay' | 'remove' | 'policy' | Refusal;
export type Refusal = { refuse: 400 | 403 | 404; message: string };

/** A community's join policy (the `join_policy` column). */
export type JoinPolicy = 'OPEN' | 'APPROVAL' | 'INVITE';

/** One change a kind offers: who may ask, where it takes each row, and its place in join order. */
export type Transition = {
  who: readonly Actor[];
  /** The 403 for anyone else (the kind's own message); without it, the kind's `denied`. */
  denied?: string;
  from: Partial<Record<From, Step>>;
  /**
   * The row's role after the change: `keep` the one it had, `set` the one asked for; without it,
   * the kind's base role. A transfer moves the owner role instead (see `RoleRules`).
   */
  role?: 'keep' | 'set';
  /** The person's place in join order starts again: on every write, or when they become a member. */
  restart?: 'always' | 'joining';
};

/**
 * Roles as rows (decision 067): the founder's role, the owner role (one holder, out of the
 * managers' reach) and where its holder goes on handing over, and the changes refused to a member
 * holding a role, for themselves (`self`) or asked by someone else (`other`).
 */
export type RoleRules = {
  base: Role;
  founder: Role;
  owner?: Role;
  formerOwner?: Role;
  guarded: Partial<Record<Role, Partial<Record<GroupAction, { self?: Refusal; other?: Refusal }>>>>;
};

type KindRulesBase = {
  /** The row locked for every change of the group's members (its kind's own table). */
  lockTable: 'friend_groups' | 'event_subgroups' | 'communities' | 'events';
  /** Members chosen by hand must be the chooser's friends. */
  chosenFromFriends: boolean;
  /** The group is deleted with its history when its last member leaves. */
  deletedWhenEmpty: boolean;
  /** A block between two people removes each from the other's groups of this kind. */
  separatedByBlock: boolean;
  /** Where each join policy takes someone who asks to join (kinds without policies have none). */
  joinPolicies: Partial<Record<JoinPolicy, Step>>;
  /** The 403 of a change asked by someone its `who` does not name. */
  denied: string;
  roles: RoleRules;
  /** The changes the kind offers: who may ask for each, and where it takes each row. */
  transitions: Partial<Record<GroupAction, Transition>>;
};

/** A kind of group: members are `group_members` rows, with a chat room. */
export type GroupKindConfig = KindRulesBase & {
  store: 'group_members';
  kind: GroupKind;
  /** Its chat room and the live event each new message is sent as (the original client's names). */
  room: { channel: (id: string) => string; event: string };
};

/** An event's co-hosts (decision 067): `event_cohosts` rows, keyed by the event, written by the same writer. */
export type CohostKindConfig = KindRulesBase & { store: 'event_cohosts'; kind: 'event_cohost' };

/** A row of the rules table. */
export type KindRules = GroupKindConfig | CohostKindConfig;

const refuse = (status: 400 | 403 | 404, message: string): Refusal => ({ refuse: status, message });

/** Groups whose members are added and removed by hand: one state, `member`, one role. */
const byHand = (who: {
  add: readonly Actor[];
  remove: readonly Actor[];
  denied?: { add?: string; remove?: string };
}): KindRulesBase['transitions'] => ({
  found: { who: ['self'], from: { none: 'member', member: 'stay' } },
  add: { who: who.add, denied: who.denied?.add, from: { none: 'member', member: 'stay' } },
  remove: { who: who.remove, denied: who.denied?.remove, from: { none: 'stay', member: 'remove' } },
});

const plainRoles: RoleRules = { base: 'MEMBER', founder: 'MEMBER', guarded: {} };

const ownerUntouchable = {
  self: refuse(403, COMMUNITY_MSG.ownerUntouchable),
  other: refuse(403, COMMUNITY_MSG.ownerUntouchable),
};
const notAMember = refuse(400, COMMUNITY_MSG.notAMember);
const noMember = refuse(404, COMMUNITY_MSG.memberNotFound);

/** The rules table's rows by name (a test may hand the writer another table of the same shape). */
export type GroupRules = {
  friendGroup: GroupKindConfig;
  subgroup: GroupKindConfig;
  community: GroupKindConfig;
  cohost: CohostKindConfig;
};
export type KindName = keyof GroupRules;

export const groupKinds = {
  /** Private groups of friends: the creator adds their friends; the creator removes, a member leaves. */
  friendGroup: {
    store: 'group_members',
    kind: 'friend_group',
    lockTable: 'friend_groups',
    room: { channel: (id) => channels.group(id), event: 'new-group-message' },
    chosenFromFriends: true,
    deletedWhenEmpty: true,
    separatedByBlock: true,
    joinPolicies: {},
    denied: CHAT_MSG.notGroupCreator,
    roles: plainRoles,
    transitions: byHand({
      add: ['manager'],
      remove: ['manager', 'self'],
      denied: { add: CHAT_MSG.notGroupCreator, remove: CHAT_MSG.notAllowedToRemove },
    }),
  },
  /** Circles inside an event: its organizer adds their friends and removes anyone. */
  subgroup: {
    store: 'group_members',
    kind: 'event_subgroup',
    lockTable: 'event_subgroups',
    room: { channel: (id) => channels.subgroup(id), event: 'new-subgroup-message' },
    chosenFromFriends: true,
    deletedWhenEmpty: false,
    separatedByBlock: false,
    joinPolicies: {},
    denied: CHAT_MSG.notOrganizer,
    roles: plainRoles,
    transitions: byHand({ add: ['manager'], remove: ['manager'] }),
  },
  /** Communities: people join by the join policy, organisers invite, approve, remove and ban. */
  community: {
    store: 'group_members',
    kind: 'community',
    lockTable: 'communities',
    room: { channel: (id) => channels.community(id), event: 'new-community-message' },
    chosenFromFriends: false,
    deletedWhenEmpty: false,
    separatedByBlock: false,
    joinPolicies: {
      OPEN: 'member',
      APPROVAL: 'pending',
      INVITE: refuse(403, COMMUNITY_MSG.inviteOnly),
    },
    denied: COMMUNITY_MSG.notOrganizer,
    roles: {
      base: 'MEMBER',
      founder: 'OWNER',
      owner: 'OWNER',
      formerOwner: 'ORGANIZER',
      guarded: {
        // The owner is out of the organisers' reach and hands the community over before leaving.
        OWNER: {
          leave: { self: refuse(400, COMMUNITY_MSG.onlyOwner) },
          remove: ownerUntouchable,
          ban: ownerUntouchable,
          approve: ownerUntouchable,
          setRole: {
            self: refuse(400, COMMUNITY_MSG.onlyOwner),
            other: refuse(403, COMMUNITY_MSG.ownerUntouchable),
          },
        },
      },
    },
    transitions: {
      found: { who: ['self'], from: { none: 'member' } },
      join: {
        who: ['self'],
        restart: 'always',
        from: {
          none: 'policy',
          invited: 'member',
          member: 'stay',
          pending: 'stay',
          banned: refuse(403, COMMUNITY_MSG.banned),
        },
      },
      acceptInvitation: {
        who: ['self'],
        restart: 'always',
        from: {
          none: 'member',
          invited: 'member',
          pending: 'member',
          member: 'stay',
          banned: refuse(403, COMMUNITY_MSG.banned),
        },
      },
      leave: {
        who: ['self'],
        from: {
          none: 'stay',
          member: 'remove',
          pending: 'remove',
          invited: 'remove',
          banned: refuse(403, COMMUNITY_MSG.banned),
        },
      },
      invite: {
        who: ['manager'],
        restart: 'always',
        from: {
          none: 'invited',
          invited: 'invited',
          pending: 'member',
          member: refuse(400, COMMUNITY_MSG.alreadyMember),
          banned: refuse(400, COMMUNITY_MSG.userBanned),
        },
      },
      approve: {
        who: ['manager'],
        role: 'keep',
        restart: 'joining',
        from: {
          none: noMember,
          pending: 'member',
          member: 'member',
          invited: refuse(400, COMMUNITY_MSG.notARequest),
          banned: refuse(400, COMMUNITY_MSG.notARequest),
        },
      },
      ban: {
        who: ['manager'],
        from: { none: 'banned', member: 'banned', pending: 'banned', invited: 'banned', banned: 'banned' },
      },
      remove: {
        who: ['manager'],
        from: { none: noMember, member: 'remove', pending: 'remove', invited: 'remove', banned: 'remove' },
      },
      /** Promote or demote (organisers are peers below the owner); a member's row only. */
      setRole: {
        who: ['manager'],
        role: 'set',
        from: {
          none: noMember,
          member: 'member',
          pending: notAMember,
          invited: notAMember,
          banned: notAMember,
        },
      },
      /** The owner hands over to a member; the old owner stays as `formerOwner` (one owner: an index). */
      transferOwnership: {
        who: ['owner'],
        denied: COMMUNITY_MSG.notOwner,
        from: {
          none: noMember,
          member: 'member',
          pending: notAMember,
          invited: notAMember,
          banned: notAMember,
        },
      },
    },
  },
  /**
   * An event's co-hosts: the event's creator adds and removes them (who may co-host at all, a
   * friend or a community organiser without a block, is the events module's check).
   */
  cohost: {
    store: 'event_cohosts',
    kind: 'event_cohost',
    lockTable: 'events',
    chosenFromFriends: false,
    deletedWhenEmpty: false,
    separatedByBlock: true,
    joinPolicies: {},
    denied: EVENT_MSG.notCreator,
    roles: plainRoles,
    transitions: {
      add: { who: ['manager'], from: { none: 'member', member: 'stay' } },
      remove: {
        who: ['manager'],
        from: { none: refuse(404, CAPACITY_MSG.cohostNotFound), member: 'remove' },
      },
    },
  },
} satisfies GroupRules;

/** The actor a caller is for a change about `userId`. */
export function actorOf(
  callerId: string,
  managerIds: readonly string[],
  userId: string,
  ownerId?: string,
): Actor {
  if (callerId === ownerId) return 'owner';
  if (managerIds.includes(callerId)) return 'manager';
  return callerId === userId ? 'self' : 'member';
}

/** Whether the kind lets this actor ask for the change (an owner may do what a manager may). */
export function allows(k: KindRules, action: GroupAction, actor: Actor): boolean {
  const who = k.transitions[action]?.who ?? [];
  return who.includes(actor) || (actor === 'owner' && who.includes('manager'));
}

/** Throws a refusal of the rules table as its status. */
function refused(r: Refusal): never {
  if (r.refuse === 404) throw notFound(r.message);
  throw r.refuse === 403 ? forbidden(r.message) : badRequest(r.message);
}

/**
 * The refusal of a change for a member holding a guarded role (the owner cannot be removed, banned
 * or re-roled by others, and leaves only by handing over); `self` when the change is their own.
 */
export function guard(
  k: KindRules,
  action: GroupAction,
  row: { role: Role; state: MembershipState } | undefined,
  self: boolean,
): void {
  if (row?.state !== 'member') return;
  const rule = k.roles.guarded[row.role]?.[action];
  const refusal = self ? rule?.self : rule?.other;
  if (refusal) refused(refusal);
}

/**
 * Where the change takes a row in state `from`, with `policy` resolved by the group's join policy;
 * throws the kind's refusal. A state the kind's table does not list for the change stays as it is.
 */
export function step(
  k: KindRules,
  action: GroupAction,
  from: From,
  policy?: JoinPolicy,
): Exclude<Step, Refusal | 'policy'> {
  let next = k.transitions[action]?.from[from] ?? 'stay';
  if (next === 'policy') next = (policy && k.joinPolicies[policy]) ?? 'member';
  if (typeof next === 'object') refused(next);
  return next === 'policy' ? 'member' : next;
}
