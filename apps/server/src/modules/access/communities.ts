import type { CommunityAbilities } from '@townsquare/contracts';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { CommunityRow, GroupMemberRow } from '../../db/schema/index.ts';
import { memberExists } from './groups.ts';

/**
 * The communities rules of the policy floor (decision 068). A community's card is public
 * knowledge; what is inside it (members, chat, events, news, people) is for everyone in a PUBLIC
 * one and for members in a PRIVATE one; organisers (OWNER, ORGANIZER) run it; the owner alone
 * deletes it and hands it over. `can` is the one answer to "may this person do this"; every
 * service check and the `can` field the API sends are read from it.
 */

/** The viewer's row in the community (both null for no row, or no viewer). */
export type CommunityActor = {
  role: GroupMemberRow['role'] | null;
  state: GroupMemberRow['state'] | null;
};

/** What `can` answers for; each is a field of the `can` object the API sends (`abilitiesIn`). */
export type CommunityAction =
  /** Read the members-only parts: members, chat, events, announcements, the About tab's people. */
  | 'seeInside'
  /** Act as a member: chat, polls, share their address with organisers, notification choices. */
  | 'participate'
  /** Change the community's details. */
  | 'edit'
  /** Decide membership: approve, invite, ban, remove, promote, see pending rows; host events. */
  | 'manage'
  /** Post announcements to every member. */
  | 'announce'
  /** Delete the community or hand it over. */
  | 'own';

const isMember = (a: CommunityActor) => a.state === 'member';
const isOrganizer = (a: CommunityActor) => isMember(a) && (a.role === 'OWNER' || a.role === 'ORGANIZER');

/** May `actor` do `action` to `community`? */
export function can(
  actor: CommunityActor,
  action: CommunityAction,
  community: Pick<CommunityRow, 'visibility'>,
): boolean {
  switch (action) {
    case 'seeInside':
      return community.visibility === 'PUBLIC' || isMember(actor);
    case 'participate':
      return isMember(actor);
    case 'edit':
    case 'manage':
    case 'announce':
      return isOrganizer(actor);
    case 'own':
      return isMember(actor) && actor.role === 'OWNER';
  }
}

/** Every ability of `actor` in `community`, as the API sends them (`can` on a community). */
export function abilitiesIn(
  actor: CommunityActor,
  community: Pick<CommunityRow, 'visibility'>,
): CommunityAbilities {
  return {
    seeInside: can(actor, 'seeInside', community),
    participate: can(actor, 'participate', community),
    edit: can(actor, 'edit', community),
    manage: can(actor, 'manage', community),
    announce: can(actor, 'announce', community),
    own: can(actor, 'own', community),
  };
}

/**
 * `seeInside` as SQL, for a communities row of the outer query aliased `alias`: PUBLIC, or the
 * viewer is a member. (A community's events, and so `visibleTo`, are behind it.)
 */
export function communityVisibleTo(alias: SQL, viewerId: string | Placeholder | undefined): SQL {
  if (!viewerId) return sql`(${alias}.visibility = 'PUBLIC')`;
  return sql`(${alias}.visibility = 'PUBLIC' or ${memberExists(sql`${alias}.id`, viewerId)})`;
}
