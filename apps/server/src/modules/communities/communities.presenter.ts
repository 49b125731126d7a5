import type { Community, CommunityMember } from '@townsquare/contracts';
import type { CommunityRow, GroupMemberRow } from '../../db/schema/index.ts';
import { type Person, presentPerson } from '../../platform/people.ts';
import { abilitiesIn } from '../access/communities.ts';
import type { Membership } from './communities.repository.ts';

/**
 * The about card anyone may read, with the caller's own role and state. Join questions are part
 * of it (a visitor answers them); nothing about other members leaves here.
 */
export function presentCommunity(
  row: CommunityRow,
  viewer: {
    role: Membership['role'] | null;
    state: Membership['state'] | null;
    eventNotifications?: 'all' | 'none' | null;
  },
): Community {
  const { state } = viewer;
  return {
    _id: row.id,
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    location: row.location,
    tags: row.tags,
    visibility: row.visibility,
    joinPolicy: row.joinPolicy,
    joinQuestions: row.joinQuestions,
    verified: row.verified,
    memberCount: row.memberCount,
    currency: row.currency ?? null,
    placeId: row.placeId,
    createdAt: row.createdAt.toISOString(),
    // A role means something only to a member; a pending or banned row's role is not shown.
    viewerRole: state === 'member' ? viewer.role : null,
    viewerState: state,
    viewerNotifications: state === 'member' ? (viewer.eventNotifications ?? 'all') : null,
    can: abilitiesIn(viewer, row),
  };
}

/** A member row: the person without e-mail; answers only when `showAnswers` (organisers). */
export function presentMember(
  row: GroupMemberRow,
  person: Person | undefined,
  showAnswers: boolean,
): CommunityMember {
  return {
    _id: row.userId,
    id: row.userId,
    user: presentPerson(row.userId, person),
    role: row.role,
    state: row.state,
    ...(showAnswers ? { answers: row.answers } : {}),
    since: row.addedAt.toISOString(),
  };
}
