import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** POST /api/auth/resend-verification: signed in, no body; signed out, the address. */
export function resendVerification(email?: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/resend-verification', email ? { email } : undefined);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
