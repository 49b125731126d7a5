import type { PollOptionInput, VoteChoice } from '@townsquare/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import {
  communities,
  type PollRow,
  pollOptions,
  polls,
  pollVoters,
  pollVotes,
  users,
} from '../../db/schema/index.ts';
import { groupIdsOf, memberTables } from '../groups/membership.repository.ts';

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
 * `position * 3 + choice` (choice 0 yes, 1 if need be, 2 no): an int array is what PostgreSQL
 * aggregates and node-postgres parses fastest.
 */
export type VoterRow = {
  /** The voter's place in the list (`poll_voters.seq`): the cursor of the page after them. */
  seq: string;
  user_id: string;
  username: string | null;
  full_name: string;
  profile_image: string | null;
  answers: number[];
};
export const CHOICE_CODES: readonly VoteChoice[] = ['yes', 'if_need_be', 'no'];

export async function insertPoll(
  db: Executor,
  values: Omit<typeof polls.$inferInsert, 'id'>,
  options: PollOptionInput[],
): Promise<PollRow> {
  const [row] = await db
    .insert(polls)
    .values({ id: uuidv7(), ...values })
    .returning();
  const poll = row!; // INSERT … RETURNING always yields the row
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
  const [row] = await db.select().from(polls).where(eq(polls.id, id)).limit(1);
  return row;
}

/** The poll row, locked until the transaction ends (finalising, adding dates). */
export async function lockPoll(db: Executor, id: string): Promise<PollRow | undefined> {
  const [row] = await db.select().from(polls).where(eq(polls.id, id)).for('update').limit(1);
  return row;
}

/**
 * The poll row, locked against other answers and a finalisation until the transaction ends (not
 * against the inserts that refer to it).
 */
export async function lockPollForVote(db: Executor, id: string): Promise<PollRow | undefined> {
  const [row] = await db.select().from(polls).where(eq(polls.id, id)).for('no key update').limit(1);
  return row;
}

export async function updatePoll(
  db: Executor,
  id: string,
  values: Partial<
    Pick<PollRow, 'title' | 'description' | 'closesAt' | 'chosenOptionId' | 'eventId' | 'finalizedAt'>
  >,
): Promise<PollRow | undefined> {
  const [row] = await db
    .update(polls)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(polls.id, id))
    .returning();
  return row;
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
  const [row] = await db
    .select()
    .from(pollOptions)
    .where(and(eq(pollOptions.pollId, pollId), eq(pollOptions.id, optionId)))
    .limit(1);
  return row;
}

/**
 * Every date of the poll in order with how many said yes, if need be and no: the counts the
 * database keeps with the answers (migration 0035), so 2,000 voters cost nothing here.
 */
export async function tallies(db: Executor, pollId: string): Promise<OptionTally[]> {
  const result = await db.execute<OptionTally>(sql`select id, starts_at, ends_at, place,
      yes_count as yes, if_need_be_count as if_need_be, no_count as no
    from poll_options where poll_id = ${pollId} order by position`);
  return result.rows.map((r) => ({ ...r, starts_at: new Date(r.starts_at), ends_at: new Date(r.ends_at) }));
}

/** How many people answered the poll. */
export async function voterCount(db: Executor, pollId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from poll_voters where poll_id = ${pollId}`,
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * A page of voters (or one voter), first to answer first, each as one row whose answers are
 * aggregated in PostgreSQL; `after` is the `seq` of the last voter of the previous page. One more
 * row than asked for is read to know whether a next page exists.
 */
export async function voters(
  db: Executor,
  pollId: string,
  page: { after?: string; limit: number } | { userId: string },
): Promise<VoterRow[]> {
  const where =
    'userId' in page
      ? sql` and pv.user_id = ${page.userId}`
      : page.after
        ? sql` and pv.seq > ${page.after}`
        : sql``;
  const limit = 'userId' in page ? 1 : page.limit + 1;
  const result = await db.execute<VoterRow>(sql`select pv.seq::text as seq, pv.user_id,
      u.username, u.full_name, u.profile_image,
      array(select o.position * 3 + case v.choice when 'yes' then 0 when 'if_need_be' then 1 else 2 end
            from poll_votes v join poll_options o on o.id = v.option_id
            where v.poll_id = pv.poll_id and v.user_id = pv.user_id) as answers
    from poll_voters pv join users u on u.id = pv.user_id
    where pv.poll_id = ${pollId}${where}
    order by pv.seq
    limit ${limit}`);
  return result.rows;
}

/**
 * Replaces the person's answers: one write path for voting, changing and withdrawing. The counts
 * follow in the same transaction (the database's trigger, migration 0035); the person keeps their
 * place in the voters list while they have any answer.
 */
export async function replaceVotes(
  db: Executor,
  pollId: string,
  userId: string,
  votes: [optionId: string, choice: VoteChoice][],
): Promise<void> {
  await db.delete(pollVotes).where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId)));
  if (votes.length === 0) {
    await db.delete(pollVoters).where(and(eq(pollVoters.pollId, pollId), eq(pollVoters.userId, userId)));
    return;
  }
  await db
    .insert(pollVotes)
    .values(votes.map(([optionId, choice]) => ({ pollId, optionId, userId, choice })));
  await db.insert(pollVoters).values({ pollId, userId }).onConflictDoNothing();
}

/** Who answered yes or if need be for this date (they hear that it became the event). */
export async function willingVoters(db: Executor, optionId: string): Promise<string[]> {
  const result = await db.execute<{ user_id: string }>(
    sql`select user_id from poll_votes where option_id = ${optionId} and choice in ('yes', 'if_need_be')`,
  );
  return result.rows.map((r) => r.user_id);
}

/** Everyone who answered anything. */
export async function voterIds(db: Executor, pollId: string): Promise<string[]> {
  const result = await db.execute<{ user_id: string }>(
    sql`select user_id from poll_voters where poll_id = ${pollId}`,
  );
  return result.rows.map((r) => r.user_id);
}

/**
 * A community's polls not finalised yet, soonest to close first, for a member: `groupIdsOf` (the
 * membership helper) decides, so nobody else sees them even by asking for the community's id.
 */
export async function openPollsOf(db: Executor, communityId: string, viewerId: string) {
  const member: SQL = sql`p.community_id in ${groupIdsOf(memberTables.community, viewerId)}`;
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

/** The poll with its host and community (id, address, name), for presenting it. */
export async function findHeader(db: Executor, id: string) {
  const [found] = await db
    .select({
      row: polls,
      host: {
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        profileImage: users.profileImage,
      },
      communitySlug: communities.slug,
      communityName: communities.name,
    })
    .from(polls)
    .innerJoin(users, eq(users.id, polls.hostId))
    .leftJoin(communities, eq(communities.id, polls.communityId))
    .where(eq(polls.id, id))
    .limit(1);
  if (!found) return undefined;
  const { row, host, communitySlug, communityName } = found;
  return {
    row,
    host,
    community:
      row.communityId && communitySlug && communityName
        ? { id: row.communityId, slug: communitySlug, name: communityName }
        : null,
  };
}
