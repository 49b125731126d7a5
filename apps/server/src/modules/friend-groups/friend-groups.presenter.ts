import type { FriendGroup } from '@townsquare/contracts';
import { type Person, presentPerson } from '../../platform/people.ts';
import type { FriendGroupRow } from './friend-groups.repository.ts';

/** Contract 4.9 with members and creator populated; never an e-mail address. */
export function presentFriendGroup(
  row: FriendGroupRow,
  members: Person[],
  creator: Person | undefined,
): FriendGroup {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    members: members.map((m) => presentPerson(m.id, m)),
    createdBy: presentPerson(row.createdBy, creator),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
