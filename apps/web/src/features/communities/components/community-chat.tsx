import type { RoomMessage } from '@townsquare/contracts';
import { useSession } from '../../auth/api/get-session.ts';
import { roomMessageItem } from '../../chat/chat-item.ts';
import { ChatPanel } from '../../chat/components/chat-panel.tsx';
import { useChatThread } from '../../chat/use-chat-thread.ts';
import { useCommunityMessages } from '../api/get-community-messages.ts';
import { communityKeys } from '../api/keys.ts';
import { sendCommunityMessage } from '../api/send-community-message.ts';

/** The community's chat room (members only). */
export function CommunityChat({
  slug,
  communityId,
  name,
  canModerate = false,
}: {
  slug: string;
  communityId: string;
  name: string;
  /** Organisers delete members' messages. */
  canModerate?: boolean;
}) {
  const { user } = useSession();
  const thread = useChatThread<RoomMessage>({
    query: useCommunityMessages(slug, communityId),
    queryKey: communityKeys.messages(communityId),
    toItem: roomMessageItem,
    send: (input) => sendCommunityMessage(slug, input),
    room: { join: 'join-community-chat', leave: 'leave-community-chat', payload: { communityId } },
    loadErrorText: 'Failed to load the community chat',
  });
  return (
    <ChatPanel
      thread={thread}
      label={`${name} chat messages`}
      inputLabel={`Message ${name}`}
      currentUserId={user?.id}
      className="h-96"
      canModerate={canModerate}
    />
  );
}
