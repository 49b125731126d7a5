import { z } from 'zod';

/**
 * Federation (decisions 072, 073): what organisers see and decide of the fediverse accounts
 * following their community's Group. The ActivityPub documents themselves are not API shapes.
 */
export const fediverseFollower = z.object({
  /** The remote actor's id (an https URL on another server). */
  actor: z.string(),
  /** `pending`: asked to follow an APPROVAL or INVITE community; waits for an organiser. */
  state: z.enum(['accepted', 'pending']),
  createdAt: z.string(),
});
export type FediverseFollower = z.infer<typeof fediverseFollower>;

/** GET /api/communities/:slug/fediverse/followers: pending first, then accepted, newest first. */
export const fediverseFollowersResponse = z.object({ followers: z.array(fediverseFollower) });
export type FediverseFollowersResponse = z.infer<typeof fediverseFollowersResponse>;

/** POST …/fediverse/followers/approve and …/reject: which follower. */
export const fediverseFollowerBody = z.object({ actor: z.url().max(2048) });
export type FediverseFollowerBody = z.infer<typeof fediverseFollowerBody>;

export const fediverseFollowerResponse = z.object({ follower: fediverseFollower });
