import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeriesDto } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';

export const seriesQueryKey = (seriesId: string) => ['series', seriesId] as const;

/** GET /api/series/:id → `{ series }` with `standing` for me. */
export async function getSeries(seriesId: string, signal?: AbortSignal): Promise<SeriesDto> {
  const body = await api.get<{ series?: SeriesDto } | undefined>(
    `/api/series/${encodeURIComponent(seriesId)}`,
    signal,
  );
  if (!body?.series) throw new DisplayError('No data received from server');
  return body.series;
}

export function useSeries(seriesId: string | null | undefined) {
  return useQuery(
    queryOptions({
      queryKey: seriesQueryKey(seriesId ?? ''),
      queryFn: ({ signal }) => getSeries(seriesId ?? '', signal),
      enabled: Boolean(seriesId),
    }),
  );
}

/** POST /api/series/:id/rsvp `{ status }`: going to the whole series, or not any more. */
export async function setStanding(seriesId: string, status: 'going' | 'none'): Promise<SeriesDto> {
  const body = await api.post<{ series?: SeriesDto } | undefined>(
    `/api/series/${encodeURIComponent(seriesId)}/rsvp`,
    { status },
  );
  if (!body?.series) throw new DisplayError('No data received from server');
  return body.series;
}

export function useSetStanding(seriesId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: 'going' | 'none') => setStanding(seriesId, status),
    onSuccess: (series) => {
      queryClient.setQueryData(seriesQueryKey(seriesId), series);
      // My answer on this and other occurrences changed with it.
      return queryClient.invalidateQueries({ queryKey: ['events', 'public'] });
    },
  });
}

/** PATCH /api/series/:id `{ autoPublish }` (its creator): publish each date by itself, or ask each time. */
export async function setAutoPublish(seriesId: string, autoPublish: boolean): Promise<SeriesDto> {
  const body = await api.patch<{ series?: SeriesDto } | undefined>(
    `/api/series/${encodeURIComponent(seriesId)}`,
    { autoPublish },
  );
  if (!body?.series) throw new DisplayError('No data received from server');
  return body.series;
}

export function useSetAutoPublish(seriesId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoPublish: boolean) => setAutoPublish(seriesId, autoPublish),
    onSuccess: (series) => queryClient.setQueryData(seriesQueryKey(seriesId), series),
  });
}
