import type { RoomMessage } from '@townsquare/contracts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useSession } from '../../auth/api/get-session.ts';
import { SignInPrompt } from '../../auth/components/sign-in-link.tsx';
import { eventMessagesQueryKey, useEventMessages } from '../api/get-event-messages.ts';
import { sendEventMessage } from '../api/send-event-message.ts';
import { roomMessageItem } from '../chat-item.ts';
import { useChatThread } from '../use-chat-thread.ts';
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
