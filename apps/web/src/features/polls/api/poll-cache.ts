import type { QueryClient } from '@tanstack/react-query';
import type { Poll, PollUpdatedEvent, PollVoter } from '@townsquare/contracts';
import { applyLiveUpdate } from '../../../lib/live-update.ts';
import { pollKeys } from './keys.ts';

/**
 * Puts new counts (and the voter whose answer changed) into the cached poll: the one way both
 * the vote's answer and the room's `poll-updated` reach the screen. An answer brings the counts of
 * the dates it changed only, and which date is now the best. Counts for a date the cache does not
 * know (the host added one) mean the poll is read again. `own`: the update answers the
 * viewer's own vote, so the changed row is theirs (`mine`).
 *
 * The voters are read a page at a time (decision 047): a new voter is added at the end only once
 * every page is loaded, otherwise they arrive with the page they are in.
 */
export function applyPollUpdate(queryClient: QueryClient, update: PollUpdatedEvent, own = false): void {
  const key = pollKeys.detail(update.pollId);
  const known = new Set(queryClient.getQueryData<Poll>(key)?.options.map((o) => o.id));
  if (known.size > 0 && update.tallies.some((t) => !known.has(t.id))) {
    void queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  const counts = new Map(update.tallies.map((t) => [t.id, t]));
  applyLiveUpdate<Poll>(queryClient, key, (poll) => {
    let voters = poll.voters;
    let mine = poll.mine;
    const changed = update.voter;
    if (changed) {
      const at = voters.findIndex((v) => v.user.id === changed.user.id);
      if (at >= 0) voters = voters.map((v, i) => (i === at ? changed : v));
      else if (poll.votersNext === null) voters = [...voters, changed];
      if (own || mine?.user.id === changed.user.id) mine = changed;
    }
    if (update.removedVoterId) {
      voters = voters.filter((v) => v.user.id !== update.removedVoterId);
      if (own || mine?.user.id === update.removedVoterId) mine = null;
    }
    return {
      ...poll,
      state: update.state,
      eventId: update.eventId,
      chosenOptionId: update.chosenOptionId,
      options: poll.options.map((o) => ({ ...o, ...counts.get(o.id), best: o.id === update.bestOptionId })),
      voters,
      voterCount: update.voterCount,
      mine,
    };
  });
}

/** A further page of voters joins the cached poll (anyone already there is not repeated). */
export function appendPollVoters(
  queryClient: QueryClient,
  pollId: string,
  page: { voters: PollVoter[]; next: string | null },
): void {
  queryClient.setQueryData<Poll>(pollKeys.detail(pollId), (poll) => {
    if (!poll) return poll;
    const shown = new Set(poll.voters.map((v) => v.user.id));
    return {
      ...poll,
      voters: [...poll.voters, ...page.voters.filter((v) => !shown.has(v.user.id))],
      votersNext: page.next,
    };
  });
}
