import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Report } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/reports/mine: the caller's reports with their outcome, newest first. */
export function listMyReports(signal?: AbortSignal): Promise<{ reports: Report[] }> {
  return api.get<{ reports: Report[] }>('/api/reports/mine', signal);
}

export const myReportsQueryOptions = queryOptions({
  queryKey: ['reports', 'mine'],
  queryFn: ({ signal }) => listMyReports(signal),
  staleTime: 30_000,
});

export function useMyReports() {
  return useQuery(myReportsQueryOptions);
}
