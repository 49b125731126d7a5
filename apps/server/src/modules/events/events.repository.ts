import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { communities, type EventRow, events, rsvps, users } from '../../db/schema/index.ts';
import { memberExists, memberTables } from '../groups/membership.repository.ts';

/**
 * Who may see an event: its creator always; anyone else only once it is published, and for a
 * private event only the creator's friends and people who RSVP'd. Anonymous viewers see public,
 * published events. An event hosted by a PRIVATE community is, beyond that, for its members only.
 */
export function visibleTo(viewerId: string | undefined): SQL {
  if (!viewerId)
    return sql`(${events.status} <> 'DRAFT' and ${events.visibility} = 'PUBLIC' and ${communityAllows(undefined)})`;
  return sql`(${events.creatorId} = ${viewerId} or (${events.status} <> 'DRAFT' and (
    ${events.visibility} = 'PUBLIC'
    or exists (select 1 from friendships f where f.user_id = ${events.creatorId} and f.friend_id = ${viewerId})
    or exists (select 1 from rsvps r where r.event_id = ${events.id} and r.user_id = ${viewerId})
  ) and ${communityAllows(viewerId)}))`;
}

/** No host community, a PUBLIC one, or a PRIVATE one the viewer is a member of. */
function communityAllows(viewerId: string | undefined): SQL {
  const member = viewerId ? sql` or ${memberExists(memberTables.community, sql`c.id`, viewerId)}` : sql``;
  return sql`(${events.communityId} is null or exists (select 1 from communities c
    where c.id = ${events.communityId} and (c.visibility = 'PUBLIC'${member})))`;
}

/** A LIVE event whose end has passed reads as PAST everywhere; this is the rest of LIVE. */
const isLive = sql`(${events.status} = 'LIVE' and ${events.endDate} >= now())`;

const ENDED_CAP = 1000;

export type ListOptions = {
  viewerId: string;
  status?: 'DRAFT' | 'LIVE' | 'PAST';
  mine: boolean;
  after?: { startDate: Date; id: string };
  limit: number;
};

type Cursor = { startDate: Date; id: string } | undefined;
const afterCursor = (c: Cursor) =>
  c
    ? sql`(${events.startDate}, ${events.id}) > (${c.startDate.toISOString()}::timestamptz, ${c.id}::uuid)`
    : undefined;
const beforeCursor = (c: Cursor) =>
  c
    ? sql`(${events.startDate}, ${events.id}) < (${c.startDate.toISOString()}::timestamptz, ${c.id}::uuid)`
    : undefined;
const ascending = [asc(events.startDate), asc(events.id)];
const descending = [desc(events.startDate), desc(events.id)];

/**
 * Keyset pagination on (start_date, id), upcoming first, except PAST (most recent first). Each
 * shape reads one index in order and stops after a page: LIVE the `status = 'LIVE'` partial
 * index; PAST the `status = 'PAST'` one, merged with the few LIVE events that ended since the
 * status job last ran; everything else the full (start_date, id) index.
 */
export async function listEvents(db: Executor, o: ListOptions): Promise<EventRow[]> {
  const scope = o.mine ? eq(events.creatorId, o.viewerId) : visibleTo(o.viewerId);
  const page = (...conditions: (SQL | undefined)[]) =>
    db
      .select()
      .from(events)
      .where(and(scope, ...conditions));
  switch (o.status) {
    case 'DRAFT':
      return page(eq(events.creatorId, o.viewerId), eq(events.status, 'DRAFT'), afterCursor(o.after))
        .orderBy(...ascending)
        .limit(o.limit);
    case 'LIVE':
      return page(eq(events.status, 'LIVE'), sql`${events.endDate} >= now()`, afterCursor(o.after))
        .orderBy(...ascending)
        .limit(o.limit);
    case 'PAST': {
      const [stored, ended] = await Promise.all([
        page(eq(events.status, 'PAST'), beforeCursor(o.after))
          .orderBy(...descending)
          .limit(o.limit),
        // Ended but not yet marked PAST: at most a minute's worth while the status job runs, so
        // read them through the (status, end_date) index, latest end first, and sort here by start. Capped, so a
        // stalled job degrades the order of this list, never the database.
        page(eq(events.status, 'LIVE'), sql`${events.endDate} < now()`, beforeCursor(o.after))
          .orderBy(desc(events.endDate))
          .limit(ENDED_CAP),
      ]);
      return [...stored, ...ended]
        .sort((a, b) => b.startDate.getTime() - a.startDate.getTime() || (a.id < b.id ? 1 : -1))
        .slice(0, o.limit);
    }
    default:
      return page(afterCursor(o.after))
        .orderBy(...ascending)
        .limit(o.limit);
  }
}

/** Counts stop at this many: a tile says "1000+" rather than scanning a whole city's events. */
export const COUNT_CAP = 1000;

export async function countEvents(db: Executor, viewerId: string) {
  // Each count walks one index in order (creator, LIVE partial, PAST partial, status + end date)
  // and stops at the cap; the ORDER BY is what makes the planner take the index.
  const capped = (condition: SQL, order: SQL) =>
    sql<number>`(select count(*)::int from (select 1 from ${events} where ${condition} and ${visibleTo(viewerId)} order by ${order} limit ${COUNT_CAP}) c)`;
  const result = await db.execute<{ draft: number; live: number; past: number; ended: number }>(sql`select
    ${capped(sql`${events.creatorId} = ${viewerId} and ${events.status} = 'DRAFT'`, sql`${events.startDate}`)} as draft,
    ${capped(isLive, sql`${events.startDate}`)} as live,
    ${capped(sql`${events.status} = 'PAST'`, sql`${events.startDate}`)} as past,
    ${capped(sql`${events.status} = 'LIVE' and ${events.endDate} < now()`, sql`${events.endDate} desc`)} as ended`);
  const row = result.rows[0] ?? { draft: 0, live: 0, past: 0, ended: 0 };
  return { draft: row.draft, live: row.live, past: Math.min(COUNT_CAP, row.past + row.ended) };
}

export async function findEvent(
  db: Executor,
  id: string,
  viewerId: string | undefined,
): Promise<EventRow | undefined> {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), visibleTo(viewerId)))
    .limit(1);
  return rows[0];
}

export async function insertEvent(
  db: Executor,
  values: Omit<typeof events.$inferInsert, 'id'>,
): Promise<EventRow> {
  const rows = await db
    .insert(events)
    .values({ id: uuidv7(), ...values })
    .returning();
  return rows[0]!; // INSERT … RETURNING always yields the row
}

export async function updateEvent(db: Executor, id: string, values: PgUpdateSetSource<typeof events>) {
  const rows = await db
    .update(events)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(events.id, id))
    .returning();
  return rows[0];
}

export async function deleteEvent(db: Executor, id: string): Promise<void> {
  await db.delete(events).where(eq(events.id, id));
}

/** Creators, RSVPs and host communities of a page of events, in at most three queries. */
export async function loadRelations(db: Executor, rows: EventRow[]) {
  const eventIds = rows.map((r) => r.id);
  const creatorIds = [...new Set(rows.map((r) => r.creatorId))];
  const communityIds = [...new Set(rows.flatMap((r) => (r.communityId ? [r.communityId] : [])))];
  const [creators, attendees, hosts] = await Promise.all([
    creatorIds.length
      ? db
          .select({
            id: users.id,
            username: users.username,
            fullName: users.fullName,
            profileImage: users.profileImage,
          })
          .from(users)
          .where(inArray(users.id, creatorIds))
      : [],
    eventIds.length
      ? db
          .select({
            eventId: rsvps.eventId,
            userId: rsvps.userId,
            status: rsvps.status,
            username: users.username,
            fullName: users.fullName,
          })
          .from(rsvps)
          .innerJoin(users, eq(users.id, rsvps.userId))
          .where(inArray(rsvps.eventId, eventIds))
          .orderBy(asc(rsvps.createdAt))
      : [],
    communityIds.length
      ? db
          .select({
            id: communities.id,
            slug: communities.slug,
            name: communities.name,
            verified: communities.verified,
          })
          .from(communities)
          .where(inArray(communities.id, communityIds))
      : [],
  ]);
  return {
    creators: new Map(creators.map((c) => [c.id, c])),
    attendees,
    hosts: new Map(hosts.map((h) => [h.id, h])),
  };
}

export async function findRsvp(db: Executor, eventId: string, userId: string) {
  const rows = await db
    .select()
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function upsertRsvp(
  db: Executor,
  eventId: string,
  userId: string,
  status: 'going' | 'maybe' | 'not_going',
) {
  await db
    .insert(rsvps)
    .values({ eventId, userId, status })
    .onConflictDoUpdate({ target: [rsvps.eventId, rsvps.userId], set: { status, updatedAt: sql`now()` } });
}

export async function deleteRsvp(db: Executor, eventId: string, userId: string) {
  await db.delete(rsvps).where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
}

/** Persists the derived PAST status; one instance at a time thanks to the advisory lock. */
export async function persistPastStatus(db: Executor): Promise<number> {
  const result = await db.execute(sql`
    with lock as (select pg_try_advisory_xact_lock(727002) as ok)
    update events set status = 'PAST', updated_at = now()
    where status = 'LIVE' and end_date < now() and (select ok from lock)`);
  return result.rowCount ?? 0;
}
