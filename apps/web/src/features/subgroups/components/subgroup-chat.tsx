import type { RoomMessage } from '@townsquare/contracts';
import { useSession } from '../../auth/api/get-session.ts';
import { roomMessageItem } from '../../chat/chat-item.ts';
import { ChatPanel } from '../../chat/components/chat-panel.tsx';
import { useChatThread } from '../../chat/use-chat-thread.ts';
import { subgroupMessagesQueryKey, useSubgroupMessages } from '../api/get-subgroup-messages.ts';
import { sendSubgroupMessage } from '../api/send-subgroup-message.ts';

/** A sub-group's own chat (members and the organizer). */
export function SubgroupChat({ subgroupId, name }: { subgroupId: string; name: string }) {
  const { user } = useSession();
  const thread = useChatThread<RoomMessage>({
    query: useSubgroupMessages(subgroupId),
    queryKey: subgroupMessagesQueryKey(subgroupId),
    toItem: roomMessageItem,
    send: (input) => sendSubgroupMessage(subgroupId, input),
    room: { join: 'join-subgroup-chat', leave: 'leave-subgroup-chat', payload: { subGroupId: subgroupId } },
    loadErrorText: 'Failed to load the sub-group chat',
  });
  return (
    <ChatPanel
      thread={thread}
      label={`${name} chat messages`}
      inputLabel={`Message ${name}`}
      currentUserId={user?.id}
      className="h-72"
    />
  );
}
