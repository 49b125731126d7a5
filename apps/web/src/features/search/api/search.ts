import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

export type { SearchResponse };

export const searchQueryKey = (q: string) => ['search', q] as const;

/** GET /api/search?q= → `{ users, events, communities }`, at most 10 of each; an empty `q` asks nothing. */
export async function search(q: string, signal?: AbortSignal): Promise<SearchResponse> {
  const body = await api.get<Partial<SearchResponse> | undefined>(
    `/api/search?q=${encodeURIComponent(q)}`,
    signal,
  );
  return { users: body?.users ?? [], events: body?.events ?? [], communities: body?.communities ?? [] };
}

export function searchQueryOptions(q: string) {
  return queryOptions({
    queryKey: searchQueryKey(q),
    queryFn: ({ signal }) => search(q, signal),
    enabled: q.length > 0,
    staleTime: 30_000,
  });
}

/** Keeps the last results on screen while the next ones load, so the list does not flicker. */
export function useSearch(q: string) {
  return useQuery({ ...searchQueryOptions(q), placeholderData: keepPreviousData });
}
