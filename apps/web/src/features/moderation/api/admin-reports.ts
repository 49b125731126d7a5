import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminReportsResponse } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

export type ReportState = 'open' | 'resolved';
export const adminReportsKey = ['admin', 'reports'] as const;

/** GET /api/admin/reports?state=&cursor= (keyset; open ones oldest first). */
export function listAdminReports(state: ReportState, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ state });
  if (cursor) params.set('cursor', cursor);
  return api.get<AdminReportsResponse>(`/api/admin/reports?${params}`, signal);
}

export function adminReportsQueryOptions(state: ReportState) {
  return infiniteQueryOptions({
    queryKey: [...adminReportsKey, state],
    queryFn: ({ pageParam, signal }) => listAdminReports(state, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    staleTime: 15_000,
  });
}

export function useAdminReports(state: ReportState) {
  return useInfiniteQuery(adminReportsQueryOptions(state));
}
