import type { Poll, PollOption, PollUpdatedEvent, PollVoter, VoteChoice } from '@townsquare/contracts';
import type { PollRow } from '../../db/schema/index.ts';
import { presentPerson } from '../chat/chat.presenter.ts';
import type { Person } from '../chat/chat.repository.ts';
import type { OptionTally, VoterRow } from './polls.repository.ts';

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

/** A voter's answers laid out in the order of the poll's dates (positions may have gaps: none today). */
export function presentVoter(v: VoterRow, optionCount: number): PollVoter {
  const choices: (VoteChoice | null)[] = new Array(optionCount).fill(null);
  for (const [position, choice] of v.answers) if (position < optionCount) choices[position] = choice;
  return {
    user: presentPerson(v.user_id, {
      id: v.user_id,
      username: v.username,
      fullName: v.full_name,
      profileImage: v.profile_image,
    }),
    choices,
  };
}

export function presentPoll(
  header: PollHeader,
  tallies: OptionTally[],
  voters: VoterRow[],
  viewerId: string,
): Poll {
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
    voters: voters.map((v) => presentVoter(v, tallies.length)),
    isHost: row.hostId === viewerId,
  };
}

export function presentUpdate(
  row: PollRow,
  tallies: OptionTally[],
  change: { voter?: VoterRow; removedVoterId?: string } = {},
): PollUpdatedEvent {
  return {
    pollId: row.id,
    state: pollState(row),
    eventId: row.eventId,
    chosenOptionId: row.chosenOptionId,
    tallies: presentOptions(tallies).map(({ id, yes, ifNeedBe, no, best }) => ({
      id,
      yes,
      ifNeedBe,
      no,
      best,
    })),
    ...(change.voter ? { voter: presentVoter(change.voter, tallies.length) } : {}),
    ...(change.removedVoterId ? { removedVoterId: change.removedVoterId } : {}),
  };
}
