import { QueryClient } from '@tanstack/react-query';
import type { Poll } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { createFakeSocket } from '../../test/fake-socket.ts';
import { pollKeys } from './api/keys.ts';
import { registerPollsRealtime } from './realtime.ts';
import { createPoll } from './test-data.ts';

/** The poll cached and the realtime handlers listening on a fake socket, as user `me`. */
function listening(poll: Poll) {
  const queryClient = new QueryClient();
  const socket = createFakeSocket();
  registerPollsRealtime(socket, {
    queryClient,
    userId: 'me',
    pathname: () => '/',
    navigate: () => undefined,
  });
  queryClient.setQueryData(pollKeys.detail(poll.id), poll);
  return { queryClient, socket, poll };
}

/** What every "poll-updated" here says alike: the poll is still open, with these tallies. */
function openPollUpdate(poll: Poll, tallies: unknown[]) {
  return { pollId: poll.id, state: 'open', eventId: null, chosenOptionId: null, tallies, bestOptionId: 'o1' };
}

describe('registerPollsRealtime', () => {
  it('writes new tallies and the voter who changed into the cached poll; ignores malformed payloads', () => {
    const { queryClient, socket, poll } = listening(createPoll());
    const tallies = poll.options.map(({ id, yes, ifNeedBe, no, best }, i) => ({
      id,
      yes: i === 1 ? 1 : yes,
      ifNeedBe,
      no,
      best,
    }));
    const bob = { _id: 'bob', id: 'bob', username: 'bob', fullName: 'Bob', profileImage: null };
    socket.receive('poll-updated', {
      ...openPollUpdate(poll, tallies),
      voterCount: 2,
      voter: { user: bob, choices: [null, 'yes', null] },
    });
    socket.receive('poll-updated', { pollId: poll.id, nonsense: true });
    const cached = queryClient.getQueryData<Poll>(pollKeys.detail(poll.id));
    expect(cached?.options.map((o) => o.yes)).toEqual([1, 1, 0]);
    expect(cached?.voters.map((v) => v.user.id)).toEqual(['ana', 'bob']);
    expect(cached).toMatchObject({ voterCount: 2, mine: null });
  });

  it("with more pages to read, a new voter waits for their page; the viewer's own answer is kept as theirs", () => {
    const { queryClient, socket, poll } = listening(createPoll({ votersNext: '50', voterCount: 51 }));
    const tallies = poll.options.map(({ id, yes, ifNeedBe, no, best }) => ({ id, yes, ifNeedBe, no, best }));
    const me = { _id: 'me', id: 'me', username: 'me', fullName: 'Me', profileImage: null };
    const base = openPollUpdate(poll, tallies);
    socket.receive('poll-updated', {
      ...base,
      voterCount: 52,
      voter: { user: me, choices: ['no', 'no', 'yes'] },
    });
    let cached = queryClient.getQueryData<Poll>(pollKeys.detail(poll.id));
    expect(cached?.voters.map((v) => v.user.id)).toEqual(['ana']);
    expect(cached).toMatchObject({
      voterCount: 52,
      mine: { user: { id: 'me' }, choices: ['no', 'no', 'yes'] },
    });
    socket.receive('poll-updated', { ...base, voterCount: 51, removedVoterId: 'me' });
    cached = queryClient.getQueryData<Poll>(pollKeys.detail(poll.id));
    expect(cached).toMatchObject({ voterCount: 51, mine: null });
  });

  it('an answer brings the counts of the dates it changed only, and which date is now the best', () => {
    const { queryClient, socket, poll } = listening(createPoll());
    socket.receive('poll-updated', {
      pollId: poll.id,
      state: 'open',
      eventId: null,
      chosenOptionId: null,
      tallies: [{ id: 'o2', yes: 2, ifNeedBe: 0, no: 0, best: true }],
      bestOptionId: 'o2',
      voterCount: 2,
    });
    const cached = queryClient.getQueryData<Poll>(pollKeys.detail(poll.id));
    expect(cached?.options.map((o) => [o.id, o.yes, o.best])).toEqual([
      ['o1', 1, false],
      ['o2', 2, true],
      ['o3', 0, false],
    ]);
  });
});
