import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/verify-email. The token is single use. */
export function verifyEmail(token: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/verify-email', { token });
}

/**
 * A query rather than a mutation on purpose: the cache key de-duplicates the call, so a re-render
 * or React's development double effects never spend the single-use token twice.
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
