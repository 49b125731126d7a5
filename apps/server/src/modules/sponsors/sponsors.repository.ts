import type { HostingState, SponsorshipState } from '@townsquare/contracts';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insertRow } from '../../db/rows.ts';
import {
  communities,
  type EventHostingRow,
  eventHostings,
  events,
  places,
  type SponsorPackageRow,
  type SponsorProfileRow,
  type SponsorshipRow,
  sponsorPackages,
  sponsorProfiles,
  sponsorships,
} from '../../db/schema/index.ts';
import { distanceKm, earthPoint, withinRadius } from '../../platform/geo.ts';

/** All SQL of the sponsors module (decision 074). */

export type NewProfile = Omit<SponsorProfileRow, 'userId' | 'verified' | 'createdAt' | 'updatedAt'>;

export async function findProfile(db: Executor, userId: string): Promise<SponsorProfileRow | undefined> {
  const [row] = await db.select().from(sponsorProfiles).where(eq(sponsorProfiles.userId, userId));
  return row;
}

export async function upsertProfile(
  db: Executor,
  userId: string,
  values: NewProfile,
): Promise<SponsorProfileRow> {
  const [row] = await db
    .insert(sponsorProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: sponsorProfiles.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!; // INSERT … RETURNING always yields the row
}

export async function setVerified(db: Executor, userId: string, value: boolean) {
  const [row] = await db
    .update(sponsorProfiles)
    .set({ verified: value, updatedAt: sql`now()` })
    .where(eq(sponsorProfiles.userId, userId))
    .returning();
  return row;
}

/** The packages on offer (not archived), oldest first, each with how many hold it now. */
export async function packagesOf(db: Executor, communityId: string) {
  return (
    db
      // Qualified by hand: drizzle writes a lone table's columns unqualified, which inside the
      // subquery would name the sponsorship's own id.
      .select({ pkg: sponsorPackages, taken: takenCount(sql`${sponsorPackages}.${sql.identifier('id')}`) })
      .from(sponsorPackages)
      .where(and(eq(sponsorPackages.communityId, communityId), isNull(sponsorPackages.archivedAt)))
      .orderBy(asc(sponsorPackages.createdAt), asc(sponsorPackages.id))
  );
}

/** Businesses that hold a place of the package: agreed or running (a renewal holds the same place). */
const takenCount = (packageId: SQL) =>
  sql<number>`(select count(distinct s.sponsor_id)::int from ${sponsorships} s where s.package_id = ${packageId} and s.state in ('accepted', 'active'))`;

export async function countPackages(db: Executor, communityId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sponsorPackages)
    .where(and(eq(sponsorPackages.communityId, communityId), isNull(sponsorPackages.archivedAt)));
  return row?.n ?? 0;
}

export const insertPackage = (
  db: Executor,
  values: Omit<SponsorPackageRow, 'id' | 'createdAt' | 'updatedAt' | 'archivedAt'>,
) => insertRow(db, sponsorPackages, values);

/** The package on offer, locked for a change of who holds it when `lock`. */
export async function findPackage(db: Executor, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(sponsorPackages)
    .where(and(eq(sponsorPackages.id, id), isNull(sponsorPackages.archivedAt)));
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row;
}

export async function updatePackage(db: Executor, id: string, values: Partial<SponsorPackageRow>) {
  const [row] = await db
    .update(sponsorPackages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(sponsorPackages.id, id), isNull(sponsorPackages.archivedAt)))
    .returning();
  return row;
}

/** Businesses holding a place of the package, but `except` (whose renewal keeps its place). */
export async function taken(db: Executor, packageId: string, except?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${sponsorships.sponsorId})::int` })
    .from(sponsorships)
    .where(
      and(
        eq(sponsorships.packageId, packageId),
        inArray(sponsorships.state, ['accepted', 'active']),
        except ? sql`${sponsorships.sponsorId} <> ${except}` : undefined,
      ),
    );
  return row?.n ?? 0;
}

export async function setLooking(
  db: Executor,
  communityId: string,
  looking: boolean,
  note: string | undefined,
) {
  await db
    .update(communities)
    .set({ lookingForSponsors: looking, ...(note === undefined ? {} : { sponsorNote: note }) })
    .where(eq(communities.id, communityId));
}

export async function lookingOf(db: Executor, communityId: string) {
  const [row] = await db
    .select({ lookingForSponsors: communities.lookingForSponsors, sponsorNote: communities.sponsorNote })
    .from(communities)
    .where(eq(communities.id, communityId));
  return row ?? { lookingForSponsors: false, sponsorNote: '' };
}

export const insertSponsorship = (
  db: Executor,
  values: Omit<SponsorshipRow, 'id' | 'createdAt' | 'updatedAt'>,
) => insertRow(db, sponsorships, values);

export async function findSponsorship(db: Executor, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(sponsorships).where(eq(sponsorships.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Moves a sponsorship from `from` to `to` (a conditional UPDATE: a race's loser changes nothing). */
export async function moveSponsorship(
  db: Executor,
  id: string,
  from: SponsorshipState,
  to: SponsorshipState,
  stamps: Partial<Pick<SponsorshipRow, 'answeredAt' | 'receivedAt' | 'endedAt'>>,
) {
  const [row] = await db
    .update(sponsorships)
    .set({ state: to, ...stamps, updatedAt: sql`now()` })
    .where(and(eq(sponsorships.id, id), eq(sponsorships.state, from)))
    .returning();
  return row;
}

/** A sponsorship with what its presenter needs: community, business and package. */
const sponsorshipColumns = {
  s: sponsorships,
  community: { id: communities.id, slug: communities.slug, name: communities.name },
  sponsor: {
    id: sponsorProfiles.userId,
    name: sponsorProfiles.name,
    logoUrl: sponsorProfiles.logoUrl,
    verified: sponsorProfiles.verified,
  },
  pkg: { id: sponsorPackages.id, name: sponsorPackages.name, benefits: sponsorPackages.benefits },
};
export type SponsorshipView = {
  s: SponsorshipRow;
  community: { id: string; slug: string; name: string };
  sponsor: { id: string; name: string; logoUrl: string | null; verified: boolean };
  pkg: { id: string; name: string; benefits: string[] };
};

export async function sponsorshipViews(db: Executor, where: SQL, limit = 200): Promise<SponsorshipView[]> {
  return db
    .select(sponsorshipColumns)
    .from(sponsorships)
    .innerJoin(communities, eq(communities.id, sponsorships.communityId))
    .innerJoin(sponsorProfiles, eq(sponsorProfiles.userId, sponsorships.sponsorId))
    .innerJoin(sponsorPackages, eq(sponsorPackages.id, sponsorships.packageId))
    .where(where)
    .orderBy(desc(sponsorships.createdAt), desc(sponsorships.id))
    .limit(limit);
}

export const bySponsor = (sponsorId: string) => eq(sponsorships.sponsorId, sponsorId);
export const byCommunity = (communityId: string) => eq(sponsorships.communityId, communityId);
export const byId = (id: string) => eq(sponsorships.id, id);

/**
 * The community's sponsors shown to the public: `active` (the organiser marked the contribution
 * received) and within its period today. Only the business's public columns are read.
 */
export async function activeSponsors(db: Executor, communityId: string) {
  return db
    .select({
      packageId: sponsorPackages.id,
      packageName: sponsorPackages.name,
      benefits: sponsorPackages.benefits,
      id: sponsorProfiles.userId,
      name: sponsorProfiles.name,
      logoUrl: sponsorProfiles.logoUrl,
      website: sponsorProfiles.website,
      verified: sponsorProfiles.verified,
    })
    .from(sponsorships)
    .innerJoin(sponsorPackages, eq(sponsorPackages.id, sponsorships.packageId))
    .innerJoin(sponsorProfiles, eq(sponsorProfiles.userId, sponsorships.sponsorId))
    .where(
      and(
        eq(sponsorships.communityId, communityId),
        eq(sponsorships.state, 'active'),
        sql`${sponsorships.startsOn} <= current_date and ${sponsorships.endsOn} >= current_date`,
      ),
    )
    .orderBy(asc(sponsorPackages.createdAt), asc(sponsorPackages.id), asc(sponsorships.answeredAt));
}

type Near = { lat: number; lon: number };

/**
 * A place's point as others see it (decision 044, as `cityLevelPlace` shows it): a pin or a
 * geocoded address rounded to 0.01°, a gazetteer city as it is. Distances and the radius are
 * measured from it, so a distance never gives away a business's or a club's exact pin; the
 * exact point only finds the rows through the GiST index (`withinRadius`).
 */
const shownPoint = earthPoint(
  sql`(case when ${places.source} = 'gazetteer' then ${places.lat} else round(${places.lat}::numeric, 2)::float8 end)`,
  sql`(case when ${places.source} = 'gazetteer' then ${places.lon} else round(${places.lon}::numeric, 2)::float8 end)`,
);

/**
 * Public communities looking for sponsors whose place is within `radiusKm` of `near`, nearest
 * first: the places' GiST index finds the places, the partial index the looking communities.
 */
export async function lookingNear(db: Executor, near: Near, radiusKm: number, limit: number) {
  const point = earthPoint(places.lat, places.lon);
  const km = sql<number>`${distanceKm(shownPoint, earthPoint(near.lat, near.lon))}::float8`;
  return db
    .select({
      id: communities.id,
      slug: communities.slug,
      name: communities.name,
      imageUrl: communities.imageUrl,
      memberCount: communities.memberCount,
      sponsorNote: communities.sponsorNote,
      city: places.city,
      km,
      packages: sql<number>`(select count(*)::int from ${sponsorPackages} p where p.community_id = ${communities.id} and p.archived_at is null)`,
    })
    .from(communities)
    .innerJoin(places, eq(places.id, communities.placeId))
    .where(
      and(
        eq(communities.lookingForSponsors, true),
        eq(communities.visibility, 'PUBLIC'),
        withinRadius(point, near, radiusKm),
        sql`${km} <= ${radiusKm}`,
      ),
    )
    .orderBy(km, asc(communities.id))
    .limit(limit);
}

/** Verified businesses whose place is within `radiusKm` of `near`, nearest first. */
export async function verifiedNear(db: Executor, near: Near, radiusKm: number, limit: number) {
  const point = earthPoint(places.lat, places.lon);
  const km = sql<number>`${distanceKm(shownPoint, earthPoint(near.lat, near.lon))}::float8`;
  return db
    .select({ profile: sponsorProfiles, km })
    .from(sponsorProfiles)
    .innerJoin(places, eq(places.id, sponsorProfiles.placeId))
    .where(
      and(eq(sponsorProfiles.verified, true), withinRadius(point, near, radiusKm), sql`${km} <= ${radiusKm}`),
    )
    .orderBy(km, asc(sponsorProfiles.userId))
    .limit(limit);
}

/** Ids of the businesses' accounts among `ids` (an organiser names one by its id). */
export async function profilesByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(sponsorProfiles).where(inArray(sponsorProfiles.userId, ids));
}

/**
 * Active sponsorships whose last day is `days` after `today` (a calendar date), with what their
 * reminder names: the business's name and the community's slug and name.
 */
export async function endingOn(db: Executor, today: string, days: number) {
  return db
    .select({
      id: sponsorships.id,
      sponsorId: sponsorships.sponsorId,
      communityId: sponsorships.communityId,
      endsOn: sponsorships.endsOn,
      business: sponsorProfiles.name,
      slug: communities.slug,
      community: communities.name,
    })
    .from(sponsorships)
    .innerJoin(sponsorProfiles, eq(sponsorProfiles.userId, sponsorships.sponsorId))
    .innerJoin(communities, eq(communities.id, sponsorships.communityId))
    .where(
      and(eq(sponsorships.state, 'active'), sql`${sponsorships.endsOn} = ${today}::date + ${days}::int`),
    );
}

/* Hosting (decision 083). */

export const insertHosting = (
  db: Executor,
  values: Omit<EventHostingRow, 'id' | 'createdAt' | 'updatedAt' | 'answeredBy' | 'answeredAt'>,
) => insertRow(db, eventHostings, { ...values, answeredBy: null, answeredAt: null });

export async function findHosting(db: Executor, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(eventHostings).where(eq(eventHostings.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** An event's offers (`sponsorId`: only that business's), newest first, with their business. */
export async function hostingsOf(db: Executor, eventId: string, sponsorId?: string) {
  return db
    .select({ h: eventHostings, profile: sponsorProfiles })
    .from(eventHostings)
    .innerJoin(sponsorProfiles, eq(sponsorProfiles.userId, eventHostings.sponsorId))
    .where(
      and(eq(eventHostings.eventId, eventId), sponsorId ? eq(eventHostings.sponsorId, sponsorId) : undefined),
    )
    .orderBy(desc(eventHostings.createdAt), desc(eventHostings.id))
    .limit(100);
}

export async function hasAcceptedHosting(db: Executor, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ id: eventHostings.id })
    .from(eventHostings)
    .where(and(eq(eventHostings.eventId, eventId), eq(eventHostings.state, 'accepted')))
    .limit(1);
  return rows.length > 0;
}

/** Moves an offer from `from` (a conditional UPDATE: a race's loser changes nothing). */
export async function moveHosting(
  db: Executor,
  id: string,
  from: HostingState,
  to: HostingState,
  answeredBy: string | null,
) {
  const [row] = await db
    .update(eventHostings)
    .set({
      state: to,
      ...(answeredBy ? { answeredBy, answeredAt: new Date() } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(eventHostings.id, id), eq(eventHostings.state, from)))
    .returning();
  return row;
}

/**
 * The business hosting the event: its accepted offer, while the event is still at the place
 * offered (a host who moves the event elsewhere ends "Hosted by" without a write here).
 */
export async function hostOfEvent(db: Executor, eventId: string) {
  const [row] = await db
    .select({
      id: sponsorProfiles.userId,
      name: sponsorProfiles.name,
      logoUrl: sponsorProfiles.logoUrl,
      website: sponsorProfiles.website,
      verified: sponsorProfiles.verified,
    })
    .from(eventHostings)
    .innerJoin(events, eq(events.id, eventHostings.eventId))
    .innerJoin(sponsorProfiles, eq(sponsorProfiles.userId, eventHostings.sponsorId))
    .where(
      and(
        eq(eventHostings.eventId, eventId),
        eq(eventHostings.state, 'accepted'),
        sql`${events.placeId} = ${eventHostings.placeId}`,
      ),
    );
  return row;
}

/** The community's active sponsors whose package has `benefit`, each business once, with whether it gives money. */
export async function activeSponsorsWith(db: Executor, communityId: string, benefit: string) {
  return db
    .selectDistinctOn([sponsorProfiles.userId], {
      id: sponsorProfiles.userId,
      name: sponsorProfiles.name,
      logoUrl: sponsorProfiles.logoUrl,
      website: sponsorProfiles.website,
      verified: sponsorProfiles.verified,
      funder: sql<boolean>`bool_or(${sponsorPackages.contribution} = 'money') over (partition by ${sponsorProfiles.userId})`,
    })
    .from(sponsorships)
    .innerJoin(sponsorPackages, eq(sponsorPackages.id, sponsorships.packageId))
    .innerJoin(sponsorProfiles, eq(sponsorProfiles.userId, sponsorships.sponsorId))
    .where(
      and(
        eq(sponsorships.communityId, communityId),
        eq(sponsorships.state, 'active'),
        sql`${sponsorships.startsOn} <= current_date and ${sponsorships.endsOn} >= current_date`,
        sql`${benefit} = any(${sponsorPackages.benefits})`,
      ),
    )
    .orderBy(sponsorProfiles.userId)
    .limit(50);
}

/** Removes a business profile (moderation); its sponsorships and offers go with it (cascade). */
export async function deleteProfile(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .delete(sponsorProfiles)
    .where(eq(sponsorProfiles.userId, userId))
    .returning({ id: sponsorProfiles.userId });
  return rows.length > 0;
}
