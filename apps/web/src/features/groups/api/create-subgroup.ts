import type { Subgroup } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { eventSubgroupsQueryKey } from '../../../lib/groups/keys.ts';
import { useCreateGroup } from './create-group.ts';

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
  return useCreateGroup(createSubgroup, (subgroup) => eventSubgroupsQueryKey(subgroup.eventId), 'last');
}
