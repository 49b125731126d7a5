import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { sessionQueryKey } from '../../../lib/api/get-session.ts';
import { api, tokenStore } from '../../../lib/api-client.ts';
import { sessionEnd } from '../components/route-guards.tsx';

/** POST /api/auth/logout revokes the refresh-token family on the server. */
export function logout(): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/logout');
}

/** Forgets the session on this device: tokens, cached data, and (through the session) the socket. */
export function useEndLocalSession() {
  const queryClient = useQueryClient();
  return () => {
    tokenStore.clear();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    queryClient.setQueryData(sessionQueryKey, null);
  };
}

/** Ends the session on purpose and goes to /login (without remembering the page for later). */
export function useSignOut() {
  const navigate = useNavigate();
  const endLocalSession = useEndLocalSession();
  return async () => {
    sessionEnd.deliberate = true;
    await navigate('/login', { replace: true });
    endLocalSession();
  };
}

/** Signs out even when the server cannot be reached: the local session ends either way. */
export function useLogout() {
  const signOut = useSignOut();
  return useMutation({
    mutationFn: async () => {
      if (tokenStore.getAccessToken()) await logout().catch(() => undefined);
    },
    onSettled: signOut,
  });
}
