import { and, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { insertRow, type NewRow, updateRow } from '../../db/rows.ts';
import { type EventRow, events } from '../../db/schema/index.ts';
import { type EventWithRelations, withRelations } from '../../platform/event-rows.ts';
import { notHidden, visibleTo } from '../access/events.ts';

/** A LIVE event whose end has passed reads as PAST everywhere; this is the rest of LIVE. */
const isLive = sql`(${events.status} = 'LIVE' and ${events.endDate} >= now())`;

const ENDED_CAP = 1000;

export type ListOptions = {
  viewerId: string;
  status?: 'DRAFT' | 'LIVE' | 'PAST';
  mine: boolean;
  after?: { startDate: Date; id: string };
  limit: number;
  /** `friends`: most friends going first (discovery lists only; see `listByFriendsGoing`). */
  sort?: 'date' | 'friends';
  /** With `sort: 'friends'`, the friends-going count of the last event of the previous page. */
  afterFriends?: number;
};

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
      viewer,
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

/** The prepared statement of one list shape (exported for the list benchmark's baseline). */
export function listStatement(shape: Shape) {
  const name = `events_list_${shape.status ?? 'ALL'}_${shape.mine ? 'mine' : 'visible'}_${shape.after ? 'after' : 'first'}`;
  let statement = listStatements.get(name);
  if (!statement) {
    statement = preparedQuery<EventWithRelations>(name, listQuery(shape));
    listStatements.set(name, statement);
  }
  return statement;
}

function runList(db: Database, shape: Shape, o: ListOptions, rows: number) {
  return listStatement(shape)(db, {
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
  if (o.sort === 'friends' && !o.mine && (o.status === undefined || o.status === 'LIVE'))
    return listByFriendsGoing(db, o);
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

/**
 * The viewer's friends going to each event, counted once per event, most first. Read from the
 * partial `status = 'going'` index alone (200 friends' answers are ≈ 600 index pages); the ORDER
 * BY lets the ranking below sort one count at a time (see `byFriends.ranked`).
 */
const friendCounts = sql`(select r.event_id, count(*)::int as n from friendships f
    join rsvps r on r.user_id = f.friend_id and r.status = 'going'
    where f.user_id = ${viewer} group by r.event_id order by n desc)`;
const upcoming = sql`${statusIs('LIVE')} and ${events.endDate} >= now()`;

const byFriends = {
  /**
   * Upcoming events with friends going, most first, then soonest: keyset on (count, start, id).
   * Ranked first, checked after (decision 029). The counts arrive most first, so PostgreSQL sorts
   * one count at a time (an incremental sort) and reads an event's start only for the counts a
   * page reaches: with 200 friends going to 20 events each, the first page reads the few dozen
   * events two friends go to, not the 4,600 one friend goes to. Then `visibleTo` is applied in
   * that order until the page is full, so it checks about as many events as the page shows,
   * plus those the viewer may not see. The sorted subquery is not flattened (it has an ORDER
   * BY), and the outer ORDER BY is the order it already has, so the nested loop keeps it and the
   * LIMIT stops it.
   */
  ranked: (after: boolean) =>
    preparedQuery<EventWithRelations>(
      `events_list_friends_ranked_${after ? 'after' : 'first'}`,
      withRelations(
        sql`select ${events}.* from (
            select ranked.event_id, ranked.n, ${events.startDate} from ${friendCounts} ranked
              join ${events} on ${events.id} = ranked.event_id and ${upcoming}
            ${after ? sql`where ranked.n < ${sql.placeholder('afterN')} or (ranked.n = ${sql.placeholder('afterN')} and (${events.startDate}, ${events.id}) > ${cursor})` : sql``}
            order by ranked.n desc, ${events.startDate}, ranked.event_id) candidate
          join ${events} on ${events.id} = candidate.event_id and ${visibleTo(viewer)}
          order by candidate.n desc, candidate.start_date, candidate.event_id limit ${limit}`,
        'fg.total desc, page.start_date, page.id',
        viewer,
      ),
    ),
  /** Then the upcoming events no friend is going to, soonest first (the LIVE index, as the date sort). */
  rest: (after: boolean) =>
    preparedQuery<EventWithRelations>(
      `events_list_friends_rest_${after ? 'after' : 'first'}`,
      withRelations(
        sql`select * from ${events} where ${visibleTo(viewer)} and ${upcoming} ${after ? sql`and (${events.startDate}, ${events.id}) > ${cursor}` : sql``}
          and not exists (select 1 from friendships f join rsvps r on r.user_id = f.friend_id and r.status = 'going'
            where f.user_id = ${viewer} and r.event_id = ${events.id})
          order by ${events.startDate}, ${events.id} limit ${limit}`,
        ascending.outer,
        viewer,
      ),
    ),
};
const byFriendsStatements = {
  ranked: { first: byFriends.ranked(false), after: byFriends.ranked(true) },
  rest: { first: byFriends.rest(false), after: byFriends.rest(true) },
};

/**
 * The discovery list sorted by friends going: upcoming events my friends are going to (most
 * friends first, then soonest), then every other upcoming event, soonest first. Keyset on
 * (friends going, start, id): a cursor with a count of 0 is in the second part. At most two
 * queries per page (the second only when the first part ends within the page).
 */
export async function listByFriendsGoing(db: Database, o: ListOptions): Promise<EventWithRelations[]> {
  const values = {
    viewer: o.viewerId,
    limit: o.limit,
    afterStart: o.after?.startDate.toISOString(),
    afterId: o.after?.id,
    afterN: o.afterFriends,
  };
  const inRest = o.after !== undefined && (o.afterFriends ?? 0) <= 0;
  const ranked = inRest
    ? []
    : await (o.after ? byFriendsStatements.ranked.after : byFriendsStatements.ranked.first)(db, values);
  if (ranked.length >= o.limit) return ranked;
  const rest = await (inRest ? byFriendsStatements.rest.after : byFriendsStatements.rest.first)(db, {
    ...values,
    limit: o.limit - ranked.length,
  });
  return [...ranked, ...rest];
}

const oneEvent = {
  viewer: preparedQuery<EventWithRelations>(
    'events_one_viewer',
    withRelations(
      sql`select * from ${events} where ${events.id} = ${sql.placeholder('id')} and ${visibleTo(viewer)}`,
      'page.id',
      viewer,
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
const manyEventsForViewer = preparedQuery<EventWithRelations>(
  'events_many_viewer',
  withRelations(
    sql`select * from ${events} where ${events.id} = any(${sql.placeholder('ids')}::uuid[])`,
    'page.start_date, page.id',
    viewer,
  ),
);

/** With `viewerId`, each event also carries that viewer's friends going. */
export async function findManyWithRelations(
  db: Database,
  ids: string[],
  viewerId?: string,
): Promise<EventWithRelations[]> {
  if (ids.length === 0) return [];
  return viewerId ? manyEventsForViewer(db, { ids, viewer: viewerId }) : manyEvents(db, { ids });
}

/** Counts stop at this many: a tile says "1000+" rather than scanning a whole city's events. */
export const COUNT_CAP = 1000;

export async function countEvents(db: Executor, viewerId: string) {
  // Each count walks one index in order (creator, LIVE partial, PAST partial, status + end date)
  // and stops at the cap; the ORDER BY is what makes the planner take the index. The estimated
  // cost is over `jit_above_cost`, which is why the app's connections run without JIT (029).
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
 * sitemap (cancelled ones left out): id and last change only, read through the LIVE partial index.
 */
export async function listUpcomingPublic(db: Executor, limit: number) {
  return (
    db
      .select({ id: events.id, updatedAt: events.updatedAt })
      .from(events)
      // A cancelled event stays readable (its page says so) but is nothing to send a crawler to.
      .where(and(visibleTo(undefined), isLive, isNull(events.cancelledAt)))
      .orderBy(events.startDate, events.id)
      .limit(limit)
  );
}

export const insertEvent = (db: Executor, values: NewRow<typeof events>): Promise<EventRow> =>
  insertRow(db, events, values);

export async function updateEvent(db: Executor, id: string, values: PgUpdateSetSource<typeof events>) {
  return updateRow(db, events, id, values);
}

/** Removes the event with its RSVPs and sub-groups; triggers remove their chats (migration 0009). */
export async function deleteEvent(db: Executor, id: string): Promise<void> {
  await db.delete(events).where(eq(events.id, id));
}

/** Persists the derived PAST status; one instance at a time thanks to the advisory lock. */
export async function persistPastStatus(db: Executor): Promise<number> {
  const result = await db.execute(sql`
    with lock as (select pg_try_advisory_xact_lock(727002) as ok)
    update events set status = 'PAST', updated_at = now()
    where status = 'LIVE' and end_date < now() and (select ok from lock)`);
  return result.rowCount ?? 0;
}
