import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subgroup } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { eventSubgroupsQueryKey } from '../../../lib/groups/keys.ts';

export const RENAME_SUBGROUP_FAILED = 'An error occurred while updating the sub-group.';

/** PUT /api/event-subgroups/:id `{ name }` (the organizer only). */
export function renameSubgroup({ id, name }: { id: string; name: string }): Promise<Subgroup> {
  return api.put<Subgroup>(`/api/event-subgroups/${encodeURIComponent(id)}`, { name });
}

export function useRenameSubgroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameSubgroup,
    onSuccess: (subgroup) =>
      queryClient.setQueryData<Subgroup[]>(eventSubgroupsQueryKey(subgroup.eventId), (list) =>
        list?.map((s) => (s.id === subgroup.id ? subgroup : s)),
      ),
  });
}
