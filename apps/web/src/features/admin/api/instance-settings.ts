import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminInstance, InstanceSettingsInput } from '@townsquare/contracts';
import { instanceQueryOptions } from '../../../lib/api/get-instance.ts';
import { api } from '../../../lib/api-client.ts';

const key = ['admin', 'instance'] as const;

/** GET /api/admin/instance: the settings in use and which the environment locks (decision 082). */
export function useAdminInstance() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<AdminInstance>('/api/admin/instance', signal),
  });
}

/** PUT /api/admin/instance: saves what changed; every screen reads the instance again. */
export function useSaveInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InstanceSettingsInput) => api.put<AdminInstance>('/api/admin/instance', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      void queryClient.invalidateQueries({ queryKey: instanceQueryOptions().queryKey });
    },
  });
}
