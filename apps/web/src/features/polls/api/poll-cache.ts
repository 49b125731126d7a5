import type { QueryClient } from '@tanstack/react-query';
import type { Poll, PollUpdatedEvent } from '@townsquare/contracts';
import { pollKeys } from './keys.ts';

/**
 * Puts new counts (and the voter whose answer changed) into the cached poll: the one way both
 * the vote's answer and the room's `poll-updated` reach the screen. Counts for a date the cache
 * does not know (the host added one) mean the poll is read again.
 */
export function applyPollUpdate(queryClient: QueryClient, update: PollUpdatedEvent): void {
  const key = pollKeys.detail(update.pollId);
  const cached = queryClient.getQueryData<Poll>(key);
  if (!cached) return;
  const known = new Set(cached.options.map((o) => o.id));
  if (update.tallies.length !== cached.options.length || update.tallies.some((t) => !known.has(t.id))) {
    void queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  const counts = new Map(update.tallies.map((t) => [t.id, t]));
  queryClient.setQueryData<Poll>(key, (poll) => {
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
      options: poll.options.map((o) => ({ ...o, ...counts.get(o.id) })),
      voters,
    };
  });
}
