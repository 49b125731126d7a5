import {
  COMMUNITY_MSG,
  type Community,
  type CommunitySponsors,
  type CommunitySponsorship,
  type HostingAction,
  type HostingOffer,
  type LatLon,
  PLACE_LIMITS,
  PLACE_MSG,
  type Place,
  type ProposeSponsorshipInput,
  type PublicSponsor,
  placeDisplayText,
  SPONSOR_MSG,
  SPONSORSHIP_STATES,
  type SponsorableCommunity,
  type SponsorBenefit,
  type SponsorPackage,
  type SponsorPackageInput,
  type SponsorProfile,
  type SponsorProfileInput,
  type Sponsorship,
  type SponsorshipAction,
  type SponsorshipSide,
  type SponsorshipState,
  type UpdateEventInput,
} from '@townsquare/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type {
  EventHostingRow,
  SponsorPackageRow,
  SponsorProfileRow,
  SponsorshipRow,
  UserRow,
} from '../../db/schema/index.ts';
import type { AuditWriter } from '../../platform/audit.ts';
import type { CommunityRef } from '../../platform/domain-events.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { recordEvent } from '../../platform/outbox.ts';
import { memberIds } from '../access/groups.ts';
import { cityLevelPlace, mayOffer } from '../access/places.ts';
import {
  holdsSponsorRole,
  mayOnSponsorship,
  type SponsorshipParty,
  sponsorshipAbilities,
} from '../access/sponsors.ts';
import type { NotifyManyInput } from '../notifications/notify.ts';
import { placeForBody, sharePlace, unsharePlace, withPlaces } from '../places/places.service.ts';
import * as repo from './sponsors.repository.ts';

export type SponsorsDeps = {
  db: Database;
  /** The one notification path (for the renewal reminders, which are no change of state). */
  notifyMany?: (input: NotifyManyInput, options: { subjectChecked: boolean }) => Promise<unknown>;
  /** The community as this viewer sees it, with `can` from the policy floor (404 when none). */
  community: (slug: string, viewerId: string | undefined) => Promise<Community>;
  communityById: (id: string, viewerId: string) => Promise<Community>;
  /** True when `url` is an image `ownerId` uploaded to our storage (the one upload path). */
  isOwnImage: (url: string, ownerId: string) => Promise<boolean>;
  audit?: AuditWriter;
  /**
   * Hosting (decision 083). The event as this viewer sees it (404 when they may not; `can.edit`:
   * they host it), and the events module's one update path, which moves it to the venue.
   */
  event?: (id: string, viewerId: string | undefined) => Promise<HostedEvent>;
  updateEvent?: (me: UserRow, id: string, input: UpdateEventInput) => Promise<unknown>;
};

/** What hosting reads of an event (the events module's presenter). */
export type HostedEvent = {
  id: string;
  status: string;
  endDate: string;
  cancelled?: boolean;
  communityId?: string | null;
  can?: { edit: boolean };
};

export type SponsorsService = ReturnType<typeof createSponsorsService>;

/** Days before its last day that both sides of an active sponsorship are reminded. */
export const RENEWAL_REMINDERS = [30, 7] as const;

/** Where each action takes a sponsorship, and which instant it stamps. */
const MOVES: Record<
  Exclude<SponsorshipAction, 'renew'>,
  { to: SponsorshipState; stamp: 'answeredAt' | 'receivedAt' | 'endedAt' }
> = {
  accept: { to: 'accepted', stamp: 'answeredAt' },
  decline: { to: 'declined', stamp: 'answeredAt' },
  withdraw: { to: 'withdrawn', stamp: 'endedAt' },
  received: { to: 'active', stamp: 'receivedAt' },
  end: { to: 'ended', stamp: 'endedAt' },
};

/** Which side an action is taken as (the other side is told): the answerer accepts, the proposer withdraws. */
function actingSide(
  party: SponsorshipParty,
  action: SponsorshipAction,
  proposedBy: SponsorshipSide,
): SponsorshipSide {
  switch (action) {
    case 'received':
      return 'community';
    case 'accept':
    case 'decline':
      return proposedBy === 'sponsor' ? 'community' : 'sponsor';
    case 'withdraw':
      return proposedBy;
    case 'end':
    case 'renew':
      return party.business ? 'sponsor' : 'community';
  }
}

/** The next period of a renewal: from the day after `endsOn`, as many days as this one. */
function nextPeriod(startsOn: string, endsOn: string): { startsOn: string; endsOn: string } {
  const day = 86_400_000;
  const start = Date.parse(`${startsOn}T00:00:00Z`);
  const end = Date.parse(`${endsOn}T00:00:00Z`);
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { startsOn: iso(end + day), endsOn: iso(end + day + (end - start)) };
}

const refOf = (c: Pick<Community, 'id' | 'slug' | 'name'>): CommunityRef => ({
  id: c.id,
  slug: c.slug,
  name: c.name,
});

/** PostgreSQL unique_violation of the index `constraint` (drizzle wraps the driver's error). */
function uniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const source = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  return source?.constraint === constraint;
}
const isOpenDuplicate = (error: unknown) => uniqueViolation(error, 'sponsorships_open_unique');

function presentPackage(row: SponsorPackageRow, taken: number): SponsorPackage {
  return {
    id: row.id,
    name: row.name,
    benefits: row.benefits as SponsorBenefit[],
    contribution: row.contribution,
    amountMinor: row.amountMinor,
    currency: row.currency,
    period: row.period,
    slots: row.slots,
    taken,
  };
}

function presentSponsorship(v: repo.SponsorshipView, party: SponsorshipParty): Sponsorship {
  const { s } = v;
  return {
    id: s.id,
    state: s.state,
    proposedBy: s.proposedBy,
    community: v.community,
    sponsor: v.sponsor,
    package: { id: v.pkg.id, name: v.pkg.name, benefits: v.pkg.benefits as SponsorBenefit[] },
    amountMinor: s.amountMinor,
    currency: s.currency,
    startsOn: s.startsOn,
    endsOn: s.endsOn,
    message: s.message,
    createdAt: s.createdAt.toISOString(),
    answeredAt: s.answeredAt?.toISOString() ?? null,
    receivedAt: s.receivedAt?.toISOString() ?? null,
    can: sponsorshipAbilities(party, s),
  };
}

/**
 * Sponsors (decision 074): business profiles, a community's packages and its "looking for
 * sponsors" switch, sponsorships proposed by either side and moved by the policy floor's rules
 * (`modules/access/sponsors.ts`), each change recorded as a `sponsorship.changed` domain event in
 * its transaction. Organiser checks are the community's `can.manage` (modules/access).
 */
export function createSponsorsService(deps: SponsorsDeps) {
  const { db } = deps;

  /**
   * A business as `viewerId` reads it: its owner reads a pin in full, everyone else the city
   * (decision 062: a pin's address is for who saved it).
   */
  async function presentProfiles(
    rows: SponsorProfileRow[],
    viewerId: string | undefined,
    km?: Map<string, number>,
  ) {
    const items = await withPlaces<{ row: SponsorProfileRow; placeId: string | null; place?: Place }>(
      db,
      rows.map((r) => ({ row: r, placeId: r.placeId })),
    );
    return items.map(({ row, place }): SponsorProfile => {
      const shown =
        place && place.source !== 'gazetteer' && row.userId !== viewerId ? cityLevelPlace(place) : place;
      const distance = km?.get(row.userId);
      return {
        id: row.userId,
        name: row.name,
        logoUrl: row.logoUrl,
        website: row.website,
        category: row.category as SponsorProfile['category'],
        text: row.text,
        place: shown ?? null,
        verified: row.verified,
        ...(distance === undefined ? {} : { distanceKm: Math.round(distance * 10) / 10 }),
      };
    });
  }
  const presentProfile = async (row: SponsorProfileRow, viewerId: string | undefined) =>
    (await presentProfiles([row], viewerId))[0]!; // one item per row given

  /** The event as `viewerId` sees it (404 when they may not, the events module's answer). */
  async function eventOf(id: string, viewerId: string | undefined): Promise<HostedEvent> {
    if (!deps.event) throw notFound(SPONSOR_MSG.hostingNotFound);
    return deps.event(id, viewerId);
  }

  /**
   * Offers as the API shows them: the venue in full for the business and the event's hosts (it
   * is offered to them), at city level for anyone else (decision 062).
   */
  async function presentHostings(
    rows: Array<{ h: EventHostingRow; profile: SponsorProfileRow }>,
    who: { host: boolean; viewerId: string },
  ): Promise<HostingOffer[]> {
    const items = await withPlaces<{ r: (typeof rows)[number]; placeId: string | null; place?: Place }>(
      db,
      rows.map((r) => ({ r, placeId: r.h.placeId })),
    );
    return items.map(({ r: { h, profile }, place }): HostingOffer => {
      const business = h.sponsorId === who.viewerId;
      const full = business || who.host || place?.source === 'gazetteer';
      const can: HostingAction[] =
        h.state !== 'proposed'
          ? []
          : [
              ...(who.host ? (['accept', 'decline'] as const) : []),
              ...(business ? (['withdraw'] as const) : []),
            ];
      return {
        id: h.id,
        state: h.state,
        eventId: h.eventId,
        sponsor: {
          id: profile.userId,
          name: profile.name,
          logoUrl: profile.logoUrl,
          website: profile.website,
          verified: profile.verified,
        },
        place: place ? (full ? place : cityLevelPlace(place)) : null,
        message: h.message,
        createdAt: h.createdAt.toISOString(),
        answeredAt: h.answeredAt?.toISOString() ?? null,
        can,
      };
    });
  }

  /** The community, when `me` may manage it (the policy floor's `manage`); 403 otherwise. */
  async function managed(slug: string, me: UserRow): Promise<Community> {
    const community = await deps.community(slug, me.id);
    if (!community.can?.manage) throw forbidden(SPONSOR_MSG.notOrganizer);
    return community;
  }

  async function packageOf(community: Community, packageId: string): Promise<SponsorPackageRow> {
    const row = isUuid(packageId) ? await repo.findPackage(db, packageId) : undefined;
    if (!row || row.communityId !== community.id) throw notFound(SPONSOR_MSG.packageNotFound);
    return row;
  }

  const packageValues = (input: SponsorPackageInput) => ({
    name: input.name,
    benefits: input.benefits,
    contribution: input.contribution,
    amountMinor: input.amountMinor ?? null,
    currency: input.currency ?? null,
    period: input.period ?? null,
    slots: input.slots ?? null,
  });

  /** The other side of a sponsorship: the business's account, or the community's organisers. */
  const otherSide = async (
    tx: Executor,
    by: 'sponsor' | 'community',
    s: Pick<SponsorshipRow, 'communityId' | 'sponsorId'>,
  ) => (by === 'sponsor' ? memberIds(tx, s.communityId, 'organizers') : [s.sponsorId]);

  async function view(id: string, party: SponsorshipParty): Promise<Sponsorship> {
    const [v] = await repo.sponsorshipViews(db, repo.byId(id), 1);
    if (!v) throw notFound(SPONSOR_MSG.sponsorshipNotFound);
    return presentSponsorship(v, party);
  }

  async function nearOf(
    me: UserRow,
    given: LatLon | undefined,
    community: string | undefined,
  ): Promise<LatLon> {
    if (given) return given;
    if (community) {
      const c = await deps.community(community, me.id);
      if (c.place) return { lat: c.place.lat, lon: c.place.lon };
    } else {
      const own = await repo.findProfile(db, me.id);
      const [place] = own?.placeId
        ? (await withPlaces<{ placeId: string; place?: Place }>(db, [{ placeId: own.placeId }])).map(
            (p) => p.place,
          )
        : [];
      if (place) return { lat: place.lat, lon: place.lon };
    }
    throw badRequest(SPONSOR_MSG.nearRequired);
  }

  /**
   * One click "renew for another period": a new proposal of the same package, amount and length,
   * starting the day after this one ends, from the caller's side to the other (told like any
   * proposal). The package must still be on offer.
   */
  async function renew(me: UserRow, row: SponsorshipRow, party: SponsorshipParty, community: Community) {
    const by = actingSide(party, 'renew', row.proposedBy);
    const pkg = await repo.findPackage(db, row.packageId);
    if (!pkg) throw conflict(SPONSOR_MSG.packageNotFound);
    const profile = await repo.findProfile(db, row.sponsorId);
    const id = await db
      .transaction(async (tx) => {
        const next = await repo.insertSponsorship(tx, {
          ...nextPeriod(row.startsOn, row.endsOn),
          communityId: row.communityId,
          sponsorId: row.sponsorId,
          packageId: row.packageId,
          proposedBy: by,
          proposerId: me.id,
          state: 'proposed',
          amountMinor: row.amountMinor,
          currency: row.currency,
          message: '',
          answeredAt: null,
          receivedAt: null,
          endedAt: null,
        });
        await recordEvent(tx, 'sponsorship.changed', {
          sponsorshipId: next.id,
          state: 'proposed',
          proposedBy: by,
          by,
          actorId: me.id,
          community: refOf(community),
          sponsor: { id: row.sponsorId, name: profile?.name ?? '' },
          recipients: await otherSide(tx, by, row),
        });
        return next.id;
      })
      .catch((error: unknown) => {
        if (isOpenDuplicate(error)) throw conflict(SPONSOR_MSG.alreadyOpen);
        throw error;
      });
    return view(id, party);
  }

  return {
    async myProfile(me: UserRow): Promise<SponsorProfile | null> {
      const row = await repo.findProfile(db, me.id);
      return row ? presentProfile(row, me.id) : null;
    },

    async saveProfile(me: UserRow, input: SponsorProfileInput): Promise<SponsorProfile> {
      if (!holdsSponsorRole(me)) throw forbidden(SPONSOR_MSG.roleRequired);
      const current = await repo.findProfile(db, me.id);
      const logoUrl = input.logoUrl === undefined ? (current?.logoUrl ?? null) : input.logoUrl;
      // A new logo must be the business's own upload (the one upload path and its re-encoding).
      if (logoUrl && logoUrl !== current?.logoUrl && !(await deps.isOwnImage(logoUrl, me.id))) {
        throw badRequest(SPONSOR_MSG.logoInvalid);
      }
      const placeId = input.placeId === undefined ? (current?.placeId ?? null) : input.placeId;
      if (placeId && placeId !== current?.placeId) {
        await placeForBody(db, placeId, me.id);
        // The business's own place: a city or a pin it saved, never an address it only knows.
        if (!(await mayOffer(db, placeId, me.id))) throw badRequest(PLACE_MSG.placeNotFound);
      }
      const row = await repo.upsertProfile(db, me.id, {
        name: input.name,
        logoUrl,
        website: input.website === undefined ? (current?.website ?? null) : input.website,
        category: input.category,
        placeId,
        text: input.text ?? current?.text ?? '',
      });
      return presentProfile(row, me.id);
    },

    async profile(id: string, viewerId: string | undefined): Promise<SponsorProfile> {
      const row = isUuid(id) ? await repo.findProfile(db, id) : undefined;
      if (!row) throw notFound(SPONSOR_MSG.profileNotFound);
      return presentProfile(row, viewerId);
    },

    /** Platform admins' "verified business" badge, audited like the verified-community flag. */
    async setVerified(admin: UserRow, id: string, value: boolean): Promise<SponsorProfile> {
      const row = isUuid(id) ? await repo.setVerified(db, id, value) : undefined;
      if (!row) throw notFound(SPONSOR_MSG.profileNotFound);
      await deps.audit?.({
        actorId: admin.id,
        action: 'sponsor.verified',
        subjectType: 'user',
        subjectId: id,
        details: { value },
      });
      return presentProfile(row, admin.id);
    },

    /** What a community offers sponsors: for anyone who may see inside it. */
    async offer(slug: string, viewerId: string | undefined): Promise<CommunitySponsorship> {
      const community = await deps.community(slug, viewerId);
      if (!community.can?.seeInside) throw forbidden(COMMUNITY_MSG.membersOnly);
      const [looking, packages] = await Promise.all([
        repo.lookingOf(db, community.id),
        repo.packagesOf(db, community.id),
      ]);
      return { ...looking, packages: packages.map((p) => presentPackage(p.pkg, p.taken)) };
    },

    async setLooking(
      me: UserRow,
      slug: string,
      input: { lookingForSponsors: boolean; sponsorNote?: string },
    ): Promise<CommunitySponsorship> {
      const community = await managed(slug, me);
      await repo.setLooking(db, community.id, input.lookingForSponsors, input.sponsorNote);
      return this.offer(slug, me.id);
    },

    async createPackage(me: UserRow, slug: string, input: SponsorPackageInput): Promise<SponsorPackage> {
      const community = await managed(slug, me);
      if ((await repo.countPackages(db, community.id)) >= 10) throw conflict(SPONSOR_MSG.tooManyPackages);
      const row = await repo.insertPackage(db, { communityId: community.id, ...packageValues(input) });
      return presentPackage(row, 0);
    },

    async updatePackage(me: UserRow, slug: string, packageId: string, input: SponsorPackageInput) {
      const community = await managed(slug, me);
      const current = await packageOf(community, packageId);
      const row = await repo.updatePackage(db, current.id, packageValues(input));
      if (!row) throw notFound(SPONSOR_MSG.packageNotFound);
      return presentPackage(row, await repo.taken(db, row.id));
    },

    /** Takes a package off the offer; its sponsorships stay as they are. */
    async archivePackage(me: UserRow, slug: string, packageId: string): Promise<void> {
      const community = await managed(slug, me);
      const current = await packageOf(community, packageId);
      await repo.updatePackage(db, current.id, { archivedAt: new Date() });
    },

    /**
     * A proposal. Without `sponsorId` the caller proposes as their business, to a community
     * looking for sponsors that they may see; with it, as an organiser of the package's community,
     * to a verified business. The other side is told (`sponsorship.changed`).
     */
    async propose(me: UserRow, input: ProposeSponsorshipInput): Promise<Sponsorship> {
      const pkg = isUuid(input.packageId) ? await repo.findPackage(db, input.packageId) : undefined;
      if (!pkg) throw notFound(SPONSOR_MSG.packageNotFound);
      const community = await deps.communityById(pkg.communityId, me.id);
      let by: 'sponsor' | 'community';
      let sponsor: SponsorProfileRow | undefined;
      if (input.sponsorId !== undefined) {
        if (!community.can?.manage) throw forbidden(SPONSOR_MSG.notOrganizer);
        sponsor = isUuid(input.sponsorId) ? await repo.findProfile(db, input.sponsorId) : undefined;
        if (!sponsor) throw notFound(SPONSOR_MSG.profileNotFound);
        if (!sponsor.verified) throw badRequest(SPONSOR_MSG.notVerified);
        by = 'community';
      } else {
        if (!holdsSponsorRole(me)) throw forbidden(SPONSOR_MSG.roleRequired);
        // A package of a community the caller may not see inside is not there for them.
        if (!community.can?.seeInside) throw notFound(SPONSOR_MSG.packageNotFound);
        sponsor = await repo.findProfile(db, me.id);
        if (!sponsor) throw badRequest(SPONSOR_MSG.profileRequired);
        if (!(await repo.lookingOf(db, community.id)).lookingForSponsors)
          throw conflict(SPONSOR_MSG.notLooking);
        by = 'sponsor';
      }
      const money = pkg.contribution === 'money';
      if (!money && (input.amountMinor != null || input.currency != null)) {
        throw badRequest(SPONSOR_MSG.inKindHasNoAmount);
      }
      // A business that holds a place already proposes its next period, not a second place.
      if (pkg.slots !== null && (await repo.taken(db, pkg.id, sponsor.userId)) >= pkg.slots)
        throw conflict(SPONSOR_MSG.packageFull);
      const business = sponsor;
      const id = await db
        .transaction(async (tx) => {
          const row = await repo.insertSponsorship(tx, {
            communityId: community.id,
            sponsorId: business.userId,
            packageId: pkg.id,
            proposedBy: by,
            proposerId: me.id,
            state: 'proposed',
            amountMinor: money ? (input.amountMinor ?? pkg.amountMinor) : null,
            currency: money ? (input.currency ?? pkg.currency) : null,
            startsOn: input.startsOn,
            endsOn: input.endsOn,
            message: input.message ?? '',
            answeredAt: null,
            receivedAt: null,
            endedAt: null,
          });
          await recordEvent(tx, 'sponsorship.changed', {
            sponsorshipId: row.id,
            state: 'proposed',
            proposedBy: by,
            by,
            actorId: me.id,
            community: refOf(community),
            sponsor: { id: business.userId, name: business.name },
            recipients: await otherSide(tx, by, row),
          });
          return row.id;
        })
        .catch((error: unknown) => {
          if (isOpenDuplicate(error)) throw conflict(SPONSOR_MSG.alreadyOpen);
          throw error;
        });
      return view(id, { business: by === 'sponsor', organiser: by === 'community' });
    },

    /** The caller's sponsorships as a business, or a community's (`community`: its organisers). */
    async list(me: UserRow, query: { community?: string }): Promise<Sponsorship[]> {
      if (query.community !== undefined) {
        const community = await managed(query.community, me);
        const views = await repo.sponsorshipViews(db, repo.byCommunity(community.id));
        return views.map((v) =>
          presentSponsorship(v, { organiser: true, business: v.s.sponsorId === me.id }),
        );
      }
      const views = await repo.sponsorshipViews(db, repo.bySponsor(me.id));
      // A business that also organises the club it sponsors answers from the club's list.
      return views.map((v) => presentSponsorship(v, { organiser: false, business: true }));
    },

    /**
     * Moves a sponsorship (accept, decline, withdraw, received, end; renew proposes the next) for a party the policy floor
     * allows: 404 for someone on neither side, 403 for a side that may never do it, 409 when the
     * state does not allow it now. Accepting takes a place of the package under its row lock.
     */
    async act(me: UserRow, id: string, action: SponsorshipAction): Promise<Sponsorship> {
      const row = isUuid(id) ? await repo.findSponsorship(db, id) : undefined;
      if (!row) throw notFound(SPONSOR_MSG.sponsorshipNotFound);
      const community = await deps.communityById(row.communityId, me.id);
      const party: SponsorshipParty = {
        business: row.sponsorId === me.id,
        organiser: community.can?.manage === true,
      };
      if (!party.business && !party.organiser) throw notFound(SPONSOR_MSG.sponsorshipNotFound);
      const ever = SPONSORSHIP_STATES.some((state) => mayOnSponsorship(party, action, { ...row, state }));
      if (!ever) throw forbidden(SPONSOR_MSG.notAllowed);
      if (action === 'renew') return renew(me, row, party, community);
      const move = MOVES[action];
      await db.transaction(async (tx) => {
        const locked = await repo.findSponsorship(tx, id, { lock: true });
        if (!locked || !mayOnSponsorship(party, action, locked)) throw conflict(SPONSOR_MSG.wrongState);
        if (action === 'accept') {
          const pkg = await repo.findPackage(tx, locked.packageId, { lock: true });
          if (!pkg) throw conflict(SPONSOR_MSG.packageNotFound);
          // A renewal keeps the place its business holds; others need a free one.
          if (pkg.slots !== null && (await repo.taken(tx, pkg.id, locked.sponsorId)) >= pkg.slots)
            throw conflict(SPONSOR_MSG.packageFull);
        }
        await repo.moveSponsorship(tx, id, locked.state, move.to, { [move.stamp]: new Date() });
        const by = actingSide(party, action, locked.proposedBy);
        const profile = await repo.findProfile(tx, locked.sponsorId);
        await recordEvent(tx, 'sponsorship.changed', {
          sponsorshipId: id,
          state: move.to,
          proposedBy: locked.proposedBy,
          by,
          actorId: me.id,
          community: refOf(community),
          sponsor: { id: locked.sponsorId, name: profile?.name ?? '' },
          recipients: await otherSide(tx, by, locked),
        });
      });
      return view(id, party);
    },

    /**
     * A community's active sponsors by package, for its page: only `active` sponsorships within
     * their period, and only the business's public name, logo and link.
     */
    async publicSponsors(slug: string, viewerId: string | undefined): Promise<CommunitySponsors> {
      const community = await deps.community(slug, viewerId);
      if (!community.can?.seeInside) throw forbidden(COMMUNITY_MSG.membersOnly);
      const rows = await repo.activeSponsors(db, community.id);
      const packages = new Map<string, CommunitySponsors['packages'][number]>();
      for (const r of rows) {
        const entry = packages.get(r.packageId) ?? {
          id: r.packageId,
          name: r.packageName,
          benefits: r.benefits as SponsorBenefit[],
          sponsors: [],
        };
        entry.sponsors.push({
          id: r.id,
          name: r.name,
          logoUrl: r.logoUrl,
          website: r.website,
          verified: r.verified,
        });
        packages.set(r.packageId, entry);
      }
      return { packages: [...packages.values()] };
    },

    /**
     * Renewal reminders (run daily by the job queue): both sides of each active sponsorship whose
     * last day is 30 or 7 days after `now`'s date hear of it, once per sponsorship and lead (the
     * dedupe key), in each person's language. Answers how many sponsorships were reminded.
     */
    async remindEndings(now: Date = new Date()): Promise<number> {
      const today = now.toISOString().slice(0, 10);
      let reminded = 0;
      for (const days of RENEWAL_REMINDERS) {
        for (const s of await repo.endingOn(db, today, days)) {
          await deps.notifyMany?.(
            {
              userIds: [s.sponsorId, ...(await memberIds(db, s.communityId, 'organizers'))],
              kind: 'sponsorship_ending',
              subject: { type: 'sponsorship', id: s.id },
              message: {
                key: 'notification.sponsorshipEnding',
                params: { business: s.business, community: s.community, days },
              },
              url: `/c/${s.slug}`,
              dedupeKey: `sponsorship_ending:${s.id}:${s.endsOn}:${days}`,
            },
            // The recipients are the sponsorship's two sides, read just now.
            { subjectChecked: true },
          );
          reminded++;
        }
      }
      return reminded;
    },

    /**
     * A business offers its place as the venue of an event it may see (decision 083): not a
     * draft, not called off, not over; one offer waiting per business and event, none once the
     * event has a host venue.
     */
    async offerHosting(me: UserRow, eventId: string, input: { message?: string }): Promise<HostingOffer> {
      if (!holdsSponsorRole(me)) throw forbidden(SPONSOR_MSG.roleRequired);
      const event = await eventOf(eventId, me.id);
      if (event.status === 'DRAFT' || event.cancelled || Date.parse(event.endDate) <= Date.now())
        throw conflict(SPONSOR_MSG.hostingEventOver);
      const profile = await repo.findProfile(db, me.id);
      if (!profile) throw badRequest(SPONSOR_MSG.profileRequired);
      if (!profile.placeId || !(await mayOffer(db, profile.placeId, me.id)))
        throw badRequest(SPONSOR_MSG.hostingNeedsPlace);
      if (await repo.hasAcceptedHosting(db, event.id)) throw conflict(SPONSOR_MSG.alreadyHosted);
      const row = await repo
        .insertHosting(db, {
          eventId: event.id,
          sponsorId: me.id,
          placeId: profile.placeId,
          state: 'proposed',
          message: input.message ?? '',
        })
        .catch((error: unknown) => {
          if (uniqueViolation(error, 'event_hostings_open_unique')) throw conflict(SPONSOR_MSG.hostingOpen);
          throw error;
        });
      return (await presentHostings([{ h: row, profile }], { host: false, viewerId: me.id }))[0]!;
    },

    /** The event's offers: all of them for its hosts, a business's own for it; 404 as the event. */
    async hostingOffers(me: UserRow, eventId: string): Promise<HostingOffer[]> {
      const event = await eventOf(eventId, me.id);
      const host = event.can?.edit === true;
      const rows = await repo.hostingsOf(db, event.id, host ? undefined : me.id);
      return presentHostings(rows, { host, viewerId: me.id });
    },

    /**
     * Answers an offer: a host accepts or declines, the business withdraws, only while it waits
     * (409 after). Accepting shares the business's place with the accepting host (as a saved pin,
     * decision 062: the business offered it to them) and moves the event there through the events
     * module's update, which records the change and tells whoever it tells.
     */
    async actOnHosting(me: UserRow, id: string, action: HostingAction): Promise<HostingOffer> {
      const row = isUuid(id) ? await repo.findHosting(db, id) : undefined;
      if (!row) throw notFound(SPONSOR_MSG.hostingNotFound);
      const event = await eventOf(row.eventId, me.id).catch(() => {
        throw notFound(SPONSOR_MSG.hostingNotFound);
      });
      const host = event.can?.edit === true;
      const business = row.sponsorId === me.id;
      if (!host && !business) throw notFound(SPONSOR_MSG.hostingNotFound);
      if (action === 'withdraw' ? !business : !host)
        throw forbidden(action === 'withdraw' ? SPONSOR_MSG.notAllowed : SPONSOR_MSG.notHost);
      const to = action === 'accept' ? 'accepted' : action === 'decline' ? 'declined' : 'withdrawn';
      if (action === 'accept' && !row.placeId) throw conflict(SPONSOR_MSG.hostingNeedsPlace);
      const moved = await db
        .transaction(async (tx) => {
          const locked = await repo.findHosting(tx, id, { lock: true });
          if (locked?.state !== 'proposed') throw conflict(SPONSOR_MSG.hostingWrongState);
          const done = await repo.moveHosting(tx, id, 'proposed', to, action === 'withdraw' ? null : me.id);
          return done;
        })
        .catch((error: unknown) => {
          if (uniqueViolation(error, 'event_hostings_accepted_unique'))
            throw conflict(SPONSOR_MSG.alreadyHosted);
          throw error;
        });
      if (!moved) throw conflict(SPONSOR_MSG.hostingWrongState);
      if (action === 'accept' && row.placeId) {
        const [place] = await withPlaces<{ placeId: string | null; place?: Place }>(db, [
          { placeId: row.placeId },
        ]);
        const profile = await repo.findProfile(db, row.sponsorId);
        const where = place?.place ? placeDisplayText(place.place) : '';
        let shared = false;
        try {
          // The host may place the event at the venue once it is theirs too (decision 083); the
          // pin is shared in the same step the event moves, and only if it does.
          shared = await sharePlace(db, row.placeId, me.id);
          await deps.updateEvent?.(me, row.eventId, {
            placeId: row.placeId,
            // The business's name first, unless the place's own name already is it.
            location: (where.startsWith(profile?.name ?? '')
              ? where
              : [profile?.name, where].filter(Boolean).join(', ')
            ).slice(0, 200),
          });
        } catch (error) {
          // The event could not move (it ended meanwhile, say): the offer waits again, and the
          // venue's pin is the business's alone again.
          await repo.moveHosting(db, id, 'accepted', 'proposed', null);
          if (shared) await unsharePlace(db, row.placeId, me.id);
          throw error;
        }
      }
      const profile = await repo.findProfile(db, moved.sponsorId);
      return (await presentHostings([{ h: moved, profile: profile! }], { host, viewerId: me.id }))[0]!;
    },

    /**
     * Who an event's page names (decision 083): the business whose venue it is at ("Hosted by")
     * and its community's active sponsors whose package puts a logo on events ("Supported by"),
     * for whoever may see the event (404 otherwise). `funder`: the business gives money.
     */
    async eventSponsors(
      eventId: string,
      viewerId: string | undefined,
    ): Promise<{ hostedBy: PublicSponsor | null; supportedBy: Array<PublicSponsor & { funder: boolean }> }> {
      const event = await eventOf(eventId, viewerId);
      const [hostedBy, supportedBy] = await Promise.all([
        repo.hostOfEvent(db, event.id),
        event.communityId ? repo.activeSponsorsWith(db, event.communityId, 'logo_on_events') : [],
      ]);
      return {
        hostedBy: hostedBy ?? null,
        supportedBy: [...supportedBy].sort((a, b) => a.name.localeCompare(b.name)),
      };
    },

    /**
     * Platform admins remove a business profile (moderation): its sponsorships and hosting
     * offers go with it, so it is shown nowhere; audited. The account keeps its roles.
     */
    async removeProfile(admin: UserRow, id: string): Promise<void> {
      const removed = isUuid(id) ? await repo.deleteProfile(db, id) : false;
      if (!removed) throw notFound(SPONSOR_MSG.profileNotFound);
      await deps.audit?.({
        actorId: admin.id,
        action: 'sponsor.removed',
        subjectType: 'user',
        subjectId: id,
        details: {},
      });
    },

    /** Public communities looking for sponsors near `near` (default: the business's place). */
    async browseCommunities(
      me: UserRow,
      query: { near?: LatLon; radiusKm?: number; limit: number },
    ): Promise<SponsorableCommunity[]> {
      if (!holdsSponsorRole(me)) throw forbidden(SPONSOR_MSG.roleRequired);
      const near = await nearOf(me, query.near, undefined);
      const rows = await repo.lookingNear(
        db,
        near,
        query.radiusKm ?? PLACE_LIMITS.radiusKmDefault,
        query.limit,
      );
      return rows.map((r) => ({
        id: r.id,
        slug: r.slug,
        name: r.name,
        imageUrl: r.imageUrl,
        memberCount: r.memberCount,
        sponsorNote: r.sponsorNote,
        city: r.city,
        distanceKm: Math.round(r.km * 10) / 10,
        packages: r.packages,
      }));
    },

    /** Verified businesses near `near` (default: the community's place when `community` names one). */
    async browseSponsors(
      me: UserRow,
      query: { near?: LatLon; radiusKm?: number; limit: number; community?: string },
    ): Promise<SponsorProfile[]> {
      const near = await nearOf(me, query.near, query.community);
      const rows = await repo.verifiedNear(
        db,
        near,
        query.radiusKm ?? PLACE_LIMITS.radiusKmDefault,
        query.limit,
      );
      return presentProfiles(
        rows.map((r) => r.profile),
        me.id,
        new Map(rows.map((r) => [r.profile.userId, r.km])),
      );
    },
  };
}
