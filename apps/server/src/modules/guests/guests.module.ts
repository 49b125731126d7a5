import type { App } from '../../platform/http.ts';
import type { Kernel, Later } from '../../platform/kernel.ts';
import type { RsvpService } from '../events/rsvp.service.ts';
import type { PollsService } from '../polls/polls.service.ts';
import { guestRoutes } from './guests.routes.ts';
import { createGuestService } from './guests.service.ts';

/** Answers without an account (decision 040), counted through the one RSVP write path. */
export function register(app: App, deps: Kernel & { rsvps: RsvpService; polls: Later<PollsService> }) {
  const guests = createGuestService({
    db: deps.db,
    jobs: deps.jobs,
    mailer: deps.mailer,
    limiter: deps.limiter,
    publicUrl: deps.config.publicUrl,
    links: deps.links,
    rsvps: deps.rsvps,
    // Guest votes in date polls (decision 056).
    polls: {
      guestPoll: (id) => deps.polls().guestPoll(id),
      voteWithin: (tx, voter, id, votes) => deps.polls().voteWithin(tx, voter, id, votes),
      announceVote: (written) => deps.polls().announceVote(written),
      tellVote: (written) => deps.polls().tellVote(written),
      readAsGuest: (pollId, guestId, ex) => deps.polls().readAsGuest(pollId, guestId, ex),
      claimWithin: (tx, pollId, guestId, userId) => deps.polls().claimWithin(tx, pollId, guestId, userId),
    },
  });
  guestRoutes(app, guests, deps.limiter);
  deps.onStart(() => guests.start());
  return guests;
}
