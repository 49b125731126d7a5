import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUser } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

export interface AdminUserPage {
  users: AdminUser[];
  nextCursor: string | null;
}

/** GET /api/admin/users?q=&cursor= (keyset pagination). */
export function listAdminUsers(
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminUserPage> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return api.get<AdminUserPage>(`/api/admin/users${query ? `?${query}` : ''}`, signal);
}

export function adminUsersQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: ['admin', 'users', q],
    queryFn: ({ pageParam, signal }) => listAdminUsers(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    staleTime: 30_000,
  });
}

export function useAdminUsers(q: string) {
  // Keep showing the last results while the next search loads, instead of flashing skeletons.
  return useInfiniteQuery({ ...adminUsersQueryOptions(q), placeholderData: keepPreviousData });
}
