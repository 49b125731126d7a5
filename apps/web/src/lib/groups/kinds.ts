import type { RoomSpec } from '../socket.ts';

/**
 * Friend groups, event sub-groups and communities are one thing on screen: people who belong to
 * something, with a chat. What differs between the kinds is data, kept here: where their API lives,
 * which socket room carries their chat and which event brings its new messages, the catalog key of
 * their chat's load error, and the first word
 * of their query keys (kept as they were, so a block's refresh and the kinds' own lists still match).
 * A new kind is a row here and a page, not a copy of the components.
 */
export const GROUP_KINDS = {
  friend_group: {
    queryRoot: 'friend-groups',
    apiBase: '/api/friend-groups',
    room: { join: 'join-group-chat', leave: 'leave-group-chat', idField: 'groupId' },
    messageEvent: 'new-group-message',
    loadErrorKey: 'chat.group.loadFailed',
    chatHeight: 'h-96',
  },
  event_subgroup: {
    queryRoot: 'subgroups',
    apiBase: '/api/event-subgroups',
    room: { join: 'join-subgroup-chat', leave: 'leave-subgroup-chat', idField: 'subGroupId' },
    messageEvent: 'new-subgroup-message',
    loadErrorKey: 'chat.subgroup.loadFailed',
    chatHeight: 'h-72',
  },
  community: {
    queryRoot: 'communities',
    apiBase: '/api/communities',
    room: { join: 'join-community-chat', leave: 'leave-community-chat', idField: 'communityId' },
    messageEvent: 'new-community-message',
    loadErrorKey: 'chat.community.loadFailed',
    chatHeight: 'h-96',
  },
} as const;

export type GroupKind = keyof typeof GROUP_KINDS;

// `Object.keys` types its answer as string[]; the keys are exactly the kinds.
export const GROUP_KIND_NAMES = Object.keys(GROUP_KINDS) as GroupKind[];

/**
 * One group of a kind. `id` names its socket room and its cached chat; `slug`, where the kind has
 * one (a community), names it in URLs instead.
 */
export interface GroupRef {
  kind: GroupKind;
  id: string;
  slug?: string;
}

/** `/api/<kind>/<slug or id>`. */
export const groupPath = ({ kind, id, slug }: GroupRef) =>
  `${GROUP_KINDS[kind].apiBase}/${encodeURIComponent(slug ?? id)}`;

/** The socket room that carries the group's new messages. */
export function groupRoom({ kind, id }: GroupRef): RoomSpec {
  const { join, leave, idField } = GROUP_KINDS[kind].room;
  return { join, leave, payload: { [idField]: id } };
}

/** A group's cached chat, keyed by its id (sockets name a community by id too, not by slug). */
export const groupMessagesQueryKey = (kind: GroupKind, id: string) =>
  [GROUP_KINDS[kind].queryRoot, 'messages', id] as const;
