import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, SessionsResponse } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

export const sessionsQueryKey = ['auth', 'sessions'] as const;

/** GET /api/auth/sessions: where the person is signed in, most recently used first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => api.get<SessionsResponse>('/api/auth/sessions', signal),
    select: (data) => data.sessions,
  });
}

/** DELETE /api/auth/sessions/:id: that device is signed out at once. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageResponse>(`/api/auth/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** DELETE /api/auth/sessions: every other device is signed out; this one stays. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<MessageResponse>('/api/auth/sessions'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
