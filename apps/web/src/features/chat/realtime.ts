import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { directMessage, roomMessage } from '@townsquare/contracts';
import { toast } from 'sonner';
import { appendToHistory } from '../../lib/chat/history.ts';
import { listen, type RealtimeDeps, type RealtimeSocket } from '../../lib/socket.ts';
import { conversationQueryKey } from './api/get-conversation.ts';
import { conversationsQueryKey } from './api/get-conversations.ts';
import { eventMessagesQueryKey } from './api/get-event-messages.ts';
import { generalMessagesQueryKey } from './api/get-general-messages.ts';
import { markMessageRead } from './api/mark-message-read.ts';
import { clearUnread, recordDirectMessage } from './conversations-cache.ts';

/** Spec 9: message toasts stay 4 s. */
export const MESSAGE_TOAST_MS = 4000;

/** Whether a screen is showing this query right now (a thread on a page or in a dialog). */
export function isOnScreen(queryClient: QueryClient, queryKey: QueryKey): boolean {
  return (queryClient.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() ?? 0) > 0;
}

/**
 * Direct, general and event chat. A direct message goes into its thread if that is cached, to the
 * top of the conversation list and, unless the thread is on screen, into the unread count and a
 * toast (never on a /messages/… page). Room messages go into their cached history.
 */
export function registerChatRealtime(socket: RealtimeSocket, deps: RealtimeDeps): () => void {
  const { queryClient, userId } = deps;
  return listen(
    socket,
    {
      'new-message': (payload) => {
        const parsed = directMessage.safeParse(payload);
        if (!parsed.success) return;
        const message = parsed.data;
        const incoming = message.sender !== userId;
        const otherId = incoming ? message.sender : message.receiver;
        const threadKey = conversationQueryKey(otherId);
        appendToHistory(queryClient, threadKey, message);
        const shown = isOnScreen(queryClient, threadKey);
        if (incoming && shown) void markMessageRead(message.id).catch(() => undefined);
        const fresh = recordDirectMessage(queryClient, message, userId, { unread: incoming && !shown });
        if (!fresh || !incoming || shown || deps.pathname().startsWith('/messages/')) return;
        const name = message.senderProfile.username || message.senderProfile.fullName || 'Someone';
        toast(`New message from ${name}`, {
          duration: MESSAGE_TOAST_MS,
          action: { label: 'Open', onClick: () => deps.navigate(`/messages/${otherId}`) },
        });
      },
      'messages-read': (payload) => {
        const conversationId =
          typeof payload === 'object' && payload !== null && 'conversationId' in payload
            ? String(payload.conversationId)
            : '';
        const otherId = conversationId.split('_').find((id) => id && id !== userId);
        if (otherId) clearUnread(queryClient, otherId);
      },
      'new-general-message': (payload) => {
        const parsed = roomMessage.safeParse(payload);
        if (parsed.success) appendToHistory(queryClient, generalMessagesQueryKey, parsed.data);
      },
      'new-event-message': (payload) => {
        const parsed = roomMessage.safeParse(payload);
        if (parsed.success && parsed.data.eventId)
          appendToHistory(queryClient, eventMessagesQueryKey(parsed.data.eventId), parsed.data);
      },
    },
    // Open chats refetch when their rooms are rejoined; the list and its badges catch up here.
    () => void queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  );
}
