import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

export interface ChangePasswordResult {
  message: string;
  /** Present when the server hands this device a new session after revoking the old ones. */
  accessToken?: string;
  refreshToken?: string;
}

/** PUT /api/users/me/password. */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResult> {
  return api.put<ChangePasswordResult>('/api/users/me/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
