import type { QueryClient } from '@tanstack/react-query';
import type { ConversationSummary, DirectMessage } from '@townsquare/contracts';
import { conversationsQueryKey } from './api/get-conversations.ts';

/**
 * Puts a direct message at the top of the conversation list as its last message, counting it as
 * unread when asked. A conversation the list does not have yet is fetched instead. Answers false
 * when the message was already recorded (the same event twice).
 */
export function recordDirectMessage(
  queryClient: QueryClient,
  message: DirectMessage,
  currentUserId: string,
  { unread }: { unread: boolean },
): boolean {
  const otherId = message.sender === currentUserId ? message.receiver : message.sender;
  const list = queryClient.getQueryData<ConversationSummary[]>(conversationsQueryKey);
  const existing = list?.find((c) => c.userId === otherId);
  if (!list || !existing) {
    void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    return true;
  }
  if (existing.lastMessage.id === message.id) return false;
  const people = [existing.lastMessage.sender, existing.lastMessage.receiver];
  const personById = (id: string) => people.find((p) => p.id === id);
  const updated: ConversationSummary = {
    ...existing,
    unreadCount: existing.unreadCount + (unread ? 1 : 0),
    lastMessage: {
      _id: message.id,
      id: message.id,
      sender: personById(message.sender) ?? message.senderProfile,
      receiver: personById(message.receiver) ?? existing.lastMessage.receiver,
      content: message.content,
      read: message.read,
      timestamp: message.timestamp,
      createdAt: message.timestamp,
    },
  };
  queryClient.setQueryData<ConversationSummary[]>(conversationsQueryKey, [
    updated,
    ...list.filter((c) => c.userId !== otherId),
  ]);
  return true;
}

/** The conversation with `otherUserId` has been read (opened here or in another tab). */
export function clearUnread(queryClient: QueryClient, otherUserId: string): void {
  queryClient.setQueryData<ConversationSummary[]>(conversationsQueryKey, (list) =>
    list?.some((c) => c.userId === otherUserId && c.unreadCount > 0)
      ? list.map((c) => (c.userId === otherUserId ? { ...c, unreadCount: 0 } : c))
      : list,
  );
}
