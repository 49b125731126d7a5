import { roomMessage } from '@townsquare/contracts';
import { listen, type RealtimeDeps, type RealtimeSocket } from '../../lib/socket.ts';
import { appendToHistory } from '../chat/history.ts';
import { communityKeys } from './api/keys.ts';

/** `new-community-message` goes into the community's cached history; invitations refresh my list. */
export function registerCommunitiesRealtime(socket: RealtimeSocket, deps: RealtimeDeps): () => void {
  return listen(socket, {
    'new-community-message': (payload) => {
      const parsed = roomMessage.safeParse(payload);
      if (parsed.success && parsed.data.communityId)
        appendToHistory(deps.queryClient, communityKeys.messages(parsed.data.communityId), parsed.data);
    },
    'community-invite': () => void deps.queryClient.invalidateQueries({ queryKey: communityKeys.mine }),
    'community-approved': () => void deps.queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  });
}
