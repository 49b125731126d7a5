import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { eventListsQueryKey } from './list-events.ts';

/** GET /api/events?scope=mine&limit=1: whether I have created any event (drafts included). */
export async function hasOwnEvents(signal?: AbortSignal): Promise<boolean> {
  const body = await api.get<{ events?: unknown[] } | undefined>('/api/events?scope=mine&limit=1', signal);
  return (body?.events?.length ?? 0) > 0;
}

/** Under the lists' key, so creating or deleting an event asks again. */
export function useHasOwnEvents() {
  return useQuery({
    queryKey: [...eventListsQueryKey, 'mine-any'],
    queryFn: ({ signal }) => hasOwnEvents(signal),
  });
}
