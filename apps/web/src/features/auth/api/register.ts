import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SelfUser } from '@townsquare/contracts';
import { sessionQueryKey } from '../../../lib/api/get-session.ts';
import { api, tokenStore } from '../../../lib/api-client.ts';
import { currentLocale } from '../../../lib/i18n/intl.tsx';
import { isLocale } from '../../../lib/i18n/locales.ts';
import { sessionEnd } from '../components/route-guards.tsx';

export interface RegisterInput {
  fullName: string;
  email: string;
  password: string;
}

interface RegisterResult {
  message?: string;
  accessToken?: string;
  refreshToken?: string;
  user?: SelfUser;
}

/**
 * POST /api/auth/register with {fullName, email, password} and the language the app is shown in
 * (`locale`), which the account keeps for its e-mails (decision 064). The pseudo-locale is no
 * language: the server then goes by the browser's Accept-Language.
 */
export function register(input: RegisterInput): Promise<RegisterResult> {
  const locale = currentLocale();
  return api.post<RegisterResult>('/api/auth/register', isLocale(locale) ? { ...input, locale } : input);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ accessToken, refreshToken, user }) => {
      if (!accessToken || !refreshToken || !user) {
        // Spec 4: a registration without tokens is only logged and the flow continues.
        console.warn('Registration returned no session tokens');
        return;
      }
      tokenStore.setTokens(accessToken, refreshToken);
      sessionEnd.deliberate = false;
      queryClient.setQueryData(sessionQueryKey, user);
    },
  });
}
