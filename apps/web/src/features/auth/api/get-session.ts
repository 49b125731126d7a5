import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SelfUser } from '@townsquare/contracts';
import { ApiError, api, tokenStore } from '../../../lib/api-client.ts';

export const sessionQueryKey = ['session'] as const;

/**
 * Start-up check (contract 5, step 1): with a stored access token, GET /api/auth/verify gives the
 * signed-in user. A 401 has already been through the client's refresh; any other failure leaves
 * the visitor signed out.
 */
export async function getSession(): Promise<SelfUser | null> {
  if (!tokenStore.getAccessToken()) return null;
  try {
    const { user } = await api.get<{ user: SelfUser }>('/api/auth/verify');
    return user ?? null;
  } catch (error) {
    // Keep the tokens when the server was merely unreachable, so a reload can pick the session up.
    if (!(error instanceof ApiError && error.status === 0)) tokenStore.clear();
    return null;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    // Sign-in, refresh, profile updates and sign-out write this entry directly.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export function useSession(): { user: SelfUser | null; status: SessionStatus } {
  const { data, isPending } = useQuery(sessionQueryOptions());
  if (isPending) return { user: null, status: 'loading' };
  return data ? { user: data, status: 'authenticated' } : { user: null, status: 'anonymous' };
}
