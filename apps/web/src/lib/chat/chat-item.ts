import type { DirectMessage, PersonSummary, RoomMessage } from '@townsquare/contracts';

/** One message as a chat panel shows it, whatever kind of chat it came from. */
export interface ChatItem {
  id: string;
  senderId: string;
  senderName: string;
  senderImage: string | null;
  content: string;
  timestamp: string;
  /** Set on messages sent with one; matches a pending send to its stored message. */
  clientMessageId?: string;
  /** From someone the reader blocked: shown as a placeholder, without its (empty) content. */
  hidden?: boolean;
}

export const UNKNOWN_USER = 'Unknown User';

export function personName(person: Pick<PersonSummary, 'username' | 'fullName'> | undefined): string {
  return person?.username || person?.fullName || UNKNOWN_USER;
}

/** Event, sub-group, friend-group and general messages carry their sender populated. */
export function roomMessageItem(message: RoomMessage): ChatItem {
  return {
    id: message.id,
    senderId: message.sender.id,
    senderName: personName(message.sender),
    senderImage: message.sender.profileImage,
    content: message.content,
    timestamp: message.timestamp,
    clientMessageId: message.clientMessageId,
    ...(message.hidden === 'blocked' ? { hidden: true } : {}),
  };
}

/** Direct messages carry the sender's id, and the sender's profile beside it. */
export function directMessageItem(message: DirectMessage): ChatItem {
  return {
    id: message.id,
    senderId: message.sender,
    senderName: personName(message.senderProfile),
    senderImage: message.senderProfile?.profileImage ?? null,
    content: message.content,
    timestamp: message.timestamp,
    clientMessageId: message.clientMessageId,
  };
}
