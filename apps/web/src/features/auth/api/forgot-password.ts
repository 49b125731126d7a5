import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/forgot-password: the answer is neutral whether or not the account exists. */
export function forgotPassword(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/forgot-password', { email });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
