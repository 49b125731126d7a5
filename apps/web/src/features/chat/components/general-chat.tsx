import type { RoomMessage } from '@townsquare/contracts';
import { useSession } from '../../../lib/api/get-session.ts';
import { roomMessageItem } from '../../../lib/chat/chat-item.ts';
import { useChatThread } from '../../../lib/chat/use-chat-thread.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import type { RoomSpec } from '../../../lib/socket.ts';
import { generalMessagesQueryKey, useGeneralMessages } from '../api/get-general-messages.ts';
import { sendGeneralMessage } from '../api/send-general-message.ts';
import { ChatPanel } from './chat-panel.tsx';

const GENERAL_ROOM: RoomSpec = { join: 'join-general-chat', leave: 'leave-general-chat', payload: {} };

/** The chat everyone signed in shares, on top of the messages page. */
export function GeneralChat() {
  const { user } = useSession();
  const t = useT();
  const thread = useChatThread<RoomMessage>({
    query: useGeneralMessages(),
    queryKey: generalMessagesQueryKey,
    toItem: roomMessageItem,
    send: sendGeneralMessage,
    room: GENERAL_ROOM,
    loadErrorText: t('chat.general.loadFailed'),
  });
  return (
    <ChatPanel
      thread={thread}
      label={t('chat.general.label')}
      inputLabel={t('chat.general.input')}
      currentUserId={user?.id}
    />
  );
}
