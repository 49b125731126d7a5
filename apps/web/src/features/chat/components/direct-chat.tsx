import { useQueryClient } from '@tanstack/react-query';
import { BLOCK_MSG, conversationIdOf, type DirectMessage } from '@townsquare/contracts';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { useHasBlocked } from '../../../lib/api/get-blocks.ts';
import { useFriendStatus } from '../../../lib/api/get-friend-status.ts';
import { useSession } from '../../../lib/api/get-session.ts';
import { directMessageItem } from '../../../lib/chat/chat-item.ts';
import { useChatThread } from '../../../lib/chat/use-chat-thread.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { conversationQueryKey, useConversation } from '../api/get-conversation.ts';
import { sendDirectMessage } from '../api/send-direct-message.ts';
import { clearUnread, recordDirectMessage } from '../conversations-cache.ts';
import { ChatPanel } from './chat-panel.tsx';

export const NOT_FRIENDS_NOTICE = 'You can only send messages to your friends.';

interface DirectChatProps {
  userId: string;
  /** The other person's name, for the labels. */
  name: string;
  className?: string;
}

/** A direct conversation: on /messages/:userId and in the friends page's chat dialog. */
export function DirectChat({ userId, name, className }: DirectChatProps) {
  const queryClient = useQueryClient();
  const t = useT();
  const { user } = useSession();
  const me = user?.id ?? '';
  const query = useConversation(userId);
  const status = useFriendStatus(userId, { enabled: Boolean(me) && me !== userId });
  const blocked = useHasBlocked(userId, { enabled: Boolean(me) && me !== userId });

  const thread = useChatThread<DirectMessage>({
    query,
    queryKey: conversationQueryKey(userId),
    toItem: directMessageItem,
    send: (input) => sendDirectMessage(userId, input),
    onSent: (message) => recordDirectMessage(queryClient, message, me, { unread: false }),
    room: me
      ? {
          join: 'join-conversation',
          leave: 'leave-conversation',
          payload: { conversationId: conversationIdOf(me, userId) },
        }
      : null,
    loadErrorText: t('chat.general.loadFailed'),
  });

  // Reading the conversation marked it read on the server; the badge follows at once.
  const readAt = query.isSuccess ? query.dataUpdatedAt : 0;
  useEffect(() => {
    if (readAt) clearUnread(queryClient, userId);
  }, [readAt, queryClient, userId]);

  const canSend = !blocked && (!status.data || status.data === 'friends');
  // Neutral either way: a block shows the same kind of note as a friendship that ended.
  const notice = blocked ? BLOCK_MSG.composerDisabled : NOT_FRIENDS_NOTICE;
  return (
    <ChatPanel
      thread={thread}
      label={t('chat.direct.label', { name })}
      inputLabel={t('chat.direct.input', { name })}
      currentUserId={me}
      className={className}
      composerNotice={canSend ? undefined : <Alert variant="info">{notice}</Alert>}
    />
  );
}
