import type { EventAbilities } from '@townsquare/contracts';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { anyRow, firstRow } from '../../db/rows.ts';
import { type EventRow, eventCohosts, events } from '../../db/schema/index.ts';
import { communityVisibleTo } from './communities.ts';

/**
 * The events rules of the policy floor (decision 068): who sees an event, who knows where it is
 * (decision 044), who hosts it. Every module that reads events composes these; none re-derives them.
 */

/** Not hidden by a moderator. */
export const notHidden = sql`${events.hiddenAt} is null`;

/**
 * The creator is not suspended now (a suspension without an end lasts until it is lifted). The
 * subquery is uncorrelated, so PostgreSQL reads the (few) suspended accounts once per query into a
 * hashed subplan, instead of probing users for every candidate event row (counts walk 4,000).
 */
const creatorNotSuspended = sql`${events.creatorId} not in (select su.id from users su
    where su.suspended_at is not null and (su.suspended_until is null or su.suspended_until > now()))`;

/**
 * Who may see an event: its creator always; anyone else only once it is published, and for a
 * private event only the creator's friends and people who RSVP'd, unless the creator blocked them
 * (an earlier RSVP then no longer counts). Anonymous viewers see public,
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
    or ((exists (select 1 from friendships f where f.user_id = ${events.creatorId} and f.friend_id = ${viewerId})
      or exists (select 1 from rsvps r where r.event_id = ${events.id} and r.user_id = ${viewerId}))
      and not exists (select 1 from blocks b where b.blocker_id = ${events.creatorId} and b.blocked_id = ${viewerId}))
  ) and ${communityAllows(viewerId)} and ${creatorNotSuspended})))`;
}

/** No host community, a PUBLIC one, or a PRIVATE one the viewer is a member of. */
function communityAllows(viewerId: string | Placeholder | undefined): SQL {
  return sql`(${events.communityId} is null or exists (select 1 from communities c
    where c.id = ${events.communityId} and ${communityVisibleTo(sql`c`, viewerId)}))`;
}

/**
 * THE rule of who knows where an event is (decision 044), as SQL: the ids of the events `viewerId`
 * created, co-hosts or is going to (`knowsWhere` in the presenter is the same rule over a row read
 * with its answers). One set, each branch read through its own index (creator, co-host, going).
 */
export function eventsKnownBy(viewerId: string): SQL {
  return sql`(select id from ${events} where creator_id = ${viewerId}
    union all select event_id from event_cohosts where user_id = ${viewerId}
    union all select event_id from rsvps where user_id = ${viewerId} and status = 'going')`;
}

/**
 * The places of the events whose place `viewerId` knows (decision 044): pins they may read in
 * full (decision 062), for the places module.
 */
export function placesKnownBy(viewerId: string): SQL {
  return sql`(select place_id from ${events} where place_id is not null and id in ${eventsKnownBy(viewerId)})`;
}

/**
 * Of the events `ids`, those whose place `viewerId` knows (decision 044): they created it, co-host
 * it or are going. For paths that read rows without their answers (feeds, search, notifications).
 */
export async function knownWhereBy(
  db: Executor,
  ids: string[],
  viewerId: string | undefined,
): Promise<Set<string>> {
  if (!viewerId || ids.length === 0) return new Set();
  const result = await db.execute<{ id: string }>(sql`
    select e.id from ${events} e
    where e.id = any(${sql.param(ids)}::uuid[]) and e.id in ${eventsKnownBy(viewerId)}`);
  return new Set(result.rows.map((r) => r.id));
}

/** The event, if `viewerId` may see it (`visibleTo`). */
export async function findVisibleEvent(
  db: Executor,
  id: string,
  viewerId: string | undefined,
): Promise<EventRow | undefined> {
  return firstRow(db, events, and(eq(events.id, id), visibleTo(viewerId)));
}

/**
 * Whether `userId` hosts the event: its creator or a co-host. Hosts edit the event, see answers,
 * check people in and moderate its chat; other modules (chat moderation) ask through this.
 */
export async function isHost(
  db: Executor,
  event: Pick<EventRow, 'id' | 'creatorId'>,
  userId: string | undefined,
): Promise<boolean> {
  if (!userId) return false;
  if (event.creatorId === userId) return true;
  return anyRow(db, eventCohosts, and(eq(eventCohosts.eventId, event.id), eq(eventCohosts.userId, userId)));
}

/** Everyone hosting the event: its creator first, then its co-hosts. */
export async function hostIds(db: Executor, event: Pick<EventRow, 'id' | 'creatorId'>): Promise<string[]> {
  const rows = await db
    .select({ userId: eventCohosts.userId })
    .from(eventCohosts)
    .where(eq(eventCohosts.eventId, event.id));
  return [event.creatorId, ...rows.map((r) => r.userId)];
}

export type EventAction = keyof EventAbilities;

/**
 * May `viewerId` do `action` to an event read with its co-hosts? Hosts (the creator and co-hosts)
 * edit it and check people in; only the creator manages it (deletes it, chooses co-hosts).
 */
export function canOnEvent(
  viewerId: string | undefined,
  action: EventAction,
  event: { creatorId: string; cohostIds: string[] },
): boolean {
  if (!viewerId) return false;
  const creator = event.creatorId === viewerId;
  if (action === 'manage') return creator;
  return creator || event.cohostIds.includes(viewerId);
}

/** Every ability of `viewerId` on the event, as the API sends them (`can` on an event). */
export function eventAbilities(
  event: { creatorId: string; cohostIds: string[] },
  viewerId: string | undefined,
): EventAbilities {
  return {
    edit: canOnEvent(viewerId, 'edit', event),
    manage: canOnEvent(viewerId, 'manage', event),
    checkIn: canOnEvent(viewerId, 'checkIn', event),
  };
}
