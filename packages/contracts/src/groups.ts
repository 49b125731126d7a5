import { z } from 'zod';
import { CHAT_LIMITS, CHAT_MSG, personSummary } from './chat.ts';
import { bothIds, requiredText, text } from './fields.ts';

/** Friend groups (contract 4.9) and event sub-groups (contract 4.8). */
export const GROUP_LIMITS = { membersMax: 100 } as const;

export const GROUP_MSG = {
  tooManyMembers: `Choose at most ${GROUP_LIMITS.membersMax} members`,
  eventIdRequired: 'Event ID is required',
  invalidUser: 'Invalid user ID',
  subgroupDeleted: 'Sub-group deleted successfully',
} as const;

/** Trimmed; blank is "Name is required" (spec section 5). */
export const groupNameField = requiredText(
  'Name',
  CHAT_MSG.nameRequired,
  CHAT_LIMITS.groupNameMax,
  CHAT_MSG.nameTooLong,
);

/** User ids chosen from the caller's friends; anything that is not a friend's id is refused. */
const memberIdsField = z
  .array(text('Member', CHAT_MSG.membersMustBeFriends).max(64, CHAT_MSG.membersMustBeFriends), {
    error: CHAT_MSG.membersRequired,
  })
  .max(GROUP_LIMITS.membersMax, GROUP_MSG.tooManyMembers);

const userIdField = requiredText('User', CHAT_MSG.userIdRequired, 64, GROUP_MSG.invalidUser);

/** POST /api/friend-groups: at least one member besides the creator (checked by the server too). */
export const createFriendGroupBody = z.object({
  name: groupNameField,
  members: memberIdsField.min(1, CHAT_MSG.membersRequired),
});
export type CreateFriendGroupInput = z.infer<typeof createFriendGroupBody>;

/** add-member / remove-member of both friend groups and sub-groups. */
export const userIdBody = z.object({ userId: userIdField });
/** POST /api/event-subgroups/:id/members (the other member endpoint style). */
export const memberIdBody = z.object({ memberId: userIdField });

export const createSubgroupBody = z.object({
  eventId: requiredText('Event ID', GROUP_MSG.eventIdRequired, 64, CHAT_MSG.eventNotFound),
  name: groupNameField,
  members: memberIdsField.default([]),
});
export type CreateSubgroupInput = z.infer<typeof createSubgroupBody>;

export const renameSubgroupBody = z.object({ name: groupNameField });

/** A friend group with its members populated (no e-mail addresses leave the server). */
export const friendGroup = z.object({
  ...bothIds,
  name: z.string(),
  members: z.array(personSummary),
  createdBy: personSummary,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FriendGroup = z.infer<typeof friendGroup>;

export const subgroup = z.object({
  ...bothIds,
  eventId: z.string(),
  name: z.string(),
  members: z.array(personSummary),
  createdBy: personSummary,
  createdAt: z.string(),
});
export type Subgroup = z.infer<typeof subgroup>;

/** GET /api/event-subgroups/user-subgroups: the event populated, plus its title ("Unknown Event"). */
export const userSubgroup = subgroup.extend({
  eventId: z.object({ _id: z.string(), id: z.string(), title: z.string() }),
  eventTitle: z.string(),
});
export type UserSubgroup = z.infer<typeof userSubgroup>;
