import type { PollOptionInput, VoteChoice } from '@townsquare/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { communities, type PollRow, pollOptions, polls, pollVotes, users } from '../../db/schema/index.ts';
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
 * aggregates and node-postgres parses fastest (2,000 voters of a 10-date poll: 15 ms, not 36).
 */
export type VoterRow = {
  user_id: string;
  username: string | null;
  full_name: string;
  profile_image: string | null;
  answers: number[];
};
export const CHOICE_CODES: readonly VoteChoice[] = ['yes', 'if_need_be', 'no'];

export type OptionRow = { id: string; starts_at: Date; ends_at: Date; place: string | null };

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

/** Every date of the poll in order (their counts come from the voters: `talliesOf`). */
export async function options(db: Executor, pollId: string): Promise<OptionRow[]> {
  const result = await db.execute<OptionRow>(
    sql`select id, starts_at, ends_at, place from poll_options where poll_id = ${pollId} order by position`,
  );
  return result.rows.map((r) => ({ ...r, starts_at: new Date(r.starts_at), ends_at: new Date(r.ends_at) }));
}

/** Every date of the poll in order, with how many said yes, if need be and no. */
export async function tallies(db: Executor, pollId: string): Promise<OptionTally[]> {
  const result = await db.execute<OptionTally>(sql`select o.id, o.starts_at, o.ends_at, o.place,
      count(*) filter (where v.choice = 'yes')::int as yes,
      count(*) filter (where v.choice = 'if_need_be')::int as if_need_be,
      count(*) filter (where v.choice = 'no')::int as no
    from poll_options o left join poll_votes v on v.option_id = o.id
    where o.poll_id = ${pollId}
    group by o.id order by o.position`);
  return result.rows.map((r) => ({ ...r, starts_at: new Date(r.starts_at), ends_at: new Date(r.ends_at) }));
}

/**
 * The voters (everyone, or one), first to answer first, each as one row whose answers are
 * aggregated in PostgreSQL: 2,000 voters are 2,000 rows, not 20,000.
 */
export async function voters(db: Executor, pollId: string, userId?: string): Promise<VoterRow[]> {
  const one = userId ? sql` and v.user_id = ${userId}` : sql``;
  // Grouped by voter before the names are joined: sorting 20,000 rows by a uuid, not by text.
  const result =
    await db.execute<VoterRow>(sql`select a.user_id, u.username, u.full_name, u.profile_image, a.answers
    from (select v.user_id, min(v.voted_at) as first,
            array_agg(o.position * 3 + case v.choice when 'yes' then 0 when 'if_need_be' then 1 else 2 end) as answers
          from poll_votes v join poll_options o on o.id = v.option_id
          where v.poll_id = ${pollId}${one}
          group by v.user_id) a
    join users u on u.id = a.user_id
    order by a.first, a.user_id`);
  return result.rows;
}

/** Replaces the person's answers: one write path for voting, changing and withdrawing. */
export async function replaceVotes(
  db: Executor,
  pollId: string,
  userId: string,
  votes: [optionId: string, choice: VoteChoice][],
): Promise<void> {
  await db.delete(pollVotes).where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId)));
  if (votes.length === 0) return;
  await db
    .insert(pollVotes)
    .values(votes.map(([optionId, choice]) => ({ pollId, optionId, userId, choice })));
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
    sql`select distinct user_id from poll_votes where poll_id = ${pollId}`,
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
      (select count(distinct v.user_id)::int from poll_votes v where v.poll_id = p.id) as voters
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
