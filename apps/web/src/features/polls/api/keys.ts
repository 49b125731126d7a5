/** Query keys of the polls feature (one place, so mutations and the socket update the right entries). */
export const pollKeys = {
  all: ['polls'] as const,
  detail: (id: string) => ['polls', 'detail', id] as const,
  community: (communityId: string) => ['polls', 'community', communityId] as const,
};
export const pollPath = (id: string) => `/api/polls/${encodeURIComponent(id)}`;
