import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReport, ResolveReportBody } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { adminReportsKey } from './admin-reports.ts';

/** POST /api/admin/reports/:id/resolve { action, days?, note? }: resolves every open report on the subject. */
export function resolveReport(id: string, body: ResolveReportBody) {
  return api.post<{ report: AdminReport; resolved: number }>(
    `/api/admin/reports/${encodeURIComponent(id)}/resolve`,
    body,
  );
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveReportBody }) => resolveReport(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminReportsKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
}
