import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SelfUser } from '@townsquare/contracts';
import { ApiError, api, tokenStore } from '../api-client.ts';

export const sessionQueryKey = ['session'] as const;

/** The server answered, and what it said was about the session, not about itself. */
const refused = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * Start-up check (contract 5, step 1): with a stored access token, GET /api/auth/verify gives the
 * signed-in user. A 401 has already been through the client's refresh. A refused session signs
 * the visitor out; a server that is busy (429) or failing (5xx) says nothing about the session:
 * the check is tried again, and the tokens stay for the next load even when every try fails
 * (seen: a sign-in lost to one failed check on a loaded machine).
 */
export async function getSession(): Promise<SelfUser | null> {
  if (!tokenStore.getAccessToken()) return null;
  try {
    const { user } = await api.get<{ user: SelfUser }>('/api/auth/verify');
    return user ?? null;
  } catch (error) {
    // Unreachable (offline): signed out for now, the tokens kept so a reload picks the session up.
    if (error instanceof ApiError && error.status === 0) return null;
    if (!refused(error)) throw error;
    tokenStore.clear();
    return null;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    // Sign-in, refresh, profile updates and sign-out write this entry directly.
    staleTime: Number.POSITIVE_INFINITY,
    // Only a busy or failing server gets here as an error (see getSession): two more tries.
    retry: 2,
  });
}

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export function useSession(): { user: SelfUser | null; status: SessionStatus } {
  const { data, isPending } = useQuery(sessionQueryOptions());
  if (isPending) return { user: null, status: 'loading' };
  return data ? { user: data, status: 'authenticated' } : { user: null, status: 'anonymous' };
}
