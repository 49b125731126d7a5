import type { webcrypto } from 'node:crypto';
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import {
  communities,
  type EventRow,
  events,
  federationFollowers,
  federationKeys,
  places,
  users,
} from '../../db/schema/index.ts';
import { visibleTo } from '../access/events.ts';
import { organizerExists } from '../access/groups.ts';

/**
 * What federation reads and writes (decision 073). Only what anyone may read leaves the instance:
 * PUBLIC communities and the public, published events they host (`visibleTo` of a signed-out
 * viewer, the one rule of the policy floor, decision 068).
 */

export type FederatedCommunity = Pick<
  typeof communities.$inferSelect,
  'id' | 'slug' | 'name' | 'description' | 'imageUrl' | 'joinPolicy' | 'createdAt'
>;

const communityColumns = {
  id: communities.id,
  slug: communities.slug,
  name: communities.name,
  description: communities.description,
  imageUrl: communities.imageUrl,
  joinPolicy: communities.joinPolicy,
  createdAt: communities.createdAt,
};

/** The PUBLIC community with this slug: a `Group` actor. A PRIVATE one is no actor at all. */
export async function publicCommunityBySlug(
  db: Executor,
  slug: string,
): Promise<FederatedCommunity | undefined> {
  const rows = await db
    .select(communityColumns)
    .from(communities)
    .where(and(eq(communities.slug, slug), eq(communities.visibility, 'PUBLIC')));
  return rows[0];
}

export async function publicCommunityById(db: Executor, id: string): Promise<FederatedCommunity | undefined> {
  const rows = await db
    .select(communityColumns)
    .from(communities)
    .where(and(eq(communities.id, id), eq(communities.visibility, 'PUBLIC')));
  return rows[0];
}

export type FederatedEvent = EventRow & {
  community: FederatedCommunity;
  place: typeof places.$inferSelect | null;
  going: number;
};

/**
 * The event if it federates: seen by a signed-out viewer (public, published, not hidden, its host
 * not suspended) and hosted by a PUBLIC community. Anything else is not an object here.
 */
export async function federatedEvent(db: Executor, id: string): Promise<FederatedEvent | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), visibleTo(undefined), sql`${events.communityId} is not null`));
  const event = rows[0];
  if (!event?.communityId) return undefined;
  const community = await publicCommunityById(db, event.communityId);
  if (!community) return undefined;
  const place = event.placeId
    ? ((await db.select().from(places).where(eq(places.id, event.placeId)))[0] ?? null)
    : null;
  const going = await db.execute<{ n: number }>(
    sql`select coalesce(sum(1 + cardinality(guests)), 0)::int as n from rsvps where event_id = ${id} and status = 'going'`,
  );
  return { ...event, community, place, going: going.rows[0]?.n ?? 0 };
}

export type Algorithm = 'RSASSA-PKCS1-v1_5' | 'Ed25519';
const ALGORITHMS: Algorithm[] = ['RSASSA-PKCS1-v1_5', 'Ed25519'];

/**
 * An actor's key pairs (RSA for HTTP signatures, Ed25519 for object proofs), made the first time
 * they are asked for and kept: every instance of the app signs with the same keys, since the one
 * that loses the race to insert reads the winner's.
 */
export async function keyPairsOf(db: Database, actor: string): Promise<webcrypto.CryptoKeyPair[]> {
  const stored = async () => db.select().from(federationKeys).where(eq(federationKeys.actor, actor));
  let rows = await stored();
  for (const algorithm of ALGORITHMS) {
    if (rows.some((r) => r.algorithm === algorithm)) continue;
    const pair = await generateCryptoKeyPair(algorithm);
    await db
      .insert(federationKeys)
      .values({
        actor,
        algorithm,
        privateJwk: await exportJwk(pair.privateKey),
        publicJwk: await exportJwk(pair.publicKey),
      })
      .onConflictDoNothing();
    rows = await stored();
  }
  return Promise.all(
    ALGORITHMS.map(async (algorithm) => {
      const row = rows.find((r) => r.algorithm === algorithm);
      if (!row) throw new Error(`no ${algorithm} key for ${actor}`);
      return {
        privateKey: await importJwk(row.privateJwk, 'private'),
        publicKey: await importJwk(row.publicJwk, 'public'),
      };
    }),
  );
}

export async function saveFollower(
  db: Executor,
  follower: {
    communityId: string;
    actorUri: string;
    inbox: string;
    sharedInbox: string | null;
    followId: string | null;
    state: 'accepted' | 'pending';
  },
): Promise<'accepted' | 'pending'> {
  const rows = await db
    .insert(federationFollowers)
    .values(follower)
    .onConflictDoUpdate({
      target: [federationFollowers.communityId, federationFollowers.actorUri],
      set: { inbox: follower.inbox, sharedInbox: follower.sharedInbox, followId: follower.followId },
    })
    .returning({ state: federationFollowers.state });
  return rows[0]?.state ?? follower.state;
}

export async function removeFollower(db: Executor, communityId: string, actorUri: string): Promise<boolean> {
  const result = await db
    .delete(federationFollowers)
    .where(and(eq(federationFollowers.communityId, communityId), eq(federationFollowers.actorUri, actorUri)));
  return (result.rowCount ?? 0) > 0;
}

/** Accepted followers of a community, for deliveries (never published as a list). */
export async function acceptedFollowers(db: Executor, communityId: string) {
  return db
    .select()
    .from(federationFollowers)
    .where(and(eq(federationFollowers.communityId, communityId), eq(federationFollowers.state, 'accepted')));
}

export async function followerCount(db: Executor, communityId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(federationFollowers)
    .where(and(eq(federationFollowers.communityId, communityId), eq(federationFollowers.state, 'accepted')));
  return rows[0]?.n ?? 0;
}

/** NodeInfo's usage: accounts and public community events (what others can see of this instance). */
export async function usage(db: Executor): Promise<{ users: number; posts: number }> {
  const [u] = await db.select({ n: count() }).from(users);
  const [e] = await db
    .select({ n: count() })
    .from(events)
    .where(and(visibleTo(undefined), sql`${events.communityId} is not null`));
  return { users: u?.n ?? 0, posts: e?.n ?? 0 };
}

/** A community's followers for its organisers: pending first, then newest first. */
export async function followersForOrganizers(db: Executor, communityId: string) {
  return db
    .select()
    .from(federationFollowers)
    .where(eq(federationFollowers.communityId, communityId))
    .orderBy(sql`${federationFollowers.state} = 'accepted'`, sql`${federationFollowers.createdAt} desc`)
    .limit(1000);
}

export async function followerOf(db: Executor, communityId: string, actorUri: string) {
  const rows = await db
    .select()
    .from(federationFollowers)
    .where(and(eq(federationFollowers.communityId, communityId), eq(federationFollowers.actorUri, actorUri)));
  return rows[0];
}

export async function markAccepted(db: Executor, communityId: string, actorUri: string) {
  const rows = await db
    .update(federationFollowers)
    .set({ state: 'accepted' })
    .where(and(eq(federationFollowers.communityId, communityId), eq(federationFollowers.actorUri, actorUri)))
    .returning();
  return rows[0];
}

/** Whether `userId` organises the community (`can(…, 'manage', …)`'s rule, read in SQL). */
export async function organizes(db: Executor, communityId: string, userId: string): Promise<boolean> {
  const result = await db.execute(sql`select ${organizerExists(communityId, userId)} as ok`);
  return Boolean((result.rows[0] as { ok?: boolean } | undefined)?.ok);
}

/** The next public events of a community (not ended, not called off), soonest first. */
export async function upcomingEventIds(db: Executor, communityId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.communityId, communityId),
        visibleTo(undefined),
        sql`${events.endDate} > now() and ${events.cancelledAt} is null`,
      ),
    )
    .orderBy(events.startDate, events.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function upcomingEventCount(db: Executor, communityId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(events)
    .where(
      and(
        eq(events.communityId, communityId),
        visibleTo(undefined),
        sql`${events.endDate} > now() and ${events.cancelledAt} is null`,
      ),
    );
  return row?.n ?? 0;
}
