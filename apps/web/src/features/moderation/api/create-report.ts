import { useMutation } from '@tanstack/react-query';
import type { CreateReportBody, Report } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/reports → 201 { report }; 409 when the caller already has an open report on it. */
export async function createReport(body: CreateReportBody): Promise<Report> {
  return (await api.post<{ report: Report }>('/api/reports', body)).report;
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
