import { z } from 'zod';
import { pageLimitField, requiredText, text } from './fields.ts';
import { nearField, placeIdField, placeSchema, radiusKmField } from './places.ts';

/**
 * Sponsors (decision 074): a business profile for an account holding the Sponsor role, the
 * packages a community offers its sponsors, and sponsorships proposed by either side.
 */
export const SPONSOR_LIMITS = {
  nameMax: 80,
  textMax: 500,
  websiteMax: 200,
  noteMax: 500,
  messageMax: 1000,
  packageNameMax: 60,
  packagesMax: 10,
  /** Smallest currency unit (cents): 10,000,000.00 at most. */
  amountMax: 1_000_000_000,
  slotsMax: 100,
  /** A sponsorship runs at most five years per period agreed. */
  periodDaysMax: 5 * 366,
  browseDefault: 20,
  browseMax: 50,
} as const;

/** What a business is; the web shows each in the reader's language. */
export const SPONSOR_CATEGORIES = [
  'cafe',
  'bar',
  'restaurant',
  'gym',
  'shop',
  'studio',
  'services',
  'other',
] as const;
export type SponsorCategory = (typeof SPONSOR_CATEGORIES)[number];

/** What a sponsor gets from a package. */
export const SPONSOR_BENEFITS = [
  'logo_on_club_page',
  'logo_on_events',
  'line_in_announcements',
  'table_at_events',
] as const;
export type SponsorBenefit = (typeof SPONSOR_BENEFITS)[number];

/** How a package is paid: money per period, or things and services ("in kind"). */
export const CONTRIBUTION_KINDS = ['money', 'in_kind'] as const;
export type ContributionKind = (typeof CONTRIBUTION_KINDS)[number];
export const SPONSOR_PERIODS = ['month', 'quarter', 'year', 'once'] as const;
export type SponsorPeriod = (typeof SPONSOR_PERIODS)[number];

/**
 * A sponsorship's states. `proposed` → `accepted` (the other side agreed; the contribution is due)
 * → `active` (the organiser marked it received; shown on the community's pages) → `ended`; or
 * `declined` (by the other side) or `withdrawn` (by the side that proposed, before it is active).
 * An online payment step later sets `active` itself from `accepted`: no state changes meaning.
 */
export const SPONSORSHIP_STATES = [
  'proposed',
  'accepted',
  'active',
  'ended',
  'declined',
  'withdrawn',
] as const;
export type SponsorshipState = (typeof SPONSORSHIP_STATES)[number];
/** Who proposed: the business, or the community's organisers. */
export const SPONSORSHIP_SIDES = ['sponsor', 'community'] as const;
export type SponsorshipSide = (typeof SPONSORSHIP_SIDES)[number];
/** `renew`: a new proposal for the next period of the same length, to the other side. */
export const SPONSORSHIP_ACTIONS = ['accept', 'decline', 'withdraw', 'received', 'end', 'renew'] as const;
export type SponsorshipAction = (typeof SPONSORSHIP_ACTIONS)[number];

/**
 * Hosting (decision 083): a business offers its place as one event's venue (`proposed`); an event
 * host accepts (the event's place becomes the business's) or declines; the business withdraws.
 */
export const HOSTING_STATES = ['proposed', 'accepted', 'declined', 'withdrawn'] as const;
export type HostingState = (typeof HOSTING_STATES)[number];
export const HOSTING_ACTIONS = ['accept', 'decline', 'withdraw'] as const;
export type HostingAction = (typeof HOSTING_ACTIONS)[number];

export const SPONSOR_MSG = {
  nameRequired: 'Business name is required',
  nameTooLong: `Business name must be at most ${SPONSOR_LIMITS.nameMax} characters`,
  textTooLong: `The text must be at most ${SPONSOR_LIMITS.textMax} characters`,
  websiteInvalid: 'Website must be an http or https address',
  categoryInvalid: `Category must be one of ${SPONSOR_CATEGORIES.join(', ')}`,
  logoInvalid: 'Logo must be an image uploaded to Townsquare',
  roleRequired: 'Only accounts with the Sponsor role have a business profile',
  profileNotFound: 'Sponsor not found',
  profileRequired: 'Create your business profile first',
  notVerified: 'Only verified businesses can be asked to sponsor',
  noteTooLong: `The note must be at most ${SPONSOR_LIMITS.noteMax} characters`,
  messageTooLong: `The message must be at most ${SPONSOR_LIMITS.messageMax} characters`,
  packageNameRequired: 'Package name is required',
  packageNameTooLong: `Package name must be at most ${SPONSOR_LIMITS.packageNameMax} characters`,
  benefitsInvalid: `Benefits must be one or more of ${SPONSOR_BENEFITS.join(', ')}`,
  contributionInvalid: 'Contribution must be money or in_kind',
  moneyNeedsAmount: 'A money contribution needs an amount, a currency and a period',
  inKindHasNoAmount: 'An in-kind contribution has no amount, currency or period',
  amountInvalid: `Amount must be a whole number of cents between 1 and ${SPONSOR_LIMITS.amountMax}`,
  currencyInvalid: 'Currency must be a three-letter ISO 4217 code such as EUR',
  periodInvalid: `Period must be one of ${SPONSOR_PERIODS.join(', ')}`,
  slotsInvalid: `How many can take it must be a whole number between 1 and ${SPONSOR_LIMITS.slotsMax}, or null`,
  tooManyPackages: `A community offers at most ${SPONSOR_LIMITS.packagesMax} packages`,
  packageNotFound: 'Package not found',
  packageFull: 'Every place in this package is taken',
  notOrganizer: 'Only the community’s organisers manage its sponsors',
  notLooking: 'This community is not looking for sponsors',
  dateInvalid: 'Dates must be calendar dates such as 2027-01-31',
  untilBeforeFrom: 'The end date must be after the start date',
  periodTooLong: 'A sponsorship runs at most five years',
  alreadyOpen: 'A proposal of this package by this business is already waiting for an answer',
  sponsorshipNotFound: 'Sponsorship not found',
  notAllowed: 'You cannot do that to this sponsorship',
  wrongState: 'This sponsorship cannot change that way now',
  nearRequired: 'Give near as latitude,longitude, or set a place to search from',
  actionInvalid: `Action must be one of ${SPONSORSHIP_ACTIONS.join(', ')}`,
  hostingNeedsPlace: 'Add your business’s place to your profile before offering to host',
  hostingNotFound: 'Hosting offer not found',
  hostingEventOver: 'This event can no longer get a venue',
  hostingOpen: 'Your offer to host this event is already waiting for an answer',
  alreadyHosted: 'This event already has a host venue',
  hostingWrongState: 'This hosting offer cannot change that way now',
  hostingActionInvalid: `Action must be one of ${HOSTING_ACTIONS.join(', ')}`,
  notHost: 'Only the event’s hosts answer hosting offers',
} as const;

const websiteField = text('Website')
  .trim()
  .max(SPONSOR_LIMITS.websiteMax, SPONSOR_MSG.websiteInvalid)
  // A host with a dot, no spaces; the contracts have no URL parser (no DOM or Node types).
  .regex(/^https?:\/\/[^\s/?#@]+\.[^\s/?#@]+(?:[/?#]\S*)?$/i, SPONSOR_MSG.websiteInvalid);

export const sponsorProfileBody = z.object({
  name: requiredText(
    'Business name',
    SPONSOR_MSG.nameRequired,
    SPONSOR_LIMITS.nameMax,
    SPONSOR_MSG.nameTooLong,
  ),
  logoUrl: z
    .string({ error: SPONSOR_MSG.logoInvalid })
    .max(500, SPONSOR_MSG.logoInvalid)
    .nullable()
    .optional(),
  website: websiteField.nullable().optional(),
  category: z.enum(SPONSOR_CATEGORIES, { error: SPONSOR_MSG.categoryInvalid }),
  placeId: placeIdField.optional(),
  text: text('Text').trim().max(SPONSOR_LIMITS.textMax, SPONSOR_MSG.textTooLong).optional(),
});
export type SponsorProfileInput = z.output<typeof sponsorProfileBody>;

/** A business as anyone reads it: no person, no address beyond what the place rule shows. */
export const sponsorProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  website: z.string().nullable(),
  category: z.enum(SPONSOR_CATEGORIES),
  text: z.string(),
  place: placeSchema.nullable(),
  verified: z.boolean(),
  distanceKm: z.number().optional(),
});
export type SponsorProfile = z.infer<typeof sponsorProfileSchema>;
export const sponsorProfileResponse = z.object({ sponsor: sponsorProfileSchema });
/** `GET /api/sponsors/me`: null until the business profile is made. */
export const ownSponsorProfileResponse = z.object({ sponsor: sponsorProfileSchema.nullable() });

export const sponsorVerifiedBody = z.object({ value: z.boolean({ error: 'Value must be true or false' }) });

const amountField = z
  .number({ error: SPONSOR_MSG.amountInvalid })
  .int(SPONSOR_MSG.amountInvalid)
  .min(1, SPONSOR_MSG.amountInvalid)
  .max(SPONSOR_LIMITS.amountMax, SPONSOR_MSG.amountInvalid);
const currencyField = z
  .string({ error: SPONSOR_MSG.currencyInvalid })
  .regex(/^[A-Z]{3}$/, SPONSOR_MSG.currencyInvalid);
const periodField = z.enum(SPONSOR_PERIODS, { error: SPONSOR_MSG.periodInvalid });

/** Money needs amount, currency and period; in kind has none of them. */
function contributionRule(
  p: {
    contribution: ContributionKind;
    amountMinor?: number | null;
    currency?: string | null;
    period?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  const given = [p.amountMinor, p.currency, p.period].filter((v) => v !== undefined && v !== null).length;
  if (p.contribution === 'money' && given !== 3)
    ctx.addIssue({ code: 'custom', message: SPONSOR_MSG.moneyNeedsAmount });
  if (p.contribution === 'in_kind' && given !== 0)
    ctx.addIssue({ code: 'custom', message: SPONSOR_MSG.inKindHasNoAmount });
}

export const sponsorPackageBody = z
  .object({
    name: requiredText(
      'Package name',
      SPONSOR_MSG.packageNameRequired,
      SPONSOR_LIMITS.packageNameMax,
      SPONSOR_MSG.packageNameTooLong,
    ),
    benefits: z
      .array(z.enum(SPONSOR_BENEFITS, { error: SPONSOR_MSG.benefitsInvalid }), {
        error: SPONSOR_MSG.benefitsInvalid,
      })
      .min(1, SPONSOR_MSG.benefitsInvalid)
      .max(SPONSOR_BENEFITS.length, SPONSOR_MSG.benefitsInvalid)
      .transform((list) => [...new Set(list)]),
    contribution: z.enum(CONTRIBUTION_KINDS, { error: SPONSOR_MSG.contributionInvalid }),
    amountMinor: amountField.nullable().optional(),
    currency: currencyField.nullable().optional(),
    period: periodField.nullable().optional(),
    slots: z
      .number({ error: SPONSOR_MSG.slotsInvalid })
      .int(SPONSOR_MSG.slotsInvalid)
      .min(1, SPONSOR_MSG.slotsInvalid)
      .max(SPONSOR_LIMITS.slotsMax, SPONSOR_MSG.slotsInvalid)
      .nullable()
      .optional(),
  })
  .superRefine(contributionRule);
export type SponsorPackageInput = z.output<typeof sponsorPackageBody>;

export const sponsorPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  benefits: z.array(z.enum(SPONSOR_BENEFITS)),
  contribution: z.enum(CONTRIBUTION_KINDS),
  amountMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  period: z.enum(SPONSOR_PERIODS).nullable(),
  /** null: any number of sponsors. */
  slots: z.number().int().nullable(),
  /** Sponsorships accepted or active now. */
  taken: z.number().int(),
});
export type SponsorPackage = z.infer<typeof sponsorPackageSchema>;
export const sponsorPackageResponse = z.object({ package: sponsorPackageSchema });
export const packageParams = z.object({ slug: z.string(), packageId: z.string() });

/** What a community offers sponsors (`GET /api/communities/:slug/sponsorship`: anyone who may see it). */
export const communitySponsorshipSchema = z.object({
  lookingForSponsors: z.boolean(),
  sponsorNote: z.string(),
  packages: z.array(sponsorPackageSchema),
});
export type CommunitySponsorship = z.infer<typeof communitySponsorshipSchema>;
export const communitySponsorshipBody = z.object({
  lookingForSponsors: z.boolean({ error: 'Looking for sponsors must be true or false' }),
  sponsorNote: text('Note').trim().max(SPONSOR_LIMITS.noteMax, SPONSOR_MSG.noteTooLong).optional(),
});

const dateField = z
  .string({ error: SPONSOR_MSG.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, SPONSOR_MSG.dateInvalid)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    SPONSOR_MSG.dateInvalid,
  );

/**
 * A proposal. From a business: the package. From an organiser: the package and the business
 * (`sponsorId`, a verified one). Amount and currency default to the package's.
 */
export const proposeSponsorshipBody = z
  .object({
    packageId: z.string({ error: SPONSOR_MSG.packageNotFound }).max(64, SPONSOR_MSG.packageNotFound),
    sponsorId: z
      .string({ error: SPONSOR_MSG.profileNotFound })
      .max(64, SPONSOR_MSG.profileNotFound)
      .optional(),
    startsOn: dateField,
    endsOn: dateField,
    amountMinor: amountField.nullable().optional(),
    currency: currencyField.nullable().optional(),
    message: text('Message').trim().max(SPONSOR_LIMITS.messageMax, SPONSOR_MSG.messageTooLong).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.endsOn <= p.startsOn)
      ctx.addIssue({ code: 'custom', message: SPONSOR_MSG.untilBeforeFrom, path: ['endsOn'] });
    const days = (Date.parse(p.endsOn) - Date.parse(p.startsOn)) / 86_400_000;
    if (days > SPONSOR_LIMITS.periodDaysMax)
      ctx.addIssue({ code: 'custom', message: SPONSOR_MSG.periodTooLong, path: ['endsOn'] });
  });
export type ProposeSponsorshipInput = z.output<typeof proposeSponsorshipBody>;

export const sponsorshipSchema = z.object({
  id: z.string(),
  state: z.enum(SPONSORSHIP_STATES),
  proposedBy: z.enum(SPONSORSHIP_SIDES),
  community: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  sponsor: z.object({
    id: z.string(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    verified: z.boolean(),
  }),
  package: z.object({ id: z.string(), name: z.string(), benefits: z.array(z.enum(SPONSOR_BENEFITS)) }),
  amountMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string(),
  message: z.string(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  /** What the caller may do next (the policy floor's answer). */
  can: z.array(z.enum(SPONSORSHIP_ACTIONS)),
});
export type Sponsorship = z.infer<typeof sponsorshipSchema>;
export const sponsorshipResponse = z.object({ sponsorship: sponsorshipSchema });
export const sponsorshipListResponse = z.object({ sponsorships: z.array(sponsorshipSchema) });
/** `GET /api/sponsorships`: the caller's as a business, or a community's (`community=<slug>`, organisers). */
export const sponsorshipListQuery = z.object({ community: text('Community').max(200).optional() });
export const sponsorshipActionParams = z.object({
  id: z.string(),
  action: z.enum(SPONSORSHIP_ACTIONS, { error: SPONSOR_MSG.actionInvalid }),
});

/** A community's active sponsors, by package: only what the public may read of each business. */
export const publicSponsorSchema = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  website: z.string().nullable(),
  verified: z.boolean(),
});
export type PublicSponsor = z.infer<typeof publicSponsorSchema>;
export const communitySponsorsResponse = z.object({
  packages: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      benefits: z.array(z.enum(SPONSOR_BENEFITS)),
      sponsors: z.array(publicSponsorSchema),
    }),
  ),
});
export type CommunitySponsors = z.infer<typeof communitySponsorsResponse>;

/** Browsing near a place: `near` (default: the caller's business place, or the club's). */
export const sponsorBrowseQuery = z.object({
  near: nearField.optional(),
  radiusKm: radiusKmField.optional(),
  limit: pageLimitField(
    SPONSOR_LIMITS.browseMax,
    SPONSOR_LIMITS.browseDefault,
    'Limit must be between 1 and 50',
  ),
  /** Organisers browsing businesses: near this community's place. */
  community: text('Community').max(200).optional(),
});

/** A community looking for sponsors, as a business browsing sees it. */
export const sponsorableCommunitySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  memberCount: z.number().int(),
  sponsorNote: z.string(),
  city: z.string().nullable(),
  distanceKm: z.number().nullable(),
  packages: z.number().int(),
});
export type SponsorableCommunity = z.infer<typeof sponsorableCommunitySchema>;
export const sponsorableCommunitiesResponse = z.object({ communities: z.array(sponsorableCommunitySchema) });
export const sponsorListResponse = z.object({ sponsors: z.array(sponsorProfileSchema) });

/** `POST /api/events/:id/hosting-offers`: the caller's business offers its place for the event. */
export const offerHostingBody = z
  .object({
    message: text('Message').trim().max(SPONSOR_LIMITS.messageMax, SPONSOR_MSG.messageTooLong).optional(),
  })
  .nullable()
  .optional();

export const hostingOfferSchema = z.object({
  id: z.string(),
  state: z.enum(HOSTING_STATES),
  eventId: z.string(),
  sponsor: publicSponsorSchema,
  /** The venue offered, as the caller may read it (a pin's address for its business and hosts). */
  place: placeSchema.nullable(),
  message: z.string(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  /** What the caller may do next. */
  can: z.array(z.enum(HOSTING_ACTIONS)),
});
export type HostingOffer = z.infer<typeof hostingOfferSchema>;
export const hostingOfferResponse = z.object({ offer: hostingOfferSchema });
export const hostingOfferListResponse = z.object({ offers: z.array(hostingOfferSchema) });
export const hostingActionParams = z.object({
  id: z.string(),
  action: z.enum(HOSTING_ACTIONS, { error: SPONSOR_MSG.hostingActionInvalid }),
});

/**
 * `GET /api/events/:id/sponsors`: who the event's page names: the business whose place it is at
 * ("Hosted by"), and the community's active sponsors whose package puts a logo on its events
 * ("Supported by").
 */
export const eventSponsorsResponse = z.object({
  hostedBy: publicSponsorSchema.nullable(),
  supportedBy: z.array(publicSponsorSchema),
});
export type EventSponsors = z.infer<typeof eventSponsorsResponse>;
