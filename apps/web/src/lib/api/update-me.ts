import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SelfUser, UpdateUserBody } from '@townsquare/contracts';
import { api, DisplayError } from '../api-client.ts';
import { meQueryKey } from './get-me.ts';
import { sessionQueryKey } from './get-session.ts';

export const NO_USER_DATA = 'No user data returned from server';

/** PUT /api/users/me: profile fields and notification preferences; answers with the user. */
export async function updateMe(body: UpdateUserBody): Promise<SelfUser> {
  const user = await api.put<SelfUser | undefined>('/api/users/me', body);
  if (!user || typeof user !== 'object' || !user.id) throw new DisplayError(NO_USER_DATA);
  return user;
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => {
      queryClient.setQueryData(sessionQueryKey, user);
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}
