import { z } from 'zod';
import type { RecapsResponse } from './albums.ts';
import type { CommunityAnnouncementDto } from './announcements.ts';
import { personSummary } from './chat.ts';
import { eventSchema, tagsField } from './events.ts';
import { bothIds, currencyField, pageLimitField, requiredText, text } from './fields.ts';
import { LIMITS } from './limits.ts';
import { MSG } from './messages.ts';
import { nearField, PLACE_LIMITS, placeIdField, placeSchema, radiusKmField } from './places.ts';
import type { CommunitySponsors } from './sponsors.ts';

/** Communities: clubs as places with members, organisers, events and a chat. */
export const COMMUNITY_LIMITS = {
  slugMin: 3,
  slugMax: 40,
  nameMax: 80,
  descriptionMax: 2000,
  locationMax: 120,
  questionsMax: 3,
  questionMax: 200,
  answerMax: 500,
  pageDefault: 20,
  pageMax: 100,
} as const;

export const COMMUNITY_VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;
export const JOIN_POLICIES = ['OPEN', 'APPROVAL', 'INVITE'] as const;
export const COMMUNITY_ROLES = ['OWNER', 'ORGANIZER', 'MEMBER'] as const;
export const MEMBERSHIP_STATES = ['member', 'pending', 'invited', 'banned'] as const;
export type CommunityVisibility = (typeof COMMUNITY_VISIBILITIES)[number];
export type JoinPolicy = (typeof JOIN_POLICIES)[number];
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

/** Path words of the web app and the API that a community can never be called. */
export const RESERVED_SLUGS = [
  'mine',
  'new',
  'create',
  'edit',
  'admin',
  'api',
  'settings',
  'discover',
] as const;
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export const COMMUNITY_MSG = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${COMMUNITY_LIMITS.nameMax} characters`,
  slugInvalid: `The address must be ${COMMUNITY_LIMITS.slugMin} to ${COMMUNITY_LIMITS.slugMax} lower-case letters, digits and hyphens`,
  slugReserved: 'This address is reserved; choose another',
  slugTaken: 'This address is already taken',
  descriptionTooLong: `Description must be at most ${COMMUNITY_LIMITS.descriptionMax} characters`,
  locationTooLong: `Location must be at most ${COMMUNITY_LIMITS.locationMax} characters`,
  imageInvalid: 'Community image must be an image uploaded to Townsquare',
  visibilityInvalid: 'Visibility must be PUBLIC or PRIVATE',
  joinPolicyInvalid: 'Join policy must be OPEN, APPROVAL or INVITE',
  questionsInvalid: 'Join questions must be a list of questions',
  tooManyQuestions: `Ask at most ${COMMUNITY_LIMITS.questionsMax} join questions`,
  questionTooLong: `Join questions must be at most ${COMMUNITY_LIMITS.questionMax} characters`,
  questionEmpty: 'Join questions cannot be empty',
  answersInvalid: 'Answers must be a list of texts',
  answerTooLong: `Answers must be at most ${COMMUNITY_LIMITS.answerMax} characters`,
  answersRequired: 'Answer every join question',
  notFound: 'Community not found',
  notOrganizer: 'Only organisers of this community can do this',
  membersOnly: 'Only members of this community can see this',
  notARequest: 'Only a request to join can be approved',
  userBanned: 'This person is banned from the community',
  cannotBanSelf: 'You cannot ban yourself',
  notOwner: 'Only the owner of this community can do this',
  inviteOnly: 'This community is by invitation only',
  banned: 'You cannot join this community',
  alreadyMember: 'You are already a member',
  onlyOwner: 'Transfer ownership before leaving: a community always has an owner',
  ownerUntouchable: 'Organisers cannot change or remove an owner',
  memberNotFound: 'Member not found',
  notAMember: 'Only members can become owner',
  userNotFound: 'User not found',
  roleInvalid: 'Role must be OWNER, ORGANIZER or MEMBER',
  stateInvalid: 'State must be member',
  stateFilterInvalid: 'State must be member, pending, invited or banned',
  roleFilterInvalid: 'Role must be OWNER, ORGANIZER or MEMBER (several separated by commas)',
  nothingToChange: 'Send a state or a role',
  notHostable: 'Only organisers of this community can host events as it',
  whenInvalid: 'When must be upcoming or past',
  verifiedInvalid: 'Verified must be true or false',
  cursorInvalid: 'Invalid cursor',
  limitInvalid: `Limit must be between 1 and ${COMMUNITY_LIMITS.pageMax}`,
  deleted: 'Community deleted',
} as const;

/** A slug derived from a name: lower case, accents dropped, runs of anything else one hyphen. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, COMMUNITY_LIMITS.slugMax)
    .replace(/-+$/g, '');
}

/** The first problem with a slug, if any. */
export function slugProblem(slug: string): string | undefined {
  if (slug.length < COMMUNITY_LIMITS.slugMin || slug.length > COMMUNITY_LIMITS.slugMax)
    return COMMUNITY_MSG.slugInvalid;
  if (!SLUG_PATTERN.test(slug)) return COMMUNITY_MSG.slugInvalid;
  if ((RESERVED_SLUGS as readonly string[]).includes(slug)) return COMMUNITY_MSG.slugReserved;
  return undefined;
}

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

const slugField = text('Address', COMMUNITY_MSG.slugInvalid)
  .trim()
  .toLowerCase()
  .max(200, COMMUNITY_MSG.slugInvalid)
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const nameField = requiredText(
  'Name',
  COMMUNITY_MSG.nameRequired,
  COMMUNITY_LIMITS.nameMax,
  COMMUNITY_MSG.nameTooLong,
);

const questionsField = z
  .array(
    text('Join question')
      .trim()
      .min(1, COMMUNITY_MSG.questionEmpty)
      .max(COMMUNITY_LIMITS.questionMax, COMMUNITY_MSG.questionTooLong),
    { error: COMMUNITY_MSG.questionsInvalid },
  )
  .max(COMMUNITY_LIMITS.questionsMax, COMMUNITY_MSG.tooManyQuestions);

/** `""` or `null` clears the image; anything else must be one of the caller's uploads. */
const imageUrlField = z
  .union([z.null(), text('Image').trim().max(LIMITS.urlMax, COMMUNITY_MSG.imageInvalid)], {
    error: COMMUNITY_MSG.imageInvalid,
  })
  .transform((v) => (v === '' ? null : v));

const communityFields = {
  name: nameField,
  description: text('Description')
    .trim()
    .max(COMMUNITY_LIMITS.descriptionMax, COMMUNITY_MSG.descriptionTooLong),
  imageUrl: imageUrlField,
  location: text('Location').trim().max(COMMUNITY_LIMITS.locationMax, COMMUNITY_MSG.locationTooLong),
  tags: tagsField,
  visibility: z.preprocess(upper, z.enum(COMMUNITY_VISIBILITIES, { error: COMMUNITY_MSG.visibilityInvalid })),
  joinPolicy: z.preprocess(upper, z.enum(JOIN_POLICIES, { error: COMMUNITY_MSG.joinPolicyInvalid })),
  joinQuestions: questionsField,
  /** Where it meets: a saved place, or null to clear it. */
  placeId: placeIdField,
  /** Its events' currency (ISO 4217); null: the instance's (decision 082). */
  currency: z.union([z.null(), currencyField], { error: MSG.currencyInvalid }),
};

/** PATCH /api/communities/:slug: any of the fields; the slug stays (links keep working). */
export const updateCommunityBody = z.object(communityFields).partial();
export type UpdateCommunityInput = z.output<typeof updateCommunityBody>;

/** POST /api/communities: only the name is required; the slug is derived from it when absent. */
export const createCommunityBody = updateCommunityBody.extend({
  name: communityFields.name,
  slug: slugField.optional(),
});
export type CreateCommunityInput = z.output<typeof createCommunityBody>;

const limitField = pageLimitField(
  COMMUNITY_LIMITS.pageMax,
  COMMUNITY_LIMITS.pageDefault,
  COMMUNITY_MSG.limitInvalid,
);
const cursorField = text('Cursor').max(200, COMMUNITY_MSG.cursorInvalid).optional();

export const communityListQuery = z.object({
  q: text('Search text').trim().max(100, 'Search text is too long').optional(),
  tag: text('Tag').trim().max(LIMITS.tagMax, 'Tag is too long').optional(),
  verified: z.enum(['true', 'false'], { error: COMMUNITY_MSG.verifiedInvalid }).optional(),
  cursor: cursorField,
  limit: limitField,
  /** Near me: only communities whose place is within `radiusKm` of `near`. */
  near: nearField.optional(),
  radiusKm: radiusKmField.default(PLACE_LIMITS.radiusKmDefault),
});

export const slugParam = z.object({ slug: z.string() });
export const memberParams = z.object({ slug: z.string(), userId: z.string() });

/** POST /api/communities/:slug/join: answers to the join questions, in their order. */
export const joinCommunityBody = z
  .object({
    answers: z
      .array(text('Answer').trim().max(COMMUNITY_LIMITS.answerMax, COMMUNITY_MSG.answerTooLong), {
        error: COMMUNITY_MSG.answersInvalid,
      })
      .max(COMMUNITY_LIMITS.questionsMax, COMMUNITY_MSG.answersInvalid)
      .optional(),
  })
  .nullish();

export const memberListQuery = z.object({
  state: z.enum(MEMBERSHIP_STATES, { error: COMMUNITY_MSG.stateFilterInvalid }).default('member'),
  /** Only these roles, comma-separated (`OWNER,ORGANIZER`: the organisers); all when absent. */
  role: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').map(upper) : v),
      z
        .array(z.enum(COMMUNITY_ROLES, { error: COMMUNITY_MSG.roleFilterInvalid }), {
          error: COMMUNITY_MSG.roleFilterInvalid,
        })
        .min(1, COMMUNITY_MSG.roleFilterInvalid)
        .max(COMMUNITY_ROLES.length, COMMUNITY_MSG.roleFilterInvalid),
    )
    .optional(),
  cursor: cursorField,
  limit: limitField,
});

/** `{ state: "member" }` approves a request; `{ role }` promotes, demotes or (OWNER) transfers. */
export const updateMemberBody = z
  .object({
    state: z.enum(['member'], { error: COMMUNITY_MSG.stateInvalid }).optional(),
    role: z.preprocess(upper, z.enum(COMMUNITY_ROLES, { error: COMMUNITY_MSG.roleInvalid })).optional(),
  })
  .refine((b) => b.state !== undefined || b.role !== undefined, { message: COMMUNITY_MSG.nothingToChange });

export const communityUserBody = z.object({
  userId: requiredText('User', 'User is required', 64, COMMUNITY_MSG.userNotFound),
});

export const communityEventsQuery = z.object({
  when: z.enum(['upcoming', 'past'], { error: COMMUNITY_MSG.whenInvalid }).default('upcoming'),
  cursor: cursorField,
  limit: limitField,
});

/**
 * What the viewer may do in a community (decision 068), from the server's policy floor: read its
 * members-only parts, act as a member, edit it, manage membership and host events, announce, own
 * (delete, hand over). An addition: clients that predate it ignore it.
 */
export const communityAbilities = z.object({
  seeInside: z.boolean(),
  participate: z.boolean(),
  edit: z.boolean(),
  manage: z.boolean(),
  announce: z.boolean(),
  own: z.boolean(),
});
export type CommunityAbilities = z.infer<typeof communityAbilities>;

export const communitySchema = z.object({
  ...bothIds,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  location: z.string(),
  tags: z.array(z.string()),
  visibility: z.enum(COMMUNITY_VISIBILITIES),
  joinPolicy: z.enum(JOIN_POLICIES),
  joinQuestions: z.array(z.string()),
  verified: z.boolean(),
  memberCount: z.number().int(),
  /** Its events' currency; null: the instance's (decision 082). */
  currency: z.string().nullable().optional(),
  /** Additions for places, next to the free-text `location`. */
  placeId: z.string().nullable().optional(),
  place: placeSchema.optional(),
  /** On `near=` lists: the distance from that point in km, one decimal. */
  distanceKm: z.number().optional(),
  createdAt: z.string(),
  /** The caller's role and state; null when signed out or not related. */
  viewerRole: z.enum(COMMUNITY_ROLES).nullable(),
  viewerState: z.enum(MEMBERSHIP_STATES).nullable(),
  /** Members: whether each new event notifies them (`all`, the default) or not; else null. */
  viewerNotifications: z.enum(['all', 'none']).nullable(),
  can: communityAbilities.optional(),
});
export type Community = z.infer<typeof communitySchema>;

export const communityResponse = z.object({ community: communitySchema });
export const communityListResponse = z.object({
  communities: z.array(communitySchema),
  nextCursor: z.string().nullable(),
});

/** A member row; answers only reach organisers (and the member), never an e-mail address. */
export const communityMember = z.object({
  ...bothIds,
  user: personSummary,
  role: z.enum(COMMUNITY_ROLES),
  state: z.enum(MEMBERSHIP_STATES),
  answers: z.array(z.string()).optional(),
  since: z.string(),
});
export type CommunityMember = z.infer<typeof communityMember>;
export const communityMembersResponse = z.object({
  members: z.array(communityMember),
  nextCursor: z.string().nullable(),
});
export const communityMemberResponse = z.object({ member: communityMember });
/**
 * The About tab's people: who runs the community and a few member faces, for whoever
 * may read its events (anyone for a public community, members for a private one).
 */
export const communityPeopleResponse = z.object({
  organizers: z.array(personSummary),
  faces: z.array(personSummary),
  memberCount: z.number().int(),
});
export type CommunityPeople = z.infer<typeof communityPeopleResponse>;
export const communityEventsResponse = z.object({
  events: z.array(eventSchema),
  nextCursor: z.string().nullable(),
});
/**
 * What the server embeds in `/c/:slug` for a signed-out visitor: the community and its
 * next events, as `GET /api/communities/:slug` and `.../events?when=upcoming` show them to that visitor.
 */
export type CommunityPageData = {
  community: Community;
  /** The first page of `GET /api/communities/:slug/events?when=upcoming&limit=50` (the web app's). */
  upcoming: z.infer<typeof communityEventsResponse>;
  /**
   * `GET /api/communities/:slug/announcements` as that visitor gets it: a public community's news;
   * absent for a private one (members only), whose page asks nothing more.
   */
  announcements?: { announcements: CommunityAnnouncementDto[] };
  /** `GET /api/communities/:slug/people` as that visitor gets it (the About tab's organisers and faces); absent for a private one. */
  people?: CommunityPeople;
  /** `GET /api/communities/:slug/sponsors` as that visitor gets it (decision 074); absent for a private one. */
  sponsors?: CommunitySponsors;
  /** `GET /api/communities/:slug/recaps`, the recaps its organisers featured (decision 075); absent for a private one. */
  recaps?: RecapsResponse;
};
export const communityDeletedResponse = z.object({ message: z.string() });
