import type { Subgroup, UserSubgroup } from '@townsquare/contracts';
import { type Person, presentPerson } from '../../platform/people.ts';
import type { SubgroupRow } from './subgroups.repository.ts';

/** Contract 4.8 with members and creator populated. */
export function presentSubgroup(row: SubgroupRow, members: Person[], creator: Person | undefined): Subgroup {
  return {
    _id: row.id,
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    members: members.map((m) => presentPerson(m.id, m)),
    createdBy: presentPerson(row.createdBy, creator),
    createdAt: row.createdAt.toISOString(),
  };
}

/** user-subgroups (contract SG2): the event populated as `{_id, id, title}`, plus `eventTitle`. */
export function presentUserSubgroup(base: Subgroup, eventTitle: string | null): UserSubgroup {
  const title = eventTitle ?? 'Unknown Event';
  return {
    ...base,
    eventId: { _id: base.eventId, id: base.eventId, title },
    eventTitle: title,
  };
}
