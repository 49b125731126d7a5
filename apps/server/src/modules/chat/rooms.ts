import { CHAT_MSG, COMMUNITY_MSG, conversationIdOf, EVENT_MSG, POLL_MSG } from '@townsquare/contracts';
import { isUuid } from '../../platform/ids.ts';
import type { RoomKind } from '../../realtime/io.ts';
import type { Publisher } from '../../realtime/publish.ts';
import { channels } from './chat.service.ts';

export type RoomAccess = {
  /** Resolves when the user may see the event; throws otherwise. */
  canSeeEvent: (eventId: string, userId: string) => Promise<void>;
  canJoinSubgroup: (subgroupId: string, userId: string) => Promise<boolean>;
  canJoinGroup: (groupId: string, userId: string) => Promise<boolean>;
  canJoinCommunity: (communityId: string, userId: string) => Promise<boolean>;
  /** A date poll's page: the poll's own rule (its community's members, else anyone signed in). */
  canJoinPoll: (pollId: string, userId: string) => Promise<boolean>;
};

const field = (payload: unknown, name: string): string | undefined => {
  if (typeof payload === 'string') return payload;
  const value =
    payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/**
 * Room authorization for socket joins. A conversation id must be a sorted pair that contains the
 * caller; an event chat needs an event the caller can see; a sub-group needs membership (or the
 * organizer); a friend group or a community needs membership. Anything else is refused with a reason.
 */
export function createRoomResolver(access: RoomAccess) {
  // The rooms joined by a group's id (the payload's `name`) when the group's own rule lets the user in.
  const groupRooms = {
    subgroup: {
      name: 'subGroupId',
      mayJoin: access.canJoinSubgroup,
      notFound: CHAT_MSG.subgroupNotFound,
      room: channels.subgroup,
    },
    group: {
      name: 'groupId',
      mayJoin: access.canJoinGroup,
      notFound: CHAT_MSG.groupNotFound,
      room: channels.group,
    },
    community: {
      name: 'communityId',
      mayJoin: access.canJoinCommunity,
      notFound: COMMUNITY_MSG.notFound,
      room: channels.community,
    },
    poll: { name: 'pollId', mayJoin: access.canJoinPoll, notFound: POLL_MSG.notFound, room: channels.poll },
  };
  return async (
    userId: string,
    kind: RoomKind,
    payload: unknown,
  ): Promise<{ room: string } | { error: string }> => {
    switch (kind) {
      case 'general':
        return { room: channels.general };
      case 'conversation': {
        const id = field(payload, 'conversationId') ?? '';
        const [a, b] = id.split('_');
        if (
          !a ||
          !b ||
          !isUuid(a) ||
          !isUuid(b) ||
          a === b ||
          conversationIdOf(a, b) !== id ||
          (a !== userId && b !== userId)
        ) {
          return { error: CHAT_MSG.cannotJoinConversation };
        }
        return { room: channels.dm(a, b) };
      }
      case 'event': {
        const id = field(payload, 'eventId') ?? '';
        if (!isUuid(id)) return { error: EVENT_MSG.notFound };
        try {
          await access.canSeeEvent(id, userId);
          return { room: channels.event(id) };
        } catch {
          return { error: EVENT_MSG.notFound };
        }
      }
      case 'subgroup':
      case 'group':
      case 'community':
      case 'poll': {
        const { name, mayJoin, notFound, room } = groupRooms[kind];
        const id = field(payload, name) ?? '';
        if (!isUuid(id) || !(await mayJoin(id, userId))) return { error: notFound };
        return { room: room(id) };
      }
    }
  };
}

/**
 * May the user read a chat channel (history, a report of one of its messages)? The same rules as
 * joining its room: `general` for everyone signed in, a conversation for its two participants.
 */
export function createChannelReader(resolve: ReturnType<typeof createRoomResolver>) {
  const KINDS: Record<string, { kind: RoomKind; field: string }> = {
    event: { kind: 'event', field: 'eventId' },
    subgroup: { kind: 'subgroup', field: 'subGroupId' },
    group: { kind: 'group', field: 'groupId' },
    community: { kind: 'community', field: 'communityId' },
    dm: { kind: 'conversation', field: 'conversationId' },
  };
  return async (userId: string, channel: string): Promise<boolean> => {
    if (channel === channels.general) return true;
    const colon = channel.indexOf(':');
    const target = KINDS[channel.slice(0, colon)];
    if (colon < 0 || !target) return false;
    const result = await resolve(userId, target.kind, { [target.field]: channel.slice(colon + 1) });
    return 'room' in result && result.room === channel;
  };
}

/**
 * A socket joined a room while its user could read it; when that changes (an event becomes PRIVATE
 * or DRAFT, a friendship ends, a ban from a PRIVATE community) its sockets leave the room. Every
 * room that depends on an event is rechecked, the event's chat and its sub-groups' chats,
 * with the join's own rules (`canRead`, the channel reader), on every instance through the adapter.
 */
export function createRoomRechecks(
  publisher: Publisher,
  canRead: (userId: string, channel: string) => Promise<boolean>,
  /** Ids of the event's sub-groups (their rooms depend on seeing the event). */
  subgroupIdsOf: (eventId: string) => Promise<string[]>,
) {
  const RECHECKED = /^(event|subgroup|group|community):/;
  async function recheck(userId: string, channel: string) {
    const allowed = await canRead(userId, channel).catch(() => false);
    if (!allowed) publisher.removeFromChannel(userId, channel);
  }
  return {
    /** After the event's visibility or status changed: everyone in its chat and its sub-groups' chats. */
    async event(eventId: string) {
      const rooms = [channels.event(eventId), ...(await subgroupIdsOf(eventId)).map(channels.subgroup)];
      for (const room of rooms)
        for (const userId of await publisher.usersIn(room)) await recheck(userId, room);
    },
    /** After the user may have lost sight of something: every group or event chat their sockets are in. */
    async user(userId: string) {
      for (const room of await publisher.roomsOf(userId))
        if (RECHECKED.test(room)) await recheck(userId, room);
    },
    /** `user` for each of them, one after the other (a friendship or a block ended). */
    async people(userIds: readonly string[]) {
      for (const userId of userIds) await this.user(userId);
    },
  };
}

export type RoomRechecks = ReturnType<typeof createRoomRechecks>;
