import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

type AuditPage = { entries: AuditEntry[]; nextCursor: string | null };

/** GET /api/admin/audit?cursor= (newest first, keyset). */
export function listAudit(cursor: string | null, signal?: AbortSignal) {
  return api.get<AuditPage>(
    `/api/admin/audit${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    signal,
  );
}

export function useAdminAudit() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['admin', 'audit'],
      queryFn: ({ pageParam, signal }) => listAudit(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? null,
      staleTime: 15_000,
    }),
  );
}
