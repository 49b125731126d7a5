import type { RoomMessage } from '@townsquare/contracts';
import type { RoomSpec } from '../../../lib/socket.ts';
import { useSession } from '../../auth/api/get-session.ts';
import { generalMessagesQueryKey, useGeneralMessages } from '../api/get-general-messages.ts';
import { sendGeneralMessage } from '../api/send-general-message.ts';
import { roomMessageItem } from '../chat-item.ts';
import { useChatThread } from '../use-chat-thread.ts';
import { ChatPanel } from './chat-panel.tsx';

const GENERAL_ROOM: RoomSpec = { join: 'join-general-chat', leave: 'leave-general-chat', payload: {} };

/** The chat everyone signed in shares, on top of the messages page. */
export function GeneralChat() {
  const { user } = useSession();
  const thread = useChatThread<RoomMessage>({
    query: useGeneralMessages(),
    queryKey: generalMessagesQueryKey,
    toItem: roomMessageItem,
    send: sendGeneralMessage,
    room: GENERAL_ROOM,
    loadErrorText: 'Failed to load messages',
  });
  return (
    <ChatPanel
      thread={thread}
      label="General chat messages"
      inputLabel="Message everyone"
      currentUserId={user?.id}
    />
  );
}
