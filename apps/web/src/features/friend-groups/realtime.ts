import { roomMessage } from '@townsquare/contracts';
import { listen, type RealtimeDeps, type RealtimeSocket } from '../../lib/socket.ts';
import { appendToHistory } from '../chat/history.ts';
import { friendGroupMessagesQueryKey } from './api/get-friend-group-messages.ts';

/** `new-group-message` goes into the group's cached history (open chats refetch when rejoined). */
export function registerFriendGroupsRealtime(socket: RealtimeSocket, deps: RealtimeDeps): () => void {
  return listen(socket, {
    'new-group-message': (payload) => {
      const parsed = roomMessage.safeParse(payload);
      if (parsed.success && parsed.data.groupId)
        appendToHistory(deps.queryClient, friendGroupMessagesQueryKey(parsed.data.groupId), parsed.data);
    },
  });
}
