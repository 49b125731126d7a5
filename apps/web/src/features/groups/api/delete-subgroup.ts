import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subgroup } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { eventSubgroupsQueryKey } from '../../../lib/groups/keys.ts';

export const DELETE_SUBGROUP_FAILED = 'An error occurred while deleting the sub-group.';

/** DELETE /api/event-subgroups/:id (the organizer only); the sub-group's chat goes with it. */
export function deleteSubgroup({ id }: { id: string; eventId: string }): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/event-subgroups/${encodeURIComponent(id)}`);
}

export function useDeleteSubgroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubgroup,
    onSuccess: (_data, { id, eventId }) =>
      queryClient.setQueryData<Subgroup[]>(eventSubgroupsQueryKey(eventId), (list) =>
        list?.filter((s) => s.id !== id),
      ),
  });
}
