import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SelfUser } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';

export const calendarFeedQueryKey = ['calendar-feed'] as const;

/** The private feed's URL, as GET /api/users/me carries it. */
export async function getCalendarFeedUrl(signal?: AbortSignal): Promise<string> {
  const me = await api.get<SelfUser | undefined>('/api/users/me', signal);
  if (!me?.calendarFeedUrl) throw new DisplayError('No data received from server');
  return me.calendarFeedUrl;
}

export function useCalendarFeedUrl() {
  return useQuery(
    queryOptions({ queryKey: calendarFeedQueryKey, queryFn: ({ signal }) => getCalendarFeedUrl(signal) }),
  );
}

/** POST /api/users/me/calendar-feed/reset → `{ calendarFeedUrl }`; the old link stops working. */
export async function resetCalendarFeed(): Promise<string> {
  const body = await api.post<{ calendarFeedUrl?: string } | undefined>('/api/users/me/calendar-feed/reset');
  if (!body?.calendarFeedUrl) throw new DisplayError('No data received from server');
  return body.calendarFeedUrl;
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (url) => queryClient.setQueryData(calendarFeedQueryKey, url),
  });
}
