import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@townsquare/contracts';
import { api, DisplayError } from '../api-client.ts';

export const PROFILE_DATA_NOT_FOUND = 'Profile data not found';

/** GET /api/users/public/:id. The original server answered an unknown id with an empty body. */
export async function getPublicProfile(userId: string, signal?: AbortSignal): Promise<PublicProfile> {
  const profile = await api.get<PublicProfile | undefined>(
    `/api/users/public/${encodeURIComponent(userId)}`,
    signal,
  );
  if (!profile || typeof profile !== 'object') throw new DisplayError(PROFILE_DATA_NOT_FOUND);
  return profile;
}

export function publicProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', 'public', userId],
    queryFn: ({ signal }) => getPublicProfile(userId, signal),
    retry: false,
  });
}

export function usePublicProfile(userId: string) {
  return useQuery(publicProfileQueryOptions(userId));
}
