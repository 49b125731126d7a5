import type { PollOptionInput, VoteChoice } from '@townsquare/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { anyRow, firstRow, insertRow, rowById, updateRow } from '../../db/rows.ts';
import {
  communities,
  type PollRow,
  pollOptions,
  polls,
  pollVoters,
  pollVotes,
  users,
} from '../../db/schema/index.ts';
import { personColumns } from '../../platform/people.ts';
import { groupIdsOf } from '../access/groups.ts';
import { groupKinds } from '../groups/kinds.ts';

export type OptionTally = {
  id: string;
  starts_at: Date;
  ends_at: Date;
  place: string | null;
  yes: number;
  if_need_be: number;
  no: number;
};

/**
 * One voter: who, and their answers, one row per voter (not per vote). Each answer is a number,
 * `position * 3 + choice` (choice 0 yes, 1 if need be, 2 no), kept on the voter's `poll_voters`
 * row by the vote path (migration 0036): an int array is what node-postgres parses fastest.
 */
export type VoterRow = {
  /** The voter's place in the list (`poll_voters.seq`): the cursor of the page after them. */
  seq: string;
  /** The member's id, or the guest's (`voter_id`). */
  user_id: string;
  /** Answered without an account (decision 056): a name only. */
  guest: boolean;
  username: string | null;
  full_name: string;
  profile_image: string | null;
  answers: number[];
};
export const CHOICE_CODES: readonly VoteChoice[] = ['yes', 'if_need_be', 'no'];

/** Who answers: a member, or a guest without an account (decision 056). */
export type Voter = { userId: string } | { guestId: string };
export const voterIdOf = (voter: Voter) => ('userId' in voter ? voter.userId : voter.guestId);
const voterColumns = (voter: Voter) =>
  'userId' in voter ? { userId: voter.userId } : { guestId: voter.guestId };

export async function insertPoll(
  db: Executor,
  values: Omit<typeof polls.$inferInsert, 'id'>,
  options: PollOptionInput[],
): Promise<PollRow> {
  const poll = await insertRow(db, polls, values);
  await insertOptions(db, poll.id, options, 0);
  return poll;
}

export async function insertOptions(
  db: Executor,
  pollId: string,
  options: PollOptionInput[],
  firstPosition: number,
): Promise<void> {
  if (options.length === 0) return;
  await db.insert(pollOptions).values(
    options.map((o, i) => ({
      id: uuidv7(),
      pollId,
      position: firstPosition + i,
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      place: o.place || null,
    })),
  );
}

export async function findPoll(db: Executor, id: string): Promise<PollRow | undefined> {
  const row = await rowById(db, polls, id);
  return row;
}

/** The poll whose kept date became this event, if any. */
export async function pollOfEvent(db: Executor, eventId: string): Promise<PollRow | undefined> {
  const [row] = await db.select().from(polls).where(eq(polls.eventId, eventId)).limit(1);
  return row;
}

/** The poll row, locked until the transaction ends (finalising, adding dates). */
export async function lockPoll(db: Executor, id: string): Promise<PollRow | undefined> {
  const [row] = await db.select().from(polls).where(eq(polls.id, id)).for('update').limit(1);
  return row;
}

/**
 * The poll row with its dates' ids, locked against other answers and a finalisation until the
 * transaction ends (not against the inserts that refer to it).
 */
export async function lockPollForVote(
  db: Executor,
  id: string,
): Promise<{ row: PollRow; optionIds: string[] } | undefined> {
  const [found] = await db
    .select({
      row: polls,
      optionIds: sql<
        string[]
      >`(select coalesce(json_agg(o.id), '[]') from poll_options o where o.poll_id = ${id})`,
    })
    .from(polls)
    .where(eq(polls.id, id))
    .for('no key update')
    .limit(1);
  return found;
}

export async function updatePoll(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      PollRow,
      'title' | 'description' | 'closesAt' | 'chosenOptionId' | 'eventId' | 'finalizedAt' | 'allowGuestVotes'
    >
  >,
): Promise<PollRow | undefined> {
  return updateRow(db, polls, id, values);
}

export async function deletePoll(db: Executor, id: string): Promise<void> {
  await db.delete(polls).where(eq(polls.id, id));
}

export async function optionIds(db: Executor, pollId: string): Promise<string[]> {
  const rows = await db
    .select({ id: pollOptions.id })
    .from(pollOptions)
    .where(eq(pollOptions.pollId, pollId))
    .orderBy(asc(pollOptions.position));
  return rows.map((r) => r.id);
}

export async function findOption(db: Executor, pollId: string, optionId: string) {
  return firstRow(db, pollOptions, and(eq(pollOptions.pollId, pollId), eq(pollOptions.id, optionId)));
}

/** A page after a cursor, or one voter (a member's or a guest's id). */
type VoterPage = { after?: string; limit: number } | { voterId: string };

/**
 * A page of voters (or one voter), first to answer first, each as one row whose answers are
 * aggregated in PostgreSQL; `after` is the `seq` of the last voter of the previous page. One more
 * row than asked for is read to know whether a next page exists.
 */
function votersSql(pollId: SQL | string, page: VoterPage): SQL {
  const where =
    'voterId' in page
      ? sql` and pv.voter_id = ${page.voterId}`
      : page.after
        ? sql` and pv.seq > ${page.after}`
        : sql``;
  const limit = 'voterId' in page ? 1 : page.limit + 1;
  // A guest (decision 056) is a name only: no username, no picture, never the address.
  return sql`select pv.seq::text as seq, pv.voter_id as user_id, pv.guest_id is not null as guest,
      u.username, coalesce(u.full_name, g.name) as full_name, u.profile_image, pv.answers
    from poll_voters pv left join users u on u.id = pv.user_id
      left join event_guests g on g.id = pv.guest_id
    where pv.poll_id = ${pollId}${where}
    order by pv.seq
    limit ${limit}`;
}

export async function voters(db: Executor, pollId: string, page: VoterPage): Promise<VoterRow[]> {
  return (await db.execute<VoterRow>(votersSql(pollId, page))).rows;
}

/** The rows of `votersSql` as one JSON array, in their order (a column of a larger statement). */
const votersJson = (pollId: SQL, page: VoterPage) =>
  sql<
    VoterRow[]
  >`(select coalesce(json_agg(to_json(x) order by x.seq::bigint), '[]') from (${votersSql(pollId, page)}) x)`;

type TallyJson = Omit<OptionTally, 'starts_at' | 'ends_at'> & { starts_at: string; ends_at: string };

/** Every date of the poll with its kept counts, in order, as one JSON array. */
const talliesJson = (pollId: SQL) => sql<TallyJson[]>`(select coalesce(json_agg(json_build_object('id', o.id,
    'starts_at', o.starts_at, 'ends_at', o.ends_at, 'place', o.place, 'yes', o.yes_count,
    'if_need_be', o.if_need_be_count, 'no', o.no_count) order by o.position), '[]')
  from poll_options o where o.poll_id = ${pollId})`;
const voterCountSql = (pollId: SQL) =>
  sql<number>`(select count(*)::int from poll_voters c where c.poll_id = ${pollId})`;
const datesOf = (tallies: TallyJson[]): OptionTally[] =>
  tallies.map((t) => ({ ...t, starts_at: new Date(t.starts_at), ends_at: new Date(t.ends_at) }));

/** After a change: every date's counts, how many answered, and one voter's row (if they still have one). */
export async function readUpdate(db: Executor, pollId: string, voterId: string | undefined) {
  const id = sql`${pollId}::uuid`;
  const result = await db.execute<{ tallies: TallyJson[]; voter_count: number; voter: VoterRow[] }>(
    sql`select ${talliesJson(id)} as tallies, ${voterCountSql(id)} as voter_count,
      ${voterId ? votersJson(id, { voterId }) : sql`'[]'::json`} as voter`,
  );
  const found = result.rows[0];
  return {
    tallies: datesOf(found?.tallies ?? []),
    voterCount: found?.voter_count ?? 0,
    voter: found?.voter[0],
  };
}

/**
 * Everything a poll's page shows, in one statement (one round trip however busy the database
 * is): the poll, its host and community, the kept counts of every date, how many answered, the
 * first page of voters and the viewer's own answers.
 */
export async function readPoll(db: Executor, id: string, viewerId: string | undefined, limit: number) {
  const [found] = await db
    .select({
      row: polls,
      host: personColumns,
      communitySlug: communities.slug,
      communityName: communities.name,
      tallies: talliesJson(sql`${polls.id}`),
      voterCount: voterCountSql(sql`${polls.id}`),
      first: votersJson(sql`${polls.id}`, { limit }),
      mine: viewerId ? votersJson(sql`${polls.id}`, { voterId: viewerId }) : sql<VoterRow[]>`'[]'::json`,
    })
    .from(polls)
    .innerJoin(users, eq(users.id, polls.hostId))
    .leftJoin(communities, eq(communities.id, polls.communityId))
    .where(eq(polls.id, id))
    .limit(1);
  if (!found) return undefined;
  const { row, host, communitySlug, communityName } = found;
  return {
    header: {
      row,
      host,
      community:
        row.communityId && communitySlug && communityName
          ? { id: row.communityId, slug: communitySlug, name: communityName }
          : null,
    },
    tallies: found.tallies.map((t) => ({
      ...t,
      starts_at: new Date(t.starts_at),
      ends_at: new Date(t.ends_at),
    })),
    voterCount: found.voterCount,
    first: found.first,
    mine: found.mine[0],
  };
}

/**
 * Replaces the person's answers: one write path for voting, changing and withdrawing. The counts
 * follow in the same transaction (the database's trigger, migration 0035); the person keeps their
 * place in the voters list while they have any answer.
 */
export async function replaceVotes(
  db: Executor,
  pollId: string,
  voter: Voter,
  votes: [optionId: string, choice: VoteChoice][],
): Promise<Set<string>> {
  const voterId = voterIdOf(voter);
  const before = await db
    .delete(pollVotes)
    .where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.voterId, voterId)))
    .returning({ optionId: pollVotes.optionId, choice: pollVotes.choice });
  // The dates whose counts this changes: what the room is told (a small delta, decision 047).
  const was = new Map(before.map((v) => [v.optionId, v.choice]));
  const changed = new Set<string>();
  for (const [optionId, choice] of votes) if (was.get(optionId) !== choice) changed.add(optionId);
  for (const optionId of was.keys()) if (!votes.some(([id]) => id === optionId)) changed.add(optionId);
  if (votes.length === 0) {
    await db.delete(pollVoters).where(and(eq(pollVoters.pollId, pollId), eq(pollVoters.voterId, voterId)));
    return changed;
  }
  await db
    .insert(pollVotes)
    .values(votes.map(([optionId, choice]) => ({ pollId, optionId, ...voterColumns(voter), choice })));
  // The page reads the answers from this row (one row per voter, not ten index probes).
  const answers = sql`array(select o.position * 3 + case v.choice when 'yes' then 0 when 'if_need_be' then 1 else 2 end
    from poll_votes v join poll_options o on o.id = v.option_id
    where v.poll_id = ${pollId} and v.voter_id = ${voterId} order by o.position)::smallint[]`;
  await db
    .insert(pollVoters)
    .values({ pollId, ...voterColumns(voter), answers })
    .onConflictDoUpdate({ target: [pollVoters.pollId, pollVoters.voterId], set: { answers } });
  return changed;
}

/**
 * A guest's answers become a member's (their address was verified): the same rows, the same
 * place in the voters list. The caller removed them instead where the member had answered too.
 */
export async function handOverVotes(db: Executor, pollId: string, guestId: string, userId: string) {
  await db
    .update(pollVotes)
    .set({ userId, guestId: null })
    .where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.guestId, guestId)));
  await db
    .update(pollVoters)
    .set({ userId, guestId: null })
    .where(and(eq(pollVoters.pollId, pollId), eq(pollVoters.guestId, guestId)));
}

/** Whether this person has answered the poll. */
export async function hasVoted(db: Executor, pollId: string, voterId: string): Promise<boolean> {
  return anyRow(db, pollVoters, and(eq(pollVoters.pollId, pollId), eq(pollVoters.voterId, voterId)));
}

/** Who answered yes or if need be for this date (they hear that it became the event): members and guests. */
export async function willingVoters(
  db: Executor,
  optionId: string,
): Promise<{ userIds: string[]; guestIds: string[] }> {
  const result = await db.execute<{ user_id: string | null; guest_id: string | null }>(
    sql`select user_id, guest_id from poll_votes where option_id = ${optionId} and choice in ('yes', 'if_need_be')`,
  );
  return {
    userIds: result.rows.flatMap((r) => (r.user_id ? [r.user_id] : [])),
    guestIds: result.rows.flatMap((r) => (r.guest_id ? [r.guest_id] : [])),
  };
}

/** Every member who answered anything (guests are not reminded: they have no account). */
export async function voterIds(db: Executor, pollId: string): Promise<string[]> {
  const result = await db.execute<{ user_id: string }>(
    sql`select user_id from poll_voters where poll_id = ${pollId} and user_id is not null`,
  );
  return result.rows.map((r) => r.user_id);
}

/**
 * A community's polls not finalised yet, soonest to close first, for a member: `groupIdsOf` (the
 * membership helper) decides, so nobody else sees them even by asking for the community's id.
 */
export async function openPollsOf(db: Executor, communityId: string, viewerId: string) {
  const member: SQL = sql`p.community_id in ${groupIdsOf(groupKinds.community, viewerId)}`;
  const result = await db.execute<{
    id: string;
    title: string;
    closes_at: string;
    event_id: string | null;
    finalized_at: string | null;
    host_id: string;
    username: string | null;
    full_name: string;
    profile_image: string | null;
    options: number;
    voters: number;
  }>(sql`select p.id, p.title, p.closes_at, p.event_id, p.finalized_at, p.host_id,
      u.username, u.full_name, u.profile_image,
      (select count(*)::int from poll_options o where o.poll_id = p.id) as options,
      (select count(*)::int from poll_voters v where v.poll_id = p.id) as voters
    from polls p join users u on u.id = p.host_id
    where p.community_id = ${communityId} and p.finalized_at is null and (${member} or p.host_id = ${viewerId})
    order by p.closes_at, p.id
    limit 50`);
  return result.rows;
}

/** The poll's dates' ids and ends (a guest's links stop working after the last date ends). */
export async function optionEnds(db: Executor, pollId: string): Promise<{ id: string; endsAt: Date }[]> {
  return db
    .select({ id: pollOptions.id, endsAt: pollOptions.endsAt })
    .from(pollOptions)
    .where(eq(pollOptions.pollId, pollId))
    .orderBy(asc(pollOptions.position));
}
