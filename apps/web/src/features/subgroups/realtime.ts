import { roomMessage } from '@townsquare/contracts';
import { listen, type RealtimeDeps, type RealtimeSocket } from '../../lib/socket.ts';
import { appendToHistory } from '../chat/history.ts';
import { subgroupMessagesQueryKey } from './api/get-subgroup-messages.ts';

/** `new-subgroup-message` goes into the sub-group's cached history. */
export function registerSubgroupsRealtime(socket: RealtimeSocket, deps: RealtimeDeps): () => void {
  return listen(socket, {
    'new-subgroup-message': (payload) => {
      const parsed = roomMessage.safeParse(payload);
      if (parsed.success && parsed.data.subGroupId)
        appendToHistory(deps.queryClient, subgroupMessagesQueryKey(parsed.data.subGroupId), parsed.data);
    },
  });
}
