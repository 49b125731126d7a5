import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SelfUser } from '@townsquare/contracts';
import { meQueryKey } from '../../../lib/api/get-me.ts';
import { sessionQueryKey } from '../../../lib/api/get-session.ts';
import { api } from '../../../lib/api-client.ts';
import type { Locale } from '../../../lib/i18n/locales.ts';
import { notificationsQueryKey } from '../../notifications/api/get-notifications.ts';

/** PATCH /api/users/me { locale }: the language e-mails, push and every page use; answers with the user. */
export function updateLocale(locale: Locale): Promise<SelfUser> {
  return api.patch<SelfUser>('/api/users/me', { locale });
}

export function useUpdateLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocale,
    onSuccess: (user) => {
      if (!user?.id) return;
      queryClient.setQueryData(sessionQueryKey, user);
      queryClient.setQueryData(meQueryKey, user);
      // Notification texts come written in the caller's language: read them again.
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    },
  });
}
