import { roomMessage } from '@townsquare/contracts';
import { appendToHistory } from '../../lib/chat/history.ts';
import { communityKeys } from '../../lib/groups/keys.ts';
import { GROUP_KIND_NAMES, GROUP_KINDS, groupMessagesQueryKey } from '../../lib/groups/kinds.ts';
import { listen, type RealtimeDeps, type RealtimeSocket } from '../../lib/socket.ts';

/**
 * Each kind's new-message event goes into that group's cached history (open chats refetch when
 * rejoined); a community invitation refreshes my list, an approval every community view.
 */
export function registerGroupsRealtime(socket: RealtimeSocket, deps: RealtimeDeps): () => void {
  const handlers: Record<string, (payload: unknown) => void> = {
    'community-invite': () => void deps.queryClient.invalidateQueries({ queryKey: communityKeys.mine }),
    'community-approved': () => void deps.queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  };
  for (const kind of GROUP_KIND_NAMES) {
    const { messageEvent, room } = GROUP_KINDS[kind];
    handlers[messageEvent] = (payload) => {
      const parsed = roomMessage.safeParse(payload);
      const id = parsed.success ? parsed.data[room.idField] : undefined;
      if (parsed.success && id)
        appendToHistory(deps.queryClient, groupMessagesQueryKey(kind, id), parsed.data);
    };
  }
  return listen(socket, handlers);
}
