import type { RoomMessage } from '@townsquare/contracts';
import { useSession } from '../../auth/api/get-session.ts';
import { roomMessageItem } from '../../chat/chat-item.ts';
import { ChatPanel } from '../../chat/components/chat-panel.tsx';
import { useChatThread } from '../../chat/use-chat-thread.ts';
import { friendGroupMessagesQueryKey, useFriendGroupMessages } from '../api/get-friend-group-messages.ts';
import { sendFriendGroupMessage } from '../api/send-friend-group-message.ts';

/** A friend group's chat (members only). */
export function FriendGroupChat({ groupId, name }: { groupId: string; name: string }) {
  const { user } = useSession();
  const thread = useChatThread<RoomMessage>({
    query: useFriendGroupMessages(groupId),
    queryKey: friendGroupMessagesQueryKey(groupId),
    toItem: roomMessageItem,
    send: (input) => sendFriendGroupMessage(groupId, input),
    room: { join: 'join-group-chat', leave: 'leave-group-chat', payload: { groupId } },
    loadErrorText: 'Failed to load the group chat',
  });
  return (
    <ChatPanel
      thread={thread}
      label={`${name} chat messages`}
      inputLabel={`Message ${name}`}
      currentUserId={user?.id}
      className="h-96"
    />
  );
}
