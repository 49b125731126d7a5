import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import type { Database, Executor } from '../../db/client.ts';
import { columnsOf, preparedQuery } from '../../db/prepared.ts';
import { communities, type EventRow, events, rsvps, users } from '../../db/schema/index.ts';
import { memberExists, memberTables } from '../groups/membership.repository.ts';

/**
 * Who may see an event: its creator always; anyone else only once it is published, and for a
 * private event only the creator's friends and people who RSVP'd. Anonymous viewers see public,
 * published events. `viewerId` may be a `sql.placeholder`, so prepared statements share this one
 * definition. An event hosted by a PRIVATE community is, beyond that, for its members only.
 * Moderation (decision 021): an event a moderator hid is seen by nobody, its creator included;
 * the events of a suspended creator are seen by nobody else while the suspension lasts.
 */
export function visibleTo(viewerId: string | Placeholder | undefined): SQL {
  if (!viewerId)
    return sql`(${notHidden} and ${events.status} <> 'DRAFT' and ${events.visibility} = 'PUBLIC' and ${communityAllows(undefined)} and ${creatorNotSuspended})`;
  return sql`(${notHidden} and (${events.creatorId} = ${viewerId} or (${events.status} <> 'DRAFT' and (
    ${events.visibility} = 'PUBLIC'
    or exists (select 1 from friendships f where f.user_id = ${events.creatorId} and f.friend_id = ${viewerId})
    or exists (select 1 from rsvps r where r.event_id = ${events.id} and r.user_id = ${viewerId})
  ) and ${communityAllows(viewerId)} and ${creatorNotSuspended})))`;
}

/** Not hidden by a moderator. */
const notHidden = sql`${events.hiddenAt} is null`;

/** The creator is not suspended now (a suspension without an end lasts until it is lifted). */
const creatorNotSuspended = sql`not exists (select 1 from users su where su.id = ${events.creatorId}
    and su.suspended_at is not null and (su.suspended_until is null or su.suspended_until > now()))`;

/** No host community, a PUBLIC one, or a PRIVATE one the viewer is a member of. */
function communityAllows(viewerId: string | Placeholder | undefined): SQL {
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

/** One answer to an event: user id, status, username, full name (an array: less to build and parse). */
export type Attendee = [
  userId: string,
  status: 'going' | 'maybe' | 'not_going',
  username: string | null,
  fullName: string,
];
/** An event as every read presents it: the row, its creator and its answers (oldest first). */
export type EventWithRelations = EventRow & {
  creatorUsername: string | null;
  creatorFullName: string;
  creatorProfileImage: string | null;
  attendees: Attendee[];
  /** The hosting community ("Hosted by"), when the event has one. */
  hostSlug: string | null;
  hostName: string | null;
  hostVerified: boolean | null;
};

/**
 * The events `selection` picks (a query over `events`, at most a page), each with its creator and
 * its answers, in `order`: one round trip per page, and the answering users joined once for the
 * whole page rather than once per event.
 */
const withRelations = (selection: SQL, order: string) => sql`with page as materialized (${selection}),
  answers as (
    select r.event_id, json_agg(json_build_array(r.user_id, r.status, u.username, u.full_name) order by r.created_at) as list
    from rsvps r join ${users} u on u.id = r.user_id
    where r.event_id in (select id from page)
    group by r.event_id)
  select ${columnsOf(events, 'page')},
    c.username as "creatorUsername", c.full_name as "creatorFullName", c.profile_image as "creatorProfileImage",
    coalesce(a.list, '[]') as attendees,
    h.slug as "hostSlug", h.name as "hostName", h.verified as "hostVerified"
  from page join ${users} c on c.id = page.creator_id left join answers a on a.event_id = page.id
    left join ${communities} h on h.id = page.community_id
  order by ${sql.raw(order)}`;

/** Literal, not a bound value: a prepared statement's generic plan then uses the partial indexes. */
const statusIs = (status: 'DRAFT' | 'LIVE' | 'PAST') => sql`${events.status} = ${sql.raw(`'${status}'`)}`;
const viewer = sql.placeholder('viewer');
const limit = sql.placeholder('limit');
const cursor = sql`(${sql.placeholder('afterStart')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`;
const afterCursor = (c: boolean) => (c ? sql`(${events.startDate}, ${events.id}) > ${cursor}` : undefined);
const beforeCursor = (c: boolean) => (c ? sql`(${events.startDate}, ${events.id}) < ${cursor}` : undefined);
type Order = { inner: SQL; outer: string };
const ascending: Order = { inner: sql`${events.startDate}, ${events.id}`, outer: 'page.start_date, page.id' };
const descending: Order = {
  inner: sql`${events.startDate} desc, ${events.id} desc`,
  outer: 'page.start_date desc, page.id desc',
};

type Shape = { status: ListOptions['status'] | 'ENDED'; mine: boolean; after: boolean };

/** The SQL of one list shape; each is prepared once per connection under its own name. */
function listQuery({ status, mine, after }: Shape): SQL {
  const scope = mine ? sql`${events.creatorId} = ${viewer} and ${notHidden}` : visibleTo(viewer);
  const page = (order: Order, ...conditions: (SQL | undefined)[]) =>
    withRelations(
      sql`select * from ${events} where ${and(scope, ...conditions)} order by ${order.inner} limit ${limit}`,
      order.outer,
    );
  switch (status) {
    case 'DRAFT':
      return page(ascending, eq(events.creatorId, viewer), statusIs('DRAFT'), afterCursor(after));
    case 'LIVE':
      return page(ascending, statusIs('LIVE'), sql`${events.endDate} >= now()`, afterCursor(after));
    case 'PAST':
      return page(descending, statusIs('PAST'), beforeCursor(after));
    case 'ENDED':
      // Ended but not yet marked PAST: at most a minute's worth while the status job runs, so
      // read them through the (status, end_date) index, latest end first; the caller sorts by
      // start. Capped, so a stalled job degrades the order of the list, never the database.
      return page(
        { inner: sql`${events.endDate} desc`, outer: 'page.end_date desc' },
        statusIs('LIVE'),
        sql`${events.endDate} < now()`,
        beforeCursor(after),
      );
    default:
      return page(ascending, afterCursor(after));
  }
}

const listStatements = new Map<string, ReturnType<typeof preparedQuery<EventWithRelations>>>();

function runList(db: Database, shape: Shape, o: ListOptions, rows: number) {
  const name = `events_list_${shape.status ?? 'ALL'}_${shape.mine ? 'mine' : 'visible'}_${shape.after ? 'after' : 'first'}`;
  let statement = listStatements.get(name);
  if (!statement) {
    statement = preparedQuery<EventWithRelations>(name, listQuery(shape));
    listStatements.set(name, statement);
  }
  return statement(db, {
    viewer: o.viewerId,
    limit: rows,
    afterStart: o.after?.startDate.toISOString(),
    afterId: o.after?.id,
  });
}

/**
 * Keyset pagination on (start_date, id), upcoming first, except PAST (most recent first). Each
 * shape reads one index in order and stops after a page: LIVE the `status = 'LIVE'` partial
 * index; PAST the `status = 'PAST'` one, merged with the few LIVE events that ended since the
 * status job last ran; everything else the full (start_date, id) index.
 */
export async function listEvents(db: Database, o: ListOptions): Promise<EventWithRelations[]> {
  const shape = { status: o.status, mine: o.mine, after: o.after !== undefined };
  if (o.status !== 'PAST') return runList(db, shape, o, o.limit);
  const [stored, ended] = await Promise.all([
    runList(db, shape, o, o.limit),
    runList(db, { ...shape, status: 'ENDED' }, o, ENDED_CAP),
  ]);
  return [...stored, ...ended]
    .sort((a, b) => b.startDate.getTime() - a.startDate.getTime() || (a.id < b.id ? 1 : -1))
    .slice(0, o.limit);
}

const oneEvent = {
  viewer: preparedQuery<EventWithRelations>(
    'events_one_viewer',
    withRelations(
      sql`select * from ${events} where ${events.id} = ${sql.placeholder('id')} and ${visibleTo(viewer)}`,
      'page.id',
    ),
  ),
  anonymous: preparedQuery<EventWithRelations>(
    'events_one_anonymous',
    withRelations(
      sql`select * from ${events} where ${events.id} = ${sql.placeholder('id')} and ${visibleTo(undefined)}`,
      'page.id',
    ),
  ),
};

/** One event with its creator and attendees, if the viewer may see it. */
export async function findEventWithRelations(
  db: Database,
  id: string,
  viewerId: string | undefined,
): Promise<EventWithRelations | undefined> {
  const rows = viewerId
    ? await oneEvent.viewer(db, { id, viewer: viewerId })
    : await oneEvent.anonymous(db, { id });
  return rows[0];
}

/**
 * Events by id with their creators, answers and host communities, upcoming first (callers that
 * already applied `visibleTo`, such as a community's event list, present them with this).
 */
const manyEvents = preparedQuery<EventWithRelations>(
  'events_many',
  withRelations(
    sql`select * from ${events} where ${events.id} = any(${sql.placeholder('ids')}::uuid[])`,
    'page.start_date, page.id',
  ),
);

export async function findManyWithRelations(db: Database, ids: string[]): Promise<EventWithRelations[]> {
  return ids.length === 0 ? [] : manyEvents(db, { ids });
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

/**
 * Upcoming events anyone may see (the anonymous viewer of `visibleTo`), soonest first, for the
 * sitemap: id and last change only, read through the LIVE partial index.
 */
export async function listUpcomingPublic(db: Executor, limit: number) {
  return db
    .select({ id: events.id, updatedAt: events.updatedAt })
    .from(events)
    .where(and(visibleTo(undefined), isLive))
    .orderBy(events.startDate, events.id)
    .limit(limit);
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

/** Removes the event with its RSVPs and sub-groups; triggers remove their chats (migration 0009). */
export async function deleteEvent(db: Executor, id: string): Promise<void> {
  await db.delete(events).where(eq(events.id, id));
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
