import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';

export interface ChangePasswordResult {
  message: string;
}

/** PUT /api/users/me/password: every other session ends, this one stays signed in. */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResult> {
  return api.put<ChangePasswordResult>('/api/users/me/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
