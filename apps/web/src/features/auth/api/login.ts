import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, SelfUser } from '@townsquare/contracts';
import { sessionQueryKey } from '../../../lib/api/get-session.ts';
import { api, tokenStore } from '../../../lib/api-client.ts';
import { sessionEnd } from '../components/route-guards.tsx';

export interface LoginInput {
  identifier: string;
  password: string;
}

/** POST /api/auth/login. The identifier (e-mail or username) is sent lower-cased. */
export function login({ identifier, password }: LoginInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/auth/login', { identifier: identifier.trim().toLowerCase(), password });
}

/** Stores both tokens and makes the user the session's; the socket follows the session. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (accessToken: string, refreshToken: string, user: SelfUser) => {
    tokenStore.setTokens(accessToken, refreshToken);
    sessionEnd.deliberate = false;
    queryClient.setQueryData(sessionQueryKey, user);
  };
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ accessToken, refreshToken, user }) => startSession(accessToken, refreshToken, user),
    onError: () => tokenStore.clear(),
  });
}
