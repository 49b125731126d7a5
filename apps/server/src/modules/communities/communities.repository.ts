import { and, asc, desc, eq, ilike, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { anyRow, insertRow, type NewRow, updateRow } from '../../db/rows.ts';
import {
  type CommunityRow,
  communities,
  type EventRow,
  eventGuests,
  events,
  type GroupMemberRow,
  groupMembers,
  rsvps,
  users,
} from '../../db/schema/index.ts';
import { placeWithin } from '../../platform/geo.ts';
import { membersOnly, personColumns } from '../../platform/people.ts';
import { visibleTo } from '../access/events.ts';

export type Membership = Pick<GroupMemberRow, 'role' | 'state'>;
export type CommunityWithViewer = {
  community: CommunityRow;
  role: Membership['role'] | null;
  state: Membership['state'] | null;
  eventNotifications: GroupMemberRow['eventNotifications'] | null;
};

const viewerColumns = {
  community: communities,
  role: groupMembers.role,
  state: groupMembers.state,
  eventNotifications: groupMembers.eventNotifications,
};

/** The viewer's row joined in, so every community read carries `viewerRole`/`viewerState`. */
function withViewer(db: Executor, viewerId: string | undefined) {
  return db
    .select(viewerColumns)
    .from(communities)
    .leftJoin(
      groupMembers,
      and(
        eq(groupMembers.groupId, communities.id),
        // No viewer: a join condition that never matches.
        viewerId ? eq(groupMembers.userId, viewerId) : sql`false`,
      ),
    );
}

async function findOne(
  db: Executor,
  where: SQL,
  viewerId: string | undefined,
): Promise<CommunityWithViewer | undefined> {
  const rows = await withViewer(db, viewerId).where(where).limit(1);
  return rows[0];
}

export const findBySlug = (db: Executor, slug: string, viewerId: string | undefined) =>
  findOne(db, eq(communities.slug, slug), viewerId);

export const findById = (db: Executor, id: string, viewerId: string | undefined) =>
  findOne(db, eq(communities.id, id), viewerId);

/** Public communities for the sitemap (slug and last change), the most recently changed first. */
export async function listPublicForSitemap(db: Executor, limit: number) {
  return db
    .select({ slug: communities.slug, updatedAt: communities.updatedAt })
    .from(communities)
    .where(eq(communities.visibility, 'PUBLIC'))
    .orderBy(desc(communities.updatedAt))
    .limit(limit);
}

export async function slugTaken(db: Executor, slug: string): Promise<boolean> {
  return anyRow(db, communities, eq(communities.slug, slug));
}

export type DiscoverOptions = {
  q?: string;
  tag?: string;
  verified?: boolean;
  after?: { memberCount: number; id: string };
  /** Only communities whose place lies within `radiusKm` of the point. */
  near?: { lat: number; lon: number; radiusKm: number };
  limit: number;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** What discovery searches: the expression of the trigram index communities_search_trgm. */
const searchable = sql`(${communities.name} || ' ' || ${communities.location} || ' ' || ${communities.slug})`;

/** Discovery: biggest first, keyset on (member_count, id) read through communities_discover_idx. */
export async function discover(db: Executor, viewerId: string | undefined, o: DiscoverOptions) {
  const pattern = o.q ? `%${escapeLike(o.q)}%` : undefined;
  const conditions: (SQL | undefined)[] = [
    pattern ? ilike(searchable, pattern) : undefined,
    o.tag ? sql`${communities.tags} @> array[${o.tag}]::text[]` : undefined,
    o.verified === undefined ? undefined : eq(communities.verified, o.verified),
    o.near ? placeWithin(communities.placeId, o.near, o.near.radiusKm) : undefined,
    o.after
      ? sql`(${communities.memberCount}, ${communities.id}) < (${o.after.memberCount}, ${o.after.id}::uuid)`
      : undefined,
  ];
  return withViewer(db, viewerId)
    .where(and(...conditions))
    .orderBy(desc(communities.memberCount), desc(communities.id))
    .limit(o.limit);
}

/** The communities where `userId` has a row matching `condition`, with the row (as `withViewer`). */
function rowsOf(db: Executor, userId: string, condition: SQL) {
  return db
    .select(viewerColumns)
    .from(groupMembers)
    .innerJoin(communities, eq(communities.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), eq(groupMembers.kind, 'community'), condition));
}

/** The communities `userId` is in or has asked to join or been invited to, by name. */
export async function listMine(db: Executor, userId: string) {
  return rowsOf(db, userId, sql`${groupMembers.state} <> 'banned'`)
    .orderBy(asc(communities.name), asc(communities.id))
    .limit(500);
}

export const insertCommunity = (db: Executor, values: NewRow<typeof communities>): Promise<CommunityRow> =>
  insertRow(db, communities, values);

export const updateCommunity = (db: Executor, id: string, values: PgUpdateSetSource<typeof communities>) =>
  updateRow(db, communities, id, values);

/** Keeps `member_count` true: recounted in the transaction that changed a membership. */
export async function recount(db: Executor, id: string): Promise<void> {
  await db.execute(sql`update communities set member_count =
    (select count(*)::int from group_members where group_id = ${id} and state = 'member')
    where id = ${id}`);
}

/** A person as the member list shows them (never an e-mail address). */
export async function person(db: Executor, userId: string) {
  const rows = await db.select(personColumns).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

/** Ids of every event the community hosts (to re-check who may stay in their chats). */
export async function eventIdsOf(db: Executor, communityId: string): Promise<string[]> {
  const rows = await db.select({ id: events.id }).from(events).where(eq(events.communityId, communityId));
  return rows.map((r) => r.id);
}

/** The community's events the viewer can see: upcoming soonest first, past latest first. */
export async function communityEvents(
  db: Executor,
  communityId: string,
  viewerId: string | undefined,
  when: 'upcoming' | 'past',
  after: { startDate: Date; id: string } | undefined,
  limit: number,
): Promise<EventRow[]> {
  const upcoming = when === 'upcoming';
  const cursor = after
    ? sql`(${events.startDate}, ${events.id}) ${upcoming ? sql`>` : sql`<`} (${after.startDate.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.communityId, communityId),
        visibleTo(viewerId),
        upcoming ? sql`${events.endDate} >= now()` : sql`${events.endDate} < now()`,
        cursor,
      ),
    )
    .orderBy(
      ...(upcoming ? [asc(events.startDate), asc(events.id)] : [desc(events.startDate), desc(events.id)]),
    )
    .limit(limit);
}

/**
 * Deletes the community: its upcoming events are cancelled (deleted), the past ones stay without
 * a host; the chat history goes. Returns the cancelled events with the people who had answered.
 */
export async function deleteCommunity(db: Executor, id: string) {
  const cancelled = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.communityId, id), sql`${events.endDate} >= now()`));
  const ids = cancelled.map((e) => e.id);
  const attendees = ids.length
    ? await db
        .select({ eventId: rsvps.eventId, userId: rsvps.userId })
        .from(rsvps)
        .where(and(inArray(rsvps.eventId, ids), inArray(rsvps.status, ['going', 'maybe'])))
        .then(membersOnly)
    : [];
  // Guests who answered (decision 048) are told like members: their rows outlive the event,
  // detached from it, so that their notification can name them (decision 065).
  const guests = ids.length
    ? await db
        .select({ eventId: rsvps.eventId, guestId: eventGuests.id })
        .from(rsvps)
        .innerJoin(eventGuests, eq(eventGuests.id, rsvps.guestId))
        .where(
          and(
            inArray(rsvps.eventId, ids),
            inArray(rsvps.status, ['going', 'maybe']),
            isNotNull(eventGuests.confirmedAt),
          ),
        )
    : [];
  if (guests.length)
    await db
      .update(eventGuests)
      .set({ eventId: null })
      .where(
        inArray(
          eventGuests.id,
          guests.map((g) => g.guestId),
        ),
      );
  // The chats of these events and of the community go with their rows (AFTER DELETE triggers).
  if (ids.length) await db.delete(events).where(inArray(events.id, ids));
  // Past events stay without a host; those of a PRIVATE community stay private rather than
  // becoming visible to everyone once the community clause of `visibleTo` no longer applies.
  await db.execute(sql`update ${events} set visibility = 'PRIVATE'
    where ${events.communityId} = ${id}
      and exists (select 1 from ${communities} c where c.id = ${id} and c.visibility = 'PRIVATE')`);
  await db.delete(communities).where(eq(communities.id, id));
  return { cancelled, attendees, guests };
}

/** Communities `userId` owns. */
export async function ownedBy(db: Executor, userId: string) {
  const rows = await rowsOf(
    db,
    userId,
    sql`${groupMembers.role} = 'OWNER' and ${groupMembers.state} = 'member'`,
  );
  return rows.map((r) => r.community);
}
