import type { RoomMessage } from '@townsquare/contracts';
import { SignInPrompt } from '../../../components/sign-in-link.tsx';
import { useSession } from '../../../lib/api/get-session.ts';
import { roomMessageItem } from '../../../lib/chat/chat-item.ts';
import { useChatThread } from '../../../lib/chat/use-chat-thread.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { eventMessagesQueryKey, useEventMessages } from '../api/get-event-messages.ts';
import { sendEventMessage } from '../api/send-event-message.ts';
import { ChatPanel } from './chat-panel.tsx';

/** An event's chat: anyone who can see the event reads it; signed-in people write and see it live; the host deletes messages. */
export function EventChat({ eventId, canModerate = false }: { eventId: string; canModerate?: boolean }) {
  const { user } = useSession();
  const t = useT();
  const thread = useChatThread<RoomMessage>({
    query: useEventMessages(eventId),
    queryKey: eventMessagesQueryKey(eventId),
    toItem: roomMessageItem,
    send: (input) => sendEventMessage(eventId, input),
    room: user ? { join: 'join-event-chat', leave: 'leave-event-chat', payload: { eventId } } : null,
    loadErrorText: t('chat.event.loadFailed'),
  });
  return (
    <ChatPanel
      thread={thread}
      label={t('chat.event.label')}
      inputLabel={t('chat.event.input')}
      currentUserId={user?.id}
      canModerate={Boolean(user) && canModerate}
      emptyText={t('chat.event.empty')}
      composerNotice={
        user ? undefined : (
          <SignInPrompt text={t('chat.event.signInPrompt')} action={t('chat.event.signIn')} />
        )
      }
    />
  );
}
