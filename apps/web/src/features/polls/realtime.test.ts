import { QueryClient } from '@tanstack/react-query';
import type { Poll } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { createFakeSocket } from '../../test/fake-socket.ts';
import { pollKeys } from './api/keys.ts';
import { registerPollsRealtime } from './realtime.ts';
import { createPoll } from './test-data.ts';

describe('registerPollsRealtime', () => {
  it('writes new tallies and the voter who changed into the cached poll; ignores malformed payloads', () => {
    const queryClient = new QueryClient();
    const socket = createFakeSocket();
    registerPollsRealtime(socket, {
      queryClient,
      userId: 'me',
      pathname: () => '/',
      navigate: () => undefined,
    });
    const poll = createPoll();
    queryClient.setQueryData(pollKeys.detail(poll.id), poll);
    const tallies = poll.options.map(({ id, yes, ifNeedBe, no, best }, i) => ({
      id,
      yes: i === 1 ? 1 : yes,
      ifNeedBe,
      no,
      best,
    }));
    const bob = { _id: 'bob', id: 'bob', username: 'bob', fullName: 'Bob', profileImage: null };
    socket.receive('poll-updated', {
      pollId: poll.id,
      state: 'open',
      eventId: null,
      chosenOptionId: null,
      tallies,
      voter: { user: bob, choices: [null, 'yes', null] },
    });
    socket.receive('poll-updated', { pollId: poll.id, nonsense: true });
    const cached = queryClient.getQueryData<Poll>(pollKeys.detail(poll.id));
    expect(cached?.options.map((o) => o.yes)).toEqual([1, 1, 0]);
    expect(cached?.voters.map((v) => v.user.id)).toEqual(['ana', 'bob']);
  });
});
