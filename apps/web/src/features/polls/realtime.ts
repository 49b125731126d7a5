import { pollUpdatedEvent } from '@townsquare/contracts';
import { listen, type RealtimeDeps, type RealtimeSocket } from '../../lib/socket.ts';
import { applyPollUpdate } from './api/poll-cache.ts';

/** `poll-updated` (the poll's room, joined by its page): new tallies and the voter who changed. */
export function registerPollsRealtime(socket: RealtimeSocket, deps: RealtimeDeps): () => void {
  return listen(socket, {
    'poll-updated': (payload) => {
      const parsed = pollUpdatedEvent.safeParse(payload);
      if (!parsed.success) return;
      const { voter, removedVoterId } = parsed.data;
      applyPollUpdate(deps.queryClient, parsed.data, (voter?.user.id ?? removedVoterId) === deps.userId);
    },
  });
}
