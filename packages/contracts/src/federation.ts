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

/**
 * Following out (decision 079): who here follows a remote actor. `member`: the caller;
 * `community`: a community, asked by one of its organisers; `instance`: the whole instance,
 * asked by an admin (its events then reach everyone's discovery).
 */
export const FEDERATION_FOLLOW_SCOPES = ['member', 'community', 'instance'] as const;
export type FederationFollowScope = (typeof FEDERATION_FOLLOW_SCOPES)[number];

export const FEDERATION_MSG = {
  handleInvalid: 'Enter a fediverse handle like @club@example.org or an https address',
  actorNotFound: 'No fediverse account found at that address',
  domainBlocked: 'That server is blocked on this instance',
  selfFollow: 'That account is on this instance',
  scopeConflict: 'Follow either for a community or for the instance, not both',
  adminOnly: 'Only an admin can follow for the whole instance',
  followNotFound: 'Follow not found',
  domainInvalid: 'Enter a domain name like example.org',
  domainNotBlocked: 'That domain is not blocked',
} as const;

/** POST /api/federation/follows: who to follow, and for whom (the caller when neither is given). */
export const federationFollowBody = z.object({
  /** `@club@other.example`, `club@other.example` or the actor's https URL. */
  handle: z.string().trim().min(1, FEDERATION_MSG.handleInvalid).max(2048, FEDERATION_MSG.handleInvalid),
  /** Follow on behalf of this community (its organisers only). */
  communityId: z.uuid().optional(),
  /** `instance`: the instance follows (admins only). */
  scope: z.literal('instance').optional(),
});
export type FederationFollowBody = z.infer<typeof federationFollowBody>;

export const federationFollow = z.object({
  id: z.string(),
  scope: z.enum(FEDERATION_FOLLOW_SCOPES),
  communityId: z.string().nullable(),
  /** The remote actor's id. */
  actor: z.string(),
  /** `club@other.example` when known. */
  handle: z.string().nullable(),
  name: z.string().nullable(),
  /** The remote server's host name. */
  instance: z.string(),
  /** What the remote side answered the instance's `Follow`. */
  state: z.enum(['pending', 'accepted', 'rejected']),
  createdAt: z.string(),
});
export type FederationFollow = z.infer<typeof federationFollow>;

export const federationFollowResponse = z.object({ follow: federationFollow });
/** GET /api/federation/follows: the caller's, their communities' and (admins) the instance's. */
export const federationFollowsResponse = z.object({ follows: z.array(federationFollow) });
export type FederationFollowsResponse = z.infer<typeof federationFollowsResponse>;

/** Where a remote event comes from (an addition to the event shapes): read-only here. */
export const eventOrigin = z.object({
  /** The remote actor that published it. */
  actor: z.string(),
  /** Its server's host name ("From <instance>"). */
  instance: z.string(),
  /** The event's page there. */
  url: z.string(),
});
export type EventOrigin = z.infer<typeof eventOrigin>;

/** POST /api/federation/blocked-domains (admins): a host name; its subdomains are blocked too. */
export const federationDomainBody = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253, FEDERATION_MSG.domainInvalid)
    .regex(
      /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
      FEDERATION_MSG.domainInvalid,
    ),
});
export const federationDomainParams = z.object({ domain: z.string().max(253) });

export const federationBlockedDomain = z.object({
  domain: z.string(),
  /** `admin`: blocked here, may be unblocked; `config`: FEDERATION_BLOCKED_DOMAINS. */
  source: z.enum(['admin', 'config']),
  createdAt: z.string().nullable(),
});
export type FederationBlockedDomain = z.infer<typeof federationBlockedDomain>;
export const federationBlockedDomainResponse = z.object({ domain: federationBlockedDomain });
export const federationBlockedDomainsResponse = z.object({ domains: z.array(federationBlockedDomain) });
