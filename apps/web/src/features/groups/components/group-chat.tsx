import type { RoomMessage } from '@townsquare/contracts';
import { useSession } from '../../../lib/api/get-session.ts';
import { roomMessageItem } from '../../../lib/chat/chat-item.ts';
import { useChatThread } from '../../../lib/chat/use-chat-thread.ts';
import { GROUP_KINDS, type GroupRef, groupMessagesQueryKey, groupRoom } from '../../../lib/groups/kinds.ts';
import { translate } from '../../../lib/i18n/intl.tsx';
import { ChatPanel } from '../../chat/components/chat-panel.tsx';
import { useGroupMessages } from '../api/get-group-messages.ts';
import { sendGroupMessage } from '../api/send-group-message.ts';

/** A group's chat room, whatever its kind (members only; organisers may delete messages). */
export function GroupChat({
  group,
  name,
  canModerate = false,
}: {
  group: GroupRef;
  name: string;
  /** Community organisers delete members' messages. */
  canModerate?: boolean;
}) {
  const { user } = useSession();
  const kind = GROUP_KINDS[group.kind];
  const thread = useChatThread<RoomMessage>({
    query: useGroupMessages(group),
    queryKey: groupMessagesQueryKey(group.kind, group.id),
    toItem: roomMessageItem,
    send: (input) => sendGroupMessage(group, input),
    room: groupRoom(group),
    loadErrorText: translate(kind.loadErrorKey),
  });
  return (
    <ChatPanel
      thread={thread}
      label={`${name} chat messages`}
      inputLabel={`Message ${name}`}
      currentUserId={user?.id}
      className={kind.chatHeight}
      canModerate={canModerate}
    />
  );
}
