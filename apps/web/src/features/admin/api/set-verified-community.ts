import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@townsquare/contracts';
import { toast } from 'sonner';
import { api, errorMessage } from '../../../lib/api-client.ts';
import type { AdminUserPage } from './list-users.ts';

/** PUT /api/admin/users/:id/verified-community {value}. Answers with the updated row. */
export function setVerifiedCommunity(id: string, value: boolean): Promise<AdminUser> {
  return api.put<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/verified-community`, { value });
}

export function useSetVerifiedCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: boolean }) => setVerifiedCommunity(id, value),
    // Toasts live here, not in mutate(): the row may re-render away (a new search) mid-request.
    onError: (error) => toast.error(errorMessage(error, 'Could not change the verified flag')),
    onSuccess: (row) => {
      const name = row.username || row.fullName;
      toast.success(
        row.isVerifiedCommunity ? `${name} is now a verified community` : `${name} is no longer verified`,
      );
      // Patch the row in every cached page instead of refetching the whole list.
      queryClient.setQueriesData<InfiniteData<AdminUserPage>>({ queryKey: ['admin', 'users'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                users: page.users.map((u) => (u.id === row.id ? { ...u, ...row } : u)),
              })),
            }
          : data,
      );
    },
  });
}
