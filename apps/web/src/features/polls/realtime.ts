import { type Poll, pollUpdatedEvent } from '@townsquare/contracts';
import { listen, type RealtimeDeps, type RealtimeSocket } from '../../lib/socket.ts';
import { pollKeys } from './api/keys.ts';

/** `poll-updated` (the poll's room, joined by its page): new tallies and the voter who changed. */
export function registerPollsRealtime(socket: RealtimeSocket, deps: RealtimeDeps): () => void {
  return listen(socket, {
    'poll-updated': (payload) => {
      const parsed = pollUpdatedEvent.safeParse(payload);
      if (!parsed.success) return;
      const update = parsed.data;
      deps.queryClient.setQueryData<Poll>(pollKeys.detail(update.pollId), (poll) => {
        if (!poll) return poll;
        let voters = poll.voters;
        const changed = update.voter;
        if (changed) {
          const at = voters.findIndex((v) => v.user.id === changed.user.id);
          voters = at < 0 ? [...voters, changed] : voters.map((v, i) => (i === at ? changed : v));
        }
        if (update.removedVoterId) voters = voters.filter((v) => v.user.id !== update.removedVoterId);
        return {
          ...poll,
          state: update.state,
          eventId: update.eventId,
          chosenOptionId: update.chosenOptionId,
          options: update.options,
          voters,
        };
      });
    },
  });
}
