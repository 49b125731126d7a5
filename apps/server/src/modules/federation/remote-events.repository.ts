import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type FederationFollowRow,
  type FederationSubscriptionRow,
  federationFollows,
  federationSubscriptions,
  type RemoteEventRow,
  remoteEvents,
} from '../../db/schema/index.ts';
import { distanceKm, earthPoint, withinRadius } from '../../platform/geo.ts';
import { organizerExists } from '../access/groups.ts';
import type { RemoteEventInput } from './remote-event-object.ts';

/** Federation in (decision 079): subscriptions, who follows through them, and remote events. */

export async function findSubscription(
  db: Executor,
  actorUri: string,
): Promise<FederationSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(federationSubscriptions)
    .where(eq(federationSubscriptions.actorUri, actorUri));
  return row;
}

export async function findSubscriptionByFollowId(
  db: Executor,
  followId: string,
): Promise<FederationSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(federationSubscriptions)
    .where(eq(federationSubscriptions.followId, followId));
  return row;
}

/** Stores the subscription unless it exists; answers the stored row and whether it was made now. */
export async function saveSubscription(
  db: Executor,
  row: Omit<FederationSubscriptionRow, 'createdAt' | 'updatedAt' | 'state'>,
): Promise<{ row: FederationSubscriptionRow; created: boolean }> {
  const [made] = await db.insert(federationSubscriptions).values(row).onConflictDoNothing().returning();
  if (made) return { row: made, created: true };
  const existing = await findSubscription(db, row.actorUri);
  if (!existing) throw new Error('subscription vanished while it was saved');
  return { row: existing, created: false };
}

/** A `rejected` subscription asked again: a new Follow id, pending. */
export async function renewSubscription(
  db: Executor,
  actorUri: string,
  followId: string,
): Promise<FederationSubscriptionRow | undefined> {
  const [row] = await db
    .update(federationSubscriptions)
    .set({ followId, state: 'pending', updatedAt: new Date() })
    .where(eq(federationSubscriptions.actorUri, actorUri))
    .returning();
  return row;
}

export async function setSubscriptionState(
  db: Executor,
  actorUri: string,
  state: 'accepted' | 'rejected',
): Promise<void> {
  await db
    .update(federationSubscriptions)
    .set({ state, updatedAt: new Date() })
    .where(eq(federationSubscriptions.actorUri, actorUri));
}

/**
 * The subscription goes, then its events: deleting the row waits for any event being stored
 * under it (`upsertFollowedRemoteEvent` holds it shared), so none is left behind by a delivery
 * that was on its way when the last follow ended.
 */
export async function deleteSubscription(db: Executor, actorUri: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(federationSubscriptions).where(eq(federationSubscriptions.actorUri, actorUri));
    await tx.delete(remoteEvents).where(eq(remoteEvents.actorUri, actorUri));
  });
}

/** Adds a follow (a second ask of the same one answers the first). */
export async function saveFollow(
  db: Executor,
  row: Pick<FederationFollowRow, 'scope' | 'userId' | 'communityId' | 'createdBy' | 'actorUri'>,
): Promise<FederationFollowRow> {
  const [made] = await db.insert(federationFollows).values(row).onConflictDoNothing().returning();
  if (made) return made;
  const [existing] = await db
    .select()
    .from(federationFollows)
    .where(
      and(
        eq(federationFollows.scope, row.scope),
        eq(federationFollows.actorUri, row.actorUri),
        sql`${federationFollows.userId} is not distinct from ${row.userId}`,
        sql`${federationFollows.communityId} is not distinct from ${row.communityId}`,
      ),
    );
  if (!existing) throw new Error('follow vanished while it was saved');
  return existing;
}

export async function findFollow(db: Executor, id: string): Promise<FederationFollowRow | undefined> {
  const [row] = await db.select().from(federationFollows).where(eq(federationFollows.id, id));
  return row;
}

export async function deleteFollow(db: Executor, id: string): Promise<void> {
  await db.delete(federationFollows).where(eq(federationFollows.id, id));
}

export async function followCount(db: Executor, actorUri: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(federationFollows)
    .where(eq(federationFollows.actorUri, actorUri));
  return row?.n ?? 0;
}

/**
 * The follows a person manages: their own, those of the communities they organise, and the
 * instance's when they are an admin; newest first, with their subscription.
 */
export async function followsManagedBy(
  db: Executor,
  userId: string,
  isAdmin: boolean,
): Promise<(FederationFollowRow & { subscription: FederationSubscriptionRow })[]> {
  const rows = await db
    .select({ follow: federationFollows, subscription: federationSubscriptions })
    .from(federationFollows)
    .innerJoin(federationSubscriptions, eq(federationSubscriptions.actorUri, federationFollows.actorUri))
    .where(
      sql`(${federationFollows.userId} = ${userId}
        or (${federationFollows.communityId} is not null and ${organizerExists(federationFollows.communityId, userId)})
        or (${federationFollows.scope} = 'instance' and ${isAdmin}))`,
    )
    .orderBy(sql`${federationFollows.createdAt} desc`, federationFollows.id);
  return rows.map((r) => ({ ...r.follow, subscription: r.subscription }));
}

/** Which of these actors we follow with a `Follow` the remote side accepted. */
export async function followedActors(db: Executor, actorUris: string[]): Promise<Set<string>> {
  if (actorUris.length === 0) return new Set();
  const rows = await db
    .select({ actorUri: federationSubscriptions.actorUri })
    .from(federationSubscriptions)
    .where(
      and(
        inArray(federationSubscriptions.actorUri, actorUris),
        eq(federationSubscriptions.state, 'accepted'),
      ),
    );
  return new Set(rows.map((r) => r.actorUri));
}

/**
 * The event as its origin describes it now, stored under its ActivityPub id; it expires when it
 * ends (the sweep removes it then).
 */
export async function upsertRemoteEvent(
  db: Executor,
  input: RemoteEventInput & { actorUri: string; instance: string },
): Promise<RemoteEventRow> {
  const values = {
    apId: input.apId,
    actorUri: input.actorUri,
    instance: input.instance,
    url: input.url,
    title: input.title,
    description: input.description,
    startDate: input.startDate,
    endDate: input.endDate,
    timeZone: input.timeZone ?? null,
    placeName: input.placeName ?? null,
    placeAddress: input.placeAddress ?? null,
    city: input.city ?? null,
    country: input.country ?? null,
    lat: input.lat ?? null,
    lon: input.lon ?? null,
    online: input.online,
    status: input.status,
    capacity: input.capacity ?? null,
    participantCount: input.participantCount ?? null,
    expiresAt: input.endDate,
  };
  // The actor it was first stored under stays its owner (decision 079): only that actor's
  // Delete removes it, whoever announces it again.
  const { apId: _apId, actorUri: _actorUri, ...changes } = values;
  const [row] = await db
    .insert(remoteEvents)
    .values(values)
    .onConflictDoUpdate({ target: remoteEvents.apId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('remote event not stored');
  return row;
}

/** Removes a remote event, only when asked from its own server (`instance`). */
/** How many remote events are stored under this actor. */
export async function remoteEventCount(db: Executor, actorUri: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(remoteEvents)
    .where(eq(remoteEvents.actorUri, actorUri));
  return row?.n ?? 0;
}

/**
 * Stores the event only while its actor's subscription is accepted, holding that row shared
 * until it is written: an unfollow at the same moment waits, then forgets this event too.
 */
export async function upsertFollowedRemoteEvent(
  db: Executor,
  input: RemoteEventInput & { actorUri: string; instance: string },
): Promise<RemoteEventRow | undefined> {
  return db.transaction(async (tx) => {
    const followed = await tx.execute(
      sql`select 1 from ${federationSubscriptions} where ${federationSubscriptions.actorUri} = ${input.actorUri}
        and ${federationSubscriptions.state} = 'accepted' for share`,
    );
    if (followed.rows.length === 0) return undefined;
    return upsertRemoteEvent(tx, input);
  });
}

export async function deleteRemoteEvent(db: Executor, apId: string, instance: string): Promise<number> {
  const gone = await db
    .delete(remoteEvents)
    .where(and(eq(remoteEvents.apId, apId), eq(remoteEvents.instance, instance)))
    .returning({ id: remoteEvents.id });
  return gone.length;
}

/** Past remote events are forgotten (the hourly sweep). */
export async function sweepRemoteEvents(db: Executor, now = new Date()): Promise<number> {
  const gone = await db
    .delete(remoteEvents)
    .where(lt(remoteEvents.expiresAt, now))
    .returning({ id: remoteEvents.id });
  return gone.length;
}

export async function remoteEventByApId(db: Executor, apId: string): Promise<RemoteEventRow | undefined> {
  const [row] = await db.select().from(remoteEvents).where(eq(remoteEvents.apId, apId));
  return row;
}

/**
 * A city of the gazetteer by its name (and country when known), the most populous of that name:
 * where an event that names only its locality is put on the map.
 */
export async function gazetteerCityNamed(
  db: Executor,
  name: string,
  country: string | undefined,
): Promise<{ name: string; country: string; lat: number; lon: number } | undefined> {
  const result = await db.execute<{ name: string; country: string; lat: number; lon: number }>(sql`
    select name, country, lat, lon from gazetteer
    where lower(name) = lower(${name}) and feature_code <> 'PPLX'
      ${country ? sql`and country = ${country}` : sql``}
    order by population desc limit 1`);
  return result.rows[0];
}

export type RemoteNearRow = RemoteEventRow & { distanceKm: number | null };

export type RemoteNearQuery = {
  near: { lat: number; lon: number };
  radiusKm: number;
  sort: 'date' | 'distance';
  /** The keyset position of the near list's cursor: only rows after it. */
  after?: { sort: 'date'; startDate: Date; id: string } | { sort: 'distance'; km: number; id: string };
  limit: number;
  /** Online events without a place too (distance 0 in the order). */
  includeOnline?: boolean;
  /** Hosts whose events are not shown (blocked domains). */
  hiddenInstances?: string[];
};

/**
 * Upcoming remote events within the radius (the GiST index on their point), in the near list's
 * order and after its cursor, so a page can merge them with the local ones.
 */
export async function remoteEventsNear(db: Executor, q: RemoteNearQuery): Promise<RemoteNearRow[]> {
  const point = earthPoint(remoteEvents.lat, remoteEvents.lon);
  const centre = earthPoint(q.near.lat, q.near.lon);
  const km = sql`coalesce(${distanceKm(point, centre)}, 0)`;
  const placed = sql`(${remoteEvents.lat} is not null and ${withinRadius(point, q.near, q.radiusKm)})`;
  const where = q.includeOnline
    ? sql`(${placed} or (${remoteEvents.lat} is null and ${remoteEvents.online}))`
    : placed;
  const hidden = q.hiddenInstances ?? [];
  const after = !q.after
    ? sql``
    : q.after.sort === 'distance'
      ? sql`and (${km}, ${remoteEvents.id}) > (${q.after.km}::float8, ${q.after.id}::uuid)`
      : sql`and (${remoteEvents.startDate}, ${remoteEvents.id}) > (${q.after.startDate.toISOString()}::timestamptz, ${q.after.id}::uuid)`;
  const order =
    q.sort === 'distance'
      ? sql`${km}, ${remoteEvents.id}`
      : sql`${remoteEvents.startDate}, ${remoteEvents.id}`;
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${remoteEvents}.*, case when ${remoteEvents.lat} is null then null else ${km}::float8 end as "distanceKm"
    from ${remoteEvents}
    where ${where} and ${remoteEvents.endDate} >= now()
      ${
        hidden.length > 0
          ? sql`and ${remoteEvents.instance} not in (${sql.join(
              hidden.map((h) => sql`${h}`),
              sql`, `,
            )})`
          : sql``
      }
      ${after}
    order by ${order} limit ${q.limit}`);
  return result.rows.map(rowFromSql);
}

/** A raw row of `select remote_events.*` with its snake-case columns, as the table's row type. */
function rowFromSql(r: Record<string, unknown>): RemoteNearRow {
  const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  return {
    id: String(r.id),
    apId: String(r.ap_id),
    actorUri: String(r.actor_uri),
    instance: String(r.instance),
    url: String(r.url),
    title: String(r.title),
    description: String(r.description ?? ''),
    startDate: date(r.start_date),
    endDate: date(r.end_date),
    timeZone: (r.time_zone as string | null) ?? null,
    placeName: (r.place_name as string | null) ?? null,
    placeAddress: (r.place_address as string | null) ?? null,
    city: (r.city as string | null) ?? null,
    country: (r.country as string | null) ?? null,
    lat: r.lat === null || r.lat === undefined ? null : Number(r.lat),
    lon: r.lon === null || r.lon === undefined ? null : Number(r.lon),
    online: Boolean(r.online),
    status: r.status as RemoteEventRow['status'],
    capacity: r.capacity === null || r.capacity === undefined ? null : Number(r.capacity),
    participantCount:
      r.participant_count === null || r.participant_count === undefined ? null : Number(r.participant_count),
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
    expiresAt: date(r.expires_at),
    distanceKm: r.distanceKm === null || r.distanceKm === undefined ? null : Number(r.distanceKm),
  };
}
