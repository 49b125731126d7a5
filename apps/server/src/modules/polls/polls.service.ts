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
import type { Database } from '../../db/client.ts';
import type { PollRow, UserRow } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Publisher } from '../../realtime/publish.ts';
import { presentPerson } from '../chat/chat.presenter.ts';
import { memberTables } from '../groups/membership.repository.ts';
import type { Memberships } from '../groups/membership.service.ts';
import type { NotifyManyInput } from '../notifications/notify.ts';
import { isUuid } from '../users/users.repository.ts';
import { pageOf, pollState, presentPoll, presentUpdate, presentVoter } from './polls.presenter.ts';
import * as repo from './polls.repository.ts';

/** The Socket.IO room of a poll's page (`join-poll` { pollId }): its tallies arrive there live. */
export const pollRoom = (pollId: string) => `poll:${pollId}`;

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
  log: { warn: (obj: object, msg: string) => void };
};

export type PollsService = ReturnType<typeof createPolls>;

const trimmed = (value: string | undefined) => value?.trim() ?? '';

/**
 * Date polls (issue 25, decision 037). A community poll is for the community's members (the
 * membership helper decides, as for its chat); any other poll for everyone signed in who has the
 * link. Answers are replaced as a whole; the host keeps one date, which becomes an event through
 * events.service, once (the poll row is locked while it happens).
 */
export function createPolls(deps: PollsDeps) {
  const { db } = deps;

  async function canSee(row: PollRow, userId: string): Promise<boolean> {
    if (row.hostId === userId || !row.communityId) return true;
    return deps.memberships.isMember(memberTables.community, row.communityId, userId);
  }

  /** The poll if the viewer may see it; 404 otherwise, whether it exists or not. */
  async function visible(id: string, userId: string): Promise<PollRow> {
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
  function present(found: NonNullable<Awaited<ReturnType<typeof repo.readPoll>>>, viewerId: string): Poll {
    return presentPoll(found.header, found.tallies, {
      page: pageOf(found.first, POLL_LIMITS.votersPage),
      mine: found.mine,
      voterCount: found.voterCount,
      viewerId,
    });
  }

  async function read(id: string, viewerId: string): Promise<Poll> {
    const found = await repo.readPoll(db, id, viewerId, POLL_LIMITS.votersPage);
    if (!found) throw notFound(POLL_MSG.notFound);
    return present(found, viewerId);
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
    deps.publisher.toChannel(pollRoom(row.id), 'poll-updated', update);
    return update;
  }

  /**
   * The queue job: members of the poll's community who have not answered, while it is still open
   * and still closing when it was when the job was queued (a later close time has its own job).
   */
  async function remindNonVoters(job: ClosingJob): Promise<void> {
    const row = await repo.findPoll(db, job.pollId);
    if (!row?.communityId || row.finalizedAt || row.closesAt.toISOString() !== job.closesAt) return;
    const members = (await deps.memberships.peopleByGroup(memberTables.community, [row.communityId])).get(
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
          },
          input.options,
        ),
      );
      await scheduleReminder(row);
      return read(row.id, user.id);
    },

    /** One statement for the poll; a community poll also asks the membership helper. */
    async get(user: UserRow, id: string): Promise<Poll> {
      const found = isUuid(id) ? await repo.readPoll(db, id, user.id, POLL_LIMITS.votersPage) : undefined;
      if (!found || !(await canSee(found.header.row, user.id))) throw notFound(POLL_MSG.notFound);
      return present(found, user.id);
    },

    /** The voters after a cursor (GET /api/polls/:id/voters), for those who may see the poll. */
    async voters(
      user: UserRow,
      id: string,
      query: { after?: string; limit: number },
    ): Promise<PollVotersResponse> {
      const row = await visible(id, user.id);
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
      if (!isUuid(id)) throw notFound(POLL_MSG.notFound);
      const entries = Object.entries(votes);
      // Answers to one poll are saved one after the other (the poll row is locked first): the kept
      // counts are changed in one order, and a finalisation in between is seen (decision 047).
      const { row, changed } = await db.transaction(async (tx) => {
        const found = await repo.lockPollForVote(tx, id);
        if (!found || !(await canSee(found.row, user.id))) throw notFound(POLL_MSG.notFound);
        const locked = found.row;
        if (locked.finalizedAt) throw conflict(POLL_MSG.finalized);
        if (pollState(locked) !== 'open') throw conflict(POLL_MSG.closed);
        const known = new Set(found.optionIds);
        if (entries.some(([optionId]) => !known.has(optionId))) throw badRequest(POLL_MSG.optionUnknown);
        return { row: locked, changed: await repo.replaceVotes(tx, locked.id, user.id, entries) };
      });
      return publish(row, { voterId: user.id, changed });
    },

    /**
     * The host keeps one date: the event is made (draft or published) from the poll's title,
     * description and community and the date's time and place, and everyone who said yes or if
     * need be to that date hears of it. The poll row stays locked until the poll records its
     * event, so a second finalisation at the same moment waits and then finds it done (409).
     */
    async finalize(
      user: UserRow,
      id: string,
      body: { optionId: string; status?: 'DRAFT' | 'LIVE'; visibility?: 'PUBLIC' | 'PRIVATE' },
    ): Promise<EventDto> {
      await hosted(id, user.id);
      const { row, event } = await db.transaction(async (tx) => {
        const locked = await repo.lockPoll(tx, id);
        if (!locked) throw notFound(POLL_MSG.notFound);
        if (locked.finalizedAt) throw conflict(POLL_MSG.finalized);
        const option = isUuid(body.optionId) ? await repo.findOption(tx, id, body.optionId) : undefined;
        if (!option) throw badRequest(POLL_MSG.optionUnknown);
        const made = await deps.createEvent(user, {
          title: locked.title,
          description: locked.description || locked.title,
          location: option.place ?? 'To be announced',
          startDate: option.startsAt,
          endDate: option.endsAt,
          status: body.status ?? 'LIVE',
          visibility: body.visibility ?? 'PUBLIC',
          timeZone: locked.timeZone,
          ...(locked.communityId ? { communityId: locked.communityId } : {}),
        });
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
      // only a published event is announced (publishing a draft later announces it as usual).
      if (event.status !== 'DRAFT' && row.chosenOptionId) {
        const userIds = await repo.willingVoters(db, row.chosenOptionId);
        await deps
          .notifyMany({
            userIds,
            kind: 'poll_finalized',
            actorId: user.id,
            subject: { type: 'event', id: event.id },
            message: {
              key: 'notification.pollFinalized',
              params: {
                title: row.title,
                when: { at: new Date(event.startDate).toISOString(), zone: row.timeZone },
              },
            },
            url: `/event/${event.id}`,
            dedupeKey: `poll_finalized:${row.id}`,
          })
          .catch((err: unknown) => deps.log.warn({ err }, 'poll notifications failed'));
      }
      return event;
    },
  };
}
