import type { Poll, PollOption, PollUpdatedEvent, PollVoter, VoteChoice } from '@townsquare/contracts';
import type { PollRow } from '../../db/schema/index.ts';
import { type Person, presentPerson } from '../../platform/people.ts';
import { CHOICE_CODES, type OptionTally, type VoterRow } from './polls.repository.ts';

export type PollHeader = {
  row: PollRow;
  host: Person | undefined;
  community: { id: string; slug: string; name: string } | null;
};

export const pollState = (row: PollRow, now = Date.now()): Poll['state'] =>
  row.finalizedAt ? 'finalized' : row.closesAt.getTime() <= now ? 'closed' : 'open';

/**
 * The dates with their counts; the best one (most yes, then most if-need-be, the earlier date on a
 * tie) is marked once anybody said yes or if need be.
 */
export function presentOptions(tallies: OptionTally[]): PollOption[] {
  let best: OptionTally | undefined;
  for (const t of tallies) {
    if (t.yes + t.if_need_be === 0) continue;
    if (!best || t.yes > best.yes || (t.yes === best.yes && t.if_need_be > best.if_need_be)) best = t;
  }
  return tallies.map((t) => ({
    id: t.id,
    startsAt: t.starts_at.toISOString(),
    endsAt: t.ends_at.toISOString(),
    place: t.place,
    yes: t.yes,
    ifNeedBe: t.if_need_be,
    no: t.no,
    best: t === best,
  }));
}

/**
 * A page read with one row more than asked for: the rows to answer, and the cursor of the next
 * page (the last answered voter's place) when that extra row was there.
 */
export function pageOf(rows: VoterRow[], limit: number): { rows: VoterRow[]; next: string | null } {
  if (rows.length <= limit) return { rows, next: null };
  const kept = rows.slice(0, limit);
  return { rows: kept, next: kept[kept.length - 1]?.seq ?? null };
}

/** A voter's answers laid out in the order of the poll's dates (positions are 0…n-1). */
export function presentVoter(v: VoterRow, optionCount: number): PollVoter {
  const choices: (VoteChoice | null)[] = new Array(optionCount).fill(null);
  for (const code of v.answers) {
    const position = Math.floor(code / 3);
    if (position < optionCount) choices[position] = CHOICE_CODES[code % 3] ?? null;
  }
  return {
    user: presentPerson(v.user_id, {
      id: v.user_id,
      username: v.username,
      fullName: v.full_name,
      profileImage: v.profile_image,
    }),
    choices,
    ...(v.guest ? { guest: true } : {}),
  };
}

export function presentPoll(
  header: PollHeader,
  tallies: OptionTally[],
  voters: {
    page: { rows: VoterRow[]; next: string | null };
    mine: VoterRow | undefined;
    voterCount: number;
    /** Absent for a visitor without an account (a poll that takes guest votes, decision 056). */
    viewerId: string | undefined;
  },
): Poll {
  const { page, mine, voterCount, viewerId } = voters;
  const { row } = header;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    community: header.community,
    host: presentPerson(row.hostId, header.host),
    timeZone: row.timeZone,
    closesAt: row.closesAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    state: pollState(row),
    chosenOptionId: row.chosenOptionId,
    eventId: row.eventId,
    options: presentOptions(tallies),
    voters: page.rows.map((v) => presentVoter(v, tallies.length)),
    voterCount,
    votersNext: page.next,
    mine: mine ? presentVoter(mine, tallies.length) : null,
    isHost: row.hostId === viewerId,
    allowGuestVotes: row.allowGuestVotes,
  };
}

export function presentUpdate(
  row: PollRow,
  tallies: OptionTally[],
  voterCount: number,
  change: { voter?: VoterRow; removedVoterId?: string; changed?: Set<string> } = {},
): PollUpdatedEvent {
  const options = presentOptions(tallies);
  const { changed } = change;
  return {
    pollId: row.id,
    state: pollState(row),
    eventId: row.eventId,
    chosenOptionId: row.chosenOptionId,
    tallies: options
      .filter((o) => !changed || changed.has(o.id))
      .map(({ id, yes, ifNeedBe, no, best }) => ({ id, yes, ifNeedBe, no, best })),
    bestOptionId: options.find((o) => o.best)?.id ?? null,
    voterCount,
    ...(change.voter ? { voter: presentVoter(change.voter, tallies.length) } : {}),
    ...(change.removedVoterId ? { removedVoterId: change.removedVoterId } : {}),
  };
}
