import {
  type CreateEventInput,
  type CreatePollInput,
  type EventDto,
  POLL_LIMITS,
  POLL_MSG,
  type Poll,
  type PollListResponse,
  type PollUpdatedEvent,
  type PollVotersResponse,
  type UpdatePollInput,
  type VoteChoice,
} from '@townsquare/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { PollRow, UserRow } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { presentPerson } from '../../platform/people.ts';
import type { Publisher } from '../../realtime/publish.ts';
import { channels } from '../chat/chat.service.ts';
import { groupKinds } from '../groups/kinds.ts';
import type { Memberships } from '../groups/membership.service.ts';
import type { NotifyManyInput } from '../notifications/notify.ts';
import { pageOf, pollState, presentPoll, presentUpdate, presentVoter } from './polls.presenter.ts';
import * as repo from './polls.repository.ts';

/** The Socket.IO room of a poll's page (`join-poll` { pollId }): its tallies arrive there live. */

const CLOSING_QUEUE = 'poll-closing';
type ClosingJob = { pollId: string; closesAt: string };

export type PollsDeps = {
  db: Database;
  publisher: Pick<Publisher, 'toChannel' | 'roomsOf' | 'removeFromChannel'>;
  jobs: Pick<Jobs, 'send' | 'cancel' | 'work'>;
  memberships: Pick<Memberships, 'isMember' | 'peopleByGroup'>;
  /** Resolves when `userId` may host as this community (organisers and owner); throws 403/404. */
  assertCanHost: (communityId: string, userId: string) => Promise<void>;
  /** The one event-creation path (events.service): its rules, notifications and answer. */
  createEvent: (user: UserRow, input: CreateEventInput) => Promise<EventDto>;
  /** The one notification path. */
  notifyMany: (input: NotifyManyInput, options?: { subjectChecked?: boolean }) => Promise<unknown>;
  /** Whether a visitor without an account may see the event (`visibleTo(undefined)`): guests are told only then. */
  visibleToVisitor: (eventId: string) => Promise<boolean>;
  log: { warn: (obj: object, msg: string) => void };
};

export type PollsService = ReturnType<typeof createPolls>;

const trimmed = (value: string | undefined) => value?.trim() ?? '';

/** What one write of the vote path changed: the room hears it after the commit (`announceVote`). */
export type VoteWritten = { row: PollRow; voterId: string; changed: Set<string> };

/**
 * Date polls (decision 037). A community poll is for the community's members (the
 * membership helper decides, as for its chat); any other poll for everyone signed in who has the
 * link, and for visitors without an account too when the host allows guest votes (decision 056). Answers are replaced as a whole; the host keeps one date, which becomes an event through
 * events.service, once (the poll row is locked while it happens).
 */
export function createPolls(deps: PollsDeps) {
  const { db } = deps;

  /** A visitor without an account sees a link poll that takes guest votes, nothing else. */
  const guestsMay = (row: PollRow) => row.allowGuestVotes && !row.communityId;

  async function canSee(row: PollRow, userId: string | undefined): Promise<boolean> {
    if (!userId) return guestsMay(row);
    if (row.hostId === userId || !row.communityId) return true;
    return deps.memberships.isMember(groupKinds.community, row.communityId, userId);
  }

  /** The poll if the viewer may see it; 404 otherwise, whether it exists or not. */
  async function visible(id: string, userId: string | undefined): Promise<PollRow> {
    const row = isUuid(id) ? await repo.findPoll(db, id) : undefined;
    if (!row || !(await canSee(row, userId))) throw notFound(POLL_MSG.notFound);
    return row;
  }

  async function hosted(id: string, userId: string): Promise<PollRow> {
    const row = await visible(id, userId);
    if (row.hostId !== userId) throw forbidden(POLL_MSG.notHost);
    return row;
  }

  /** The poll as its page shows it: the kept counts, the first page of voters and the viewer's answers. */
  function present(
    found: NonNullable<Awaited<ReturnType<typeof repo.readPoll>>>,
    viewerId: string | undefined,
  ): Poll {
    return presentPoll(found.header, found.tallies, {
      page: pageOf(found.first, POLL_LIMITS.votersPage),
      mine: found.mine,
      voterCount: found.voterCount,
      viewerId,
    });
  }

  async function read(id: string, viewerId: string | undefined, ex: Executor = db): Promise<Poll> {
    const found = await repo.readPoll(ex, id, viewerId, POLL_LIMITS.votersPage);
    if (!found) throw notFound(POLL_MSG.notFound);
    return present(found, viewerId);
  }

  /** Guest votes are for link polls: a community poll is for its members. */
  function assertGuestVotes(allow: boolean | undefined, communityId: string | null): void {
    if (allow && communityId) throw badRequest(POLL_MSG.guestVotesCommunity);
  }

  function assertFuture(options: { startsAt: Date }[]): void {
    if (options.some((o) => o.startsAt.getTime() <= Date.now())) throw badRequest(POLL_MSG.optionInPast);
  }

  /** Those who have not voted hear 24 h before it closes (none when it closes sooner than that). */
  async function scheduleReminder(row: PollRow): Promise<void> {
    const due = row.closesAt.getTime() - POLL_LIMITS.reminderLeadMs;
    if (!row.communityId || due <= Date.now()) return;
    const closesAt = row.closesAt.toISOString();
    await deps.jobs.send(CLOSING_QUEUE, { pollId: row.id, closesAt } satisfies ClosingJob, {
      key: `${row.id}:${closesAt}`,
      startAfter: new Date(due),
    });
  }

  const cancelReminder = (row: PollRow) =>
    deps.jobs.cancel(CLOSING_QUEUE, `${row.id}:${row.closesAt.toISOString()}`);

  /**
   * Emits `poll-updated` to the poll's room and answers the same payload: after an answer, the
   * counts of the dates it changed only (`changed`); after an edit or the finalisation, all.
   */
  async function publish(
    row: PollRow,
    change: { voterId?: string; changed?: Set<string> } = {},
  ): Promise<PollUpdatedEvent> {
    const { tallies, voterCount, voter } = await repo.readUpdate(db, row.id, change.voterId);
    const update = presentUpdate(row, tallies, voterCount, {
      voter,
      removedVoterId: change.voterId && !voter ? change.voterId : undefined,
      changed: change.changed,
    });
    deps.publisher.toChannel(channels.poll(row.id), 'poll-updated', update);
    return update;
  }

  /**
   * The queue job: members of the poll's community who have not answered, while it is still open
   * and still closing when it was when the job was queued (a later close time has its own job).
   */
  async function remindNonVoters(job: ClosingJob): Promise<void> {
    const row = await repo.findPoll(db, job.pollId);
    if (!row?.communityId || row.finalizedAt || row.closesAt.toISOString() !== job.closesAt) return;
    const members = (await deps.memberships.peopleByGroup(groupKinds.community, [row.communityId])).get(
      row.communityId,
    );
    const voted = new Set(await repo.voterIds(db, row.id));
    const userIds = (members ?? []).map((m) => m.id).filter((id) => !voted.has(id) && id !== row.hostId);
    await deps.notifyMany(
      {
        userIds,
        kind: 'poll_closing',
        subject: { type: 'poll', id: row.id },
        message: { key: 'notification.pollClosing', params: { title: row.title } },
        url: `/polls/${row.id}`,
        dedupeKey: `poll_closing:${row.id}:${job.closesAt}`,
      },
      // Read from the community's members just now: exactly who may see the poll.
      { subjectChecked: true },
    );
  }

  /**
   * Everyone who said yes or if need be to the kept date hears that it is the event, with "I'm
   * going" on the notification (one tap: decision 082); nobody is answered for. Once per poll.
   */
  async function askWilling(
    row: PollRow,
    event: { id: string; startDate: Date; actorId: string },
  ): Promise<void> {
    if (!row.chosenOptionId) return;
    const { userIds, guestIds } = await repo.willingVoters(db, row.chosenOptionId);
    // Guests (decision 056) see what a visitor sees: told only of an event a visitor may open.
    const toGuests = guestIds.length > 0 && (await deps.visibleToVisitor(event.id));
    await deps
      .notifyMany({
        userIds: userIds.filter((id) => id !== event.actorId),
        guestIds: toGuests ? guestIds : [],
        kind: 'poll_finalized',
        actorId: event.actorId,
        subject: { type: 'event', id: event.id },
        message: {
          key: 'notification.pollFinalized',
          params: { title: row.title, when: { at: event.startDate.toISOString(), zone: row.timeZone } },
        },
        url: `/event/${event.id}`,
        dedupeKey: `poll_finalized:${row.id}`,
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'poll notifications failed'));
  }

  return {
    /** Registers the reminder worker on the one job queue. */
    async start(): Promise<void> {
      await deps.jobs.work<ClosingJob>(CLOSING_QUEUE, remindNonVoters);
    },

    /** Socket joins and notification subjects: the same rule as reading the poll. */
    async canSeeById(id: string, userId: string): Promise<boolean> {
      const row = isUuid(id) ? await repo.findPoll(db, id) : undefined;
      return row !== undefined && (await canSee(row, userId));
    },

    /**
     * After someone lost access to a community (left, removed, banned): their sockets leave the
     * rooms of the polls they can no longer see, on every instance, as event chats do.
     */
    async recheckRooms(userId: string): Promise<void> {
      for (const room of await deps.publisher.roomsOf(userId)) {
        const pollId = /^poll:(.+)$/.exec(room)?.[1];
        if (pollId && !(await this.canSeeById(pollId, userId)))
          deps.publisher.removeFromChannel(userId, room);
      }
    },

    /** Starts a poll: a verified member, or an organiser of the community it is for. */
    async create(user: UserRow, input: CreatePollInput): Promise<Poll> {
      const communityId = trimmed(input.communityId) || null;
      if (communityId) await deps.assertCanHost(communityId, user.id);
      if (!user.emailVerifiedAt) throw forbidden(POLL_MSG.verifyToHost);
      if (input.closesAt.getTime() <= Date.now()) throw badRequest(POLL_MSG.closesInPast);
      assertGuestVotes(input.allowGuestVotes, communityId);
      assertFuture(input.options);
      const row = await db.transaction((tx) =>
        repo.insertPoll(
          tx,
          {
            hostId: user.id,
            communityId,
            title: input.title,
            description: input.description ?? '',
            timeZone: input.timeZone ?? 'UTC',
            closesAt: input.closesAt,
            allowGuestVotes: input.allowGuestVotes ?? false,
          },
          input.options,
        ),
      );
      await scheduleReminder(row);
      return read(row.id, user.id);
    },

    /**
     * One statement for the poll; a community poll also asks the membership helper. Without an
     * account (`user` undefined) only a poll that takes guest votes is found.
     */
    async get(user: UserRow | undefined, id: string): Promise<Poll> {
      const found = isUuid(id) ? await repo.readPoll(db, id, user?.id, POLL_LIMITS.votersPage) : undefined;
      if (!found || !(await canSee(found.header.row, user?.id))) throw notFound(POLL_MSG.notFound);
      return present(found, user?.id);
    },

    /** The voters after a cursor (GET /api/polls/:id/voters), for those who may see the poll. */
    async voters(
      user: UserRow | undefined,
      id: string,
      query: { after?: string; limit: number },
    ): Promise<PollVotersResponse> {
      const row = await visible(id, user?.id);
      const rows = await repo.voters(db, row.id, query);
      const page = pageOf(rows, query.limit);
      const optionCount = (await repo.optionIds(db, row.id)).length;
      return { voters: page.rows.map((v) => presentVoter(v, optionCount)), next: page.next };
    },

    /** A community's open polls, for its members (none for anybody else). */
    async listForCommunity(user: UserRow, communityId: string): Promise<PollListResponse> {
      if (!isUuid(communityId)) return { polls: [] };
      const rows = await repo.openPollsOf(db, communityId, user.id);
      return {
        polls: rows.map((r) => ({
          id: r.id,
          title: r.title,
          closesAt: new Date(r.closes_at).toISOString(),
          state: new Date(r.closes_at).getTime() <= Date.now() ? 'closed' : 'open',
          eventId: r.event_id,
          host: presentPerson(r.host_id, {
            id: r.host_id,
            username: r.username,
            fullName: r.full_name,
            profileImage: r.profile_image,
          }),
          options: r.options,
          voters: r.voters,
        })),
      };
    },

    /** The host edits the text or the closing time, and adds dates while the poll is open. */
    async update(user: UserRow, id: string, input: UpdatePollInput): Promise<Poll> {
      await hosted(id, user.id);
      const keys = Object.values(input).filter((v) => v !== undefined);
      if (keys.length === 0) throw badRequest(POLL_MSG.nothingToChange);
      if (input.closesAt && input.closesAt.getTime() <= Date.now()) throw badRequest(POLL_MSG.closesInPast);
      if (input.addOptions) assertFuture(input.addOptions);
      const { before, after } = await db.transaction(async (tx) => {
        const locked = await repo.lockPoll(tx, id);
        if (!locked) throw notFound(POLL_MSG.notFound);
        if (locked.finalizedAt) throw conflict(POLL_MSG.finalized);
        assertGuestVotes(input.allowGuestVotes, locked.communityId);
        if (input.addOptions?.length) {
          if (pollState(locked) !== 'open') throw conflict(POLL_MSG.closed);
          const existing = await repo.optionIds(tx, id);
          if (existing.length + input.addOptions.length > POLL_LIMITS.optionsMax)
            throw badRequest(POLL_MSG.tooManyOptions);
          await repo.insertOptions(tx, id, input.addOptions, existing.length);
        }
        const updated = await repo.updatePoll(tx, id, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.closesAt !== undefined ? { closesAt: input.closesAt } : {}),
          ...(input.allowGuestVotes !== undefined ? { allowGuestVotes: input.allowGuestVotes } : {}),
        });
        return { before: locked, after: updated ?? locked };
      });
      if (after.closesAt.getTime() !== before.closesAt.getTime()) {
        await cancelReminder(before);
        await scheduleReminder(after);
      }
      await publish(after);
      return read(id, user.id);
    },

    async remove(user: UserRow, id: string): Promise<{ message: string }> {
      const row = await hosted(id, user.id);
      await repo.deletePoll(db, row.id);
      await cancelReminder(row);
      return { message: POLL_MSG.deleted };
    },

    /**
     * Replaces the caller's answers (an empty map withdraws them) while the poll is open, and
     * answers the new tallies with the caller's row (what the room hears). Saves to one poll at
     * once are taken one after the other (a lock on the poll row), so a second save of one person
     * replaces the first instead of colliding with it.
     */
    async vote(user: UserRow, id: string, votes: Record<string, VoteChoice>): Promise<PollUpdatedEvent> {
      const written = await db.transaction((tx) => this.voteWithin(tx, { userId: user.id }, id, votes));
      return this.announceVote(written);
    },

    /**
     * The one vote path, inside the caller's transaction: a member's answer (`vote`) or a guest's
     * (their confirmation link redeems its token in the same transaction, decision 056). A guest
     * may answer only a poll that still takes guest votes. Call `announceVote` after the commit.
     */
    async voteWithin(
      tx: Executor,
      voter: repo.Voter,
      id: string,
      votes: Record<string, VoteChoice>,
    ): Promise<VoteWritten> {
      if (!isUuid(id)) throw notFound(POLL_MSG.notFound);
      const entries = Object.entries(votes);
      // Answers to one poll are saved one after the other (the poll row is locked first): the kept
      // counts are changed in one order, and a finalisation in between is seen (decision 047).
      const found = await repo.lockPollForVote(tx, id);
      if ('guestId' in voter) {
        if (!found || found.row.communityId) throw notFound(POLL_MSG.notFound);
        if (!guestsMay(found.row)) throw forbidden(POLL_MSG.guestVotesNotAllowed);
      } else if (!found || !(await canSee(found.row, voter.userId))) throw notFound(POLL_MSG.notFound);
      const locked = found.row;
      if (locked.finalizedAt) throw conflict(POLL_MSG.finalized);
      if (pollState(locked) !== 'open') throw conflict(POLL_MSG.closed);
      const known = new Set(found.optionIds);
      if (entries.some(([optionId]) => !known.has(optionId))) throw badRequest(POLL_MSG.optionUnknown);
      const voterId = repo.voterIdOf(voter);
      return { row: locked, voterId, changed: await repo.replaceVotes(tx, locked.id, voter, entries) };
    },

    /** After a vote's commit: the room hears the changed counts and the voter's row. */
    announceVote(written: VoteWritten): Promise<PollUpdatedEvent> {
      return publish(written.row, { voterId: written.voterId, changed: written.changed });
    },

    /**
     * `announceVote` where the request does not answer with the update (a claim, a guest's
     * confirmation): a failure is logged, never the request's, whose write has committed.
     */
    tellVote(written: VoteWritten): void {
      this.announceVote(written).catch((err: unknown) =>
        deps.log.warn({ err }, 'poll update after a vote failed'),
      );
    },

    /**
     * A poll a visitor may answer without an account now (decision 056): it exists, takes guest
     * votes and is open. The guest module asks before it mails a confirmation link.
     */
    async guestPoll(id: string): Promise<{ row: PollRow; optionIds: string[]; lastEndsAt: Date }> {
      const row = isUuid(id) ? await repo.findPoll(db, id) : undefined;
      // A community's poll is not there for a visitor at all; a link poll says why not.
      if (!row || row.communityId) throw notFound(POLL_MSG.notFound);
      if (!guestsMay(row)) throw forbidden(POLL_MSG.guestVotesNotAllowed);
      if (row.finalizedAt) throw conflict(POLL_MSG.finalized);
      if (pollState(row) !== 'open') throw conflict(POLL_MSG.closed);
      const options = await repo.optionEnds(db, row.id);
      const lastEndsAt = new Date(Math.max(...options.map((o) => o.endsAt.getTime())));
      return { row, optionIds: options.map((o) => o.id), lastEndsAt };
    },

    /**
     * The poll as one guest sees it from their manage link: their own answers as `mine`. `ex`: the
     * transaction that has just counted the guest's answers, to read them in it.
     */
    async readAsGuest(pollId: string, guestId: string, ex: Executor = db): Promise<Poll> {
      return read(pollId, guestId, ex);
    },

    /**
     * Inside the transaction that verifies an address (decision 040's merge): a guest's answers to
     * this poll become the member's, in their place in the list; where the member had answered
     * too, theirs is kept and the guest's withdrawn. Answers what tells the poll's room, to call
     * after the commit.
     */
    async claimWithin(tx: Executor, pollId: string, guestId: string, userId: string): Promise<() => void> {
      const found = await repo.lockPollForVote(tx, pollId);
      if (!found) return () => undefined;
      let written: VoteWritten;
      if (await repo.hasVoted(tx, pollId, userId)) {
        written = {
          row: found.row,
          voterId: guestId,
          changed: await repo.replaceVotes(tx, pollId, { guestId }, []),
        };
      } else {
        await repo.handOverVotes(tx, pollId, guestId, userId);
        written = { row: found.row, voterId: userId, changed: new Set() };
      }
      return () => this.tellVote(written);
    },

    /**
     * The host keeps one date. The web app opens the event form filled from the poll and sends the
     * event as the host finished it (`body.event`, decision 082); without it (older clients) the
     * event is made from the poll's title, description and community and the date's time and
     * place. Either way through events.service, the one creation path. The poll row stays locked
     * until the poll records its event, so a second finalisation at the same moment waits and
     * then finds it done (409). Those who said yes or if need be are asked whether they are going
     * once the event is published (now, or when its draft is published: `eventPublished`).
     */
    async finalize(
      user: UserRow,
      id: string,
      body: {
        optionId: string;
        status?: 'DRAFT' | 'LIVE';
        visibility?: 'PUBLIC' | 'PRIVATE';
        event?: CreateEventInput;
      },
    ): Promise<EventDto> {
      await hosted(id, user.id);
      const { row, event } = await db.transaction(async (tx) => {
        const locked = await repo.lockPoll(tx, id);
        if (!locked) throw notFound(POLL_MSG.notFound);
        if (locked.finalizedAt) throw conflict(POLL_MSG.finalized);
        const option = isUuid(body.optionId) ? await repo.findOption(tx, id, body.optionId) : undefined;
        if (!option) throw badRequest(POLL_MSG.optionUnknown);
        const made = await deps.createEvent(
          user,
          body.event ?? {
            title: locked.title,
            description: locked.description || locked.title,
            location: option.place ?? 'To be announced',
            startDate: option.startsAt,
            endDate: option.endsAt,
            status: body.status ?? 'LIVE',
            visibility: body.visibility ?? 'PUBLIC',
            timeZone: locked.timeZone,
            ...(locked.communityId ? { communityId: locked.communityId } : {}),
          },
        );
        const updated = await repo.updatePoll(tx, id, {
          chosenOptionId: option.id,
          eventId: made.id,
          finalizedAt: new Date(),
        });
        return { row: updated ?? locked, event: made };
      });
      await cancelReminder(row);
      await publish(row);
      // A draft is seen by its host only, and notify() tells nobody about what they cannot see:
      // a draft's voters are asked when it is published (`eventPublished`).
      if (event.status !== 'DRAFT')
        await askWilling(row, { id: event.id, startDate: new Date(event.startDate), actorId: user.id });
      return event;
    },

    /**
     * `event.changed`: a poll's event that was a draft is published; its voters are asked now.
     * An event published at once is asked by `finalize` after the poll records it (the poll's
     * transaction may not have committed when this runs).
     */
    async eventPublished(event: { id: string; startDate: Date }, actorId: string): Promise<void> {
      const row = await repo.pollOfEvent(db, event.id);
      if (row) await askWilling(row, { ...event, actorId });
    },
  };
}
