import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subgroup } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { eventSubgroupsQueryKey } from './get-event-subgroups.ts';

export const CREATE_SUBGROUP_FAILED = 'An error occurred while creating the sub-group.';

export interface CreateSubgroupBody {
  eventId: string;
  name: string;
  members: string[];
}

/** POST /api/event-subgroups `{ eventId, name, members }` (the organizer; members from their friends). */
export function createSubgroup(body: CreateSubgroupBody): Promise<Subgroup> {
  return api.post<Subgroup>('/api/event-subgroups', body);
}

export function useCreateSubgroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubgroup,
    onSuccess: (subgroup) =>
      queryClient.setQueryData<Subgroup[]>(eventSubgroupsQueryKey(subgroup.eventId), (list) => [
        ...(list ?? []).filter((s) => s.id !== subgroup.id),
        subgroup,
      ]),
  });
}
