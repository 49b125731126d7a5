import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignupItem } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { sheetPath, signupKeys } from './keys.ts';

/** GET /api/events/:id/signups → { items }: what is needed, and who claimed what. */
export async function getSignups(eventId: string, signal?: AbortSignal): Promise<SignupItem[]> {
  return (await api.get<{ items: SignupItem[] }>(sheetPath(eventId), signal)).items;
}

export function signupsQueryOptions(eventId: string) {
  return queryOptions({
    queryKey: signupKeys.sheet(eventId),
    queryFn: ({ signal }) => getSignups(eventId, signal),
  });
}

export function useSignups(eventId: string) {
  return useQuery(signupsQueryOptions(eventId));
}
