import { z } from 'zod';
import { bothIds, requiredText, text } from './fields.ts';

export const CHAT_LIMITS = {
  contentMax: 2000,
  historyDefault: 50,
  historyMax: 100,
  clientIdMax: 64,
  groupNameMax: 80,
} as const;

/** How a message of a deleted account shows its sender (`sender._id` is `"deleted"`). */
export const DELETED_USER_NAME = 'deleted user';

export const CHAT_MSG = {
  contentRequired: 'Message cannot be empty',
  contentTooLong: `Messages can be at most ${CHAT_LIMITS.contentMax} characters`,
  receiverRequired: 'Receiver is required',
  receiverNotFound: 'User not found',
  selfMessage: 'You cannot send a message to yourself',
  notFriends: 'You can only send messages to your friends',
  eventNotFound: 'Event not found',
  eventChatClosedDraft: 'Chat opens when the event is published',
  messageNotFound: 'Message not found',
  notReceiver: 'Only the receiver can mark a message as read',
  clientIdInvalid: 'clientMessageId must be at most 64 characters',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CHAT_LIMITS.groupNameMax} characters`,
  membersRequired: 'Choose at least one member',
  membersMustBeFriends: 'Members must be your friends',
  groupNotFound: 'Group not found',
  subgroupNotFound: 'Sub-group not found',
  notOrganizer: 'Only the organizer of this event can manage its sub-groups',
  notGroupCreator: 'Not authorized to add members to this group',
  notAllowedToRemove: 'Not authorized to remove this member',
  userIdRequired: 'User is required',
  /** A socket's join refused: another pair's conversation, or not a conversation id at all. */
  cannotJoinConversation: 'You cannot join this conversation',
} as const;

/** Trimmed; whitespace only is refused, like the spec says the client never sends it. */
export const contentField = requiredText(
  'Message',
  CHAT_MSG.contentRequired,
  CHAT_LIMITS.contentMax,
  CHAT_MSG.contentTooLong,
);

export const clientMessageIdField = z
  .string({ error: CHAT_MSG.clientIdInvalid })
  .trim()
  .min(1, CHAT_MSG.clientIdInvalid)
  .max(CHAT_LIMITS.clientIdMax, CHAT_MSG.clientIdInvalid)
  .optional();

export const sendMessageBody = z.object({ content: contentField, clientMessageId: clientMessageIdField });
export const sendDirectMessageBody = z.object({
  receiver: text('Receiver', CHAT_MSG.receiverRequired)
    .min(1, CHAT_MSG.receiverRequired)
    .max(64, CHAT_MSG.receiverNotFound),
  content: contentField,
  clientMessageId: clientMessageIdField,
});

/** Older pages: `before` is the id of the oldest message already shown. */
export const historyQuery = z.object({
  // A repeated query key arrives as an array: text() names the field instead of zod's generic text.
  before: text('Cursor').max(64, 'Invalid cursor').optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, `Limit must be between 1 and ${CHAT_LIMITS.historyMax}`)
    .max(CHAT_LIMITS.historyMax, `Limit must be between 1 and ${CHAT_LIMITS.historyMax}`)
    .default(CHAT_LIMITS.historyDefault),
});

export const personSummary = z.object({
  ...bothIds,
  username: z.string(),
  fullName: z.string(),
  profileImage: z.string().nullable(),
});
export type PersonSummary = z.infer<typeof personSummary>;

/** Direct message (contract 2.6): `sender` and `receiver` stay id strings. */
export const directMessage = z.object({
  ...bothIds,
  sender: z.string(),
  receiver: z.string(),
  content: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
  conversationId: z.string(),
  senderProfile: personSummary,
  clientMessageId: z.string().optional(),
});
export type DirectMessage = z.infer<typeof directMessage>;

/** Event, sub-group, friend-group and general messages: the sender populated. */
export const roomMessage = z.object({
  ...bothIds,
  sender: personSummary,
  content: z.string(),
  timestamp: z.string(),
  createdAt: z.string(),
  clientMessageId: z.string().optional(),
  eventId: z.string().optional(),
  subGroupId: z.string().optional(),
  groupId: z.string().optional(),
  communityId: z.string().optional(),
  /**
   * Present only in the view of someone who blocked the sender: `content` is then empty and the
   * client shows BLOCK_MSG.placeholder instead (history and live alike).
   */
  hidden: z.literal('blocked').optional(),
});
export type RoomMessage = z.infer<typeof roomMessage>;

export const conversationSummary = z.object({
  userId: z.string(),
  username: z.string(),
  fullName: z.string(),
  profileImage: z.string().nullable(),
  unreadCount: z.number().int(),
  lastMessage: z.object({
    _id: z.string(),
    id: z.string(),
    sender: personSummary,
    receiver: personSummary,
    content: z.string(),
    read: z.boolean(),
    timestamp: z.string(),
    createdAt: z.string(),
  }),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

/** Socket acknowledgements of join/leave events. */
export type JoinAck = { ok: true } | { ok: false; error: string; code?: string };

/** The direct-conversation id: the two user ids sorted and joined with `_` (spec section 7). */
export const conversationIdOf = (a: string, b: string) => [a, b].sort().join('_');
