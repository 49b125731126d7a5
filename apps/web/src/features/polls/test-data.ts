import type { Poll } from '@townsquare/contracts';

/** Test data of the polls feature. */
export const person = (id: string, username: string) => ({
  _id: id,
  id,
  username,
  fullName: username,
  profileImage: null,
});

export function createPoll(overrides: Partial<Poll> = {}): Poll {
  const option = (id: string, day: number, yes = 0) => ({
    id,
    startsAt: `2031-05-${String(day).padStart(2, '0')}T17:00:00.000Z`,
    endsAt: `2031-05-${String(day).padStart(2, '0')}T19:00:00.000Z`,
    place: null,
    yes,
    ifNeedBe: 0,
    no: 0,
    best: yes > 0,
  });
  return {
    id: 'p1',
    title: 'Spring clean-up',
    description: '',
    community: null,
    host: person('host', 'hosty'),
    timeZone: 'UTC',
    closesAt: '2031-05-01T12:00:00.000Z',
    createdAt: '2031-04-01T12:00:00.000Z',
    state: 'open',
    chosenOptionId: null,
    eventId: null,
    options: [option('o1', 3, 1), option('o2', 10), option('o3', 17)],
    voters: [{ user: person('ana', 'ana'), choices: ['yes', 'no', null] }],
    voterCount: 1,
    votersNext: null,
    mine: null,
    isHost: false,
    allowGuestVotes: false,
    ...overrides,
  };
}
