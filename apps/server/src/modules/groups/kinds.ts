import { COMMUNITY_MSG, type MembershipState } from '@townsquare/contracts';
import type { GroupKind } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { channels } from '../chat/chat.service.ts';

/**
 * Each kind of group as data (decision 051): its chat room, how people come to belong, and its
 * membership state machine. `modules/groups` reads these rows; the kinds' services hold only what
 * is theirs (who manages: a friend group's creator, an event's organizer, a community's
 * organisers). A new kind of group is a new row here.
 */

/** Who asks for a change: the group's manager, the person it is about, or any other member. */
export type Actor = 'manager' | 'self' | 'member';

/** A membership change a kind may offer. */
export type GroupAction =
  | 'add'
  | 'remove'
  | 'leave'
  | 'join'
  | 'acceptInvitation'
  | 'invite'
  | 'approve'
  | 'ban';

/** The person's row before the change: a state, or `none` when they have no row. */
export type From = MembershipState | 'none';

/**
 * Where a change takes a person's row: a state, `stay` (nothing changes), `remove` (the row goes),
 * `policy` (the group's join policy decides), or a refusal with its status and message.
 */
export type Step = MembershipState | 'stay' | 'remove' | 'policy' | Refusal;
export type Refusal = { refuse: 400 | 403; message: string };

/** A community's join policy (the `join_policy` column). */
export type JoinPolicy = 'OPEN' | 'APPROVAL' | 'INVITE';

export type GroupKindConfig = {
  kind: GroupKind;
  /** Its chat room and the live event each new message is sent as (the original client's names). */
  room: { channel: (id: string) => string; event: string };
  /** Members chosen by hand must be the chooser's friends. */
  chosenFromFriends: boolean;
  /** The group is deleted with its history when its last member leaves. */
  deletedWhenEmpty: boolean;
  /** Where each join policy takes someone who asks to join (kinds without policies have none). */
  joinPolicies: Partial<Record<JoinPolicy, Step>>;
  /** The changes the kind offers: who may ask for each, and where it takes each row. */
  transitions: Partial<Record<GroupAction, { who: readonly Actor[]; from: Partial<Record<From, Step>> }>>;
};

const refuse = (status: 400 | 403, message: string): Refusal => ({ refuse: status, message });

/** Groups whose members are added and removed by hand: one state, `member`. */
const byHand = (who: {
  add: readonly Actor[];
  remove: readonly Actor[];
}): GroupKindConfig['transitions'] => ({
  add: { who: who.add, from: { none: 'member', member: 'stay' } },
  remove: { who: who.remove, from: { none: 'stay', member: 'remove' } },
});

export const groupKinds = {
  /** Private groups of friends: the creator adds their friends; the creator removes, a member leaves. */
  friendGroup: {
    kind: 'friend_group',
    room: { channel: (id) => channels.group(id), event: 'new-group-message' },
    chosenFromFriends: true,
    deletedWhenEmpty: true,
    joinPolicies: {},
    transitions: byHand({ add: ['manager'], remove: ['manager', 'self'] }),
  },
  /** Circles inside an event: its organizer adds their friends and removes anyone. */
  subgroup: {
    kind: 'event_subgroup',
    room: { channel: (id) => channels.subgroup(id), event: 'new-subgroup-message' },
    chosenFromFriends: true,
    deletedWhenEmpty: false,
    joinPolicies: {},
    transitions: byHand({ add: ['manager'], remove: ['manager'] }),
  },
  /** Communities: people join by the join policy, organisers invite, approve, remove and ban. */
  community: {
    kind: 'community',
    room: { channel: (id) => channels.community(id), event: 'new-community-message' },
    chosenFromFriends: false,
    deletedWhenEmpty: false,
    joinPolicies: {
      OPEN: 'member',
      APPROVAL: 'pending',
      INVITE: refuse(403, COMMUNITY_MSG.inviteOnly),
    },
    transitions: {
      join: {
        who: ['self'],
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
        from: {
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
        from: { member: 'remove', pending: 'remove', invited: 'remove', banned: 'remove' },
      },
    },
  },
} satisfies Record<string, GroupKindConfig>;

/** The actor a caller is for a change about `userId`. */
export function actorOf(callerId: string, managerIds: readonly string[], userId: string): Actor {
  if (managerIds.includes(callerId)) return 'manager';
  return callerId === userId ? 'self' : 'member';
}

/** Whether the kind lets this actor ask for the change. */
export function allows(k: GroupKindConfig, action: GroupAction, actor: Actor): boolean {
  return k.transitions[action]?.who.includes(actor) ?? false;
}

/**
 * Where the change takes a row in state `from`, with `policy` resolved by the group's join policy;
 * throws the kind's refusal. A state the kind's table does not list for the change stays as it is.
 */
export function step(
  k: GroupKindConfig,
  action: GroupAction,
  from: From,
  policy?: JoinPolicy,
): Exclude<Step, Refusal | 'policy'> {
  let next = k.transitions[action]?.from[from] ?? 'stay';
  if (next === 'policy') next = (policy && k.joinPolicies[policy]) ?? 'member';
  if (typeof next === 'object')
    throw next.refuse === 403 ? forbidden(next.message) : badRequest(next.message);
  return next === 'policy' ? 'member' : next;
}

/** The state a change that keeps the row leaves it in (approve, invite, ban). */
export function stateAfter(k: GroupKindConfig, action: GroupAction, from: From): MembershipState {
  const next = step(k, action, from);
  if (next === 'stay' || next === 'remove') throw new Error(`${k.kind}: ${action} from ${from} keeps no row`);
  return next;
}
