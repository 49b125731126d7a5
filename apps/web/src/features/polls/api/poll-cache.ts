import type { QueryClient } from '@tanstack/react-query';
import type { Poll, PollUpdatedEvent } from '@townsquare/contracts';
import { pollKeys } from './keys.ts';

/**
 * Puts new tallies (and the voter whose answer changed) into the cached poll: the one way both
 * the vote's answer and the room's `poll-updated` reach the screen.
 */
export function applyPollUpdate(queryClient: QueryClient, update: PollUpdatedEvent): void {
  queryClient.setQueryData<Poll>(pollKeys.detail(update.pollId), (poll) => {
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
}
