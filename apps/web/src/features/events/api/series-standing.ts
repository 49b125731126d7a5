import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeriesDto } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';

type SeriesBody = { series?: SeriesDto } | undefined;

/** The series an answer carries; an answer without one is an error worth showing. */
function seriesOf(body: SeriesBody): SeriesDto {
  if (!body?.series) throw new DisplayError('No data received from server');
  return body.series;
}

export const seriesQueryKey = (seriesId: string) => ['series', seriesId] as const;

/** GET /api/series/:id → `{ series }` with `standing` for me. */
export async function getSeries(seriesId: string, signal?: AbortSignal): Promise<SeriesDto> {
  return seriesOf(await api.get<SeriesBody>(`/api/series/${encodeURIComponent(seriesId)}`, signal));
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
  return seriesOf(await api.post<SeriesBody>(`/api/series/${encodeURIComponent(seriesId)}/rsvp`, { status }));
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
  return seriesOf(
    await api.patch<SeriesBody>(`/api/series/${encodeURIComponent(seriesId)}`, { autoPublish }),
  );
}

export function useSetAutoPublish(seriesId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoPublish: boolean) => setAutoPublish(seriesId, autoPublish),
    onSuccess: (series) => queryClient.setQueryData(seriesQueryKey(seriesId), series),
  });
}
