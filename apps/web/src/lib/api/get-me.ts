import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SelfUser } from '@townsquare/contracts';
import { api } from '../api-client.ts';

export const meQueryKey = ['users', 'me'] as const;

/** GET /api/users/me. */
export function getMe(signal?: AbortSignal): Promise<SelfUser> {
  return api.get<SelfUser>('/api/users/me', signal);
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal), retry: false });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
