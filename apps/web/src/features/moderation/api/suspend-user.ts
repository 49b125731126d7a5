import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuspendBody, SuspensionResponse } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

const path = (id: string) => `/api/admin/users/${encodeURIComponent(id)}/suspend`;

/** POST /api/admin/users/:id/suspend { days | null, reason }: every session of theirs ends at once. */
export function suspendUser(id: string, body: SuspendBody) {
  return api.post<SuspensionResponse>(path(id), body);
}

/** DELETE /api/admin/users/:id/suspend: lifts the suspension. */
export function restoreUser(id: string) {
  return api.delete<SuspensionResponse>(path(id));
}

function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}

export function useSuspendUser() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SuspendBody }) => suspendUser(id, body),
    onSuccess: refresh,
  });
}

export function useRestoreUser() {
  const refresh = useRefreshAdmin();
  return useMutation({ mutationFn: restoreUser, onSuccess: refresh });
}
