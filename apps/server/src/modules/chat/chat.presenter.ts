import { conversationIdOf, type DirectMessage, type RoomMessage } from '@townsquare/contracts';
import type { MessageRow } from '../../db/schema/index.ts';
import { type Person, presentPerson } from '../../platform/people.ts';

/** Direct message: sender and receiver stay id strings (the original client compares them). */
export function presentDirect(row: MessageRow, sender: Person | undefined): DirectMessage {
  const receiver = row.receiverId ?? '';
  // Direct messages are deleted with either account, so a stored one always has its sender.
  const senderId = row.senderId ?? '';
  return {
    _id: row.id,
    id: row.id,
    sender: senderId,
    receiver,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    read: row.readAt !== null,
    conversationId: conversationIdOf(senderId, receiver),
    senderProfile: presentPerson(senderId, sender),
    ...(row.clientMessageId ? { clientMessageId: row.clientMessageId } : {}),
  };
}

/** Event, sub-group, friend-group and general messages. */
export function presentRoomMessage(row: MessageRow, sender: Person | undefined): RoomMessage {
  const [kind, id] = row.channel.split(':');
  return {
    _id: row.id,
    id: row.id,
    sender: presentPerson(row.senderId, sender),
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    ...(row.clientMessageId ? { clientMessageId: row.clientMessageId } : {}),
    ...(kind === 'event' && id ? { eventId: id } : {}),
    ...(kind === 'subgroup' && id ? { subGroupId: id } : {}),
    ...(kind === 'group' && id ? { groupId: id } : {}),
    ...(kind === 'community' && id ? { communityId: id } : {}),
  };
}

/**
 * A room message as someone who blocked its sender sees it: who and when stay (the client shows
 * "Message from a person you blocked" in its place), the text does not.
 */
export function hideMessage(message: RoomMessage): RoomMessage {
  return { ...message, content: '', hidden: 'blocked' };
}
