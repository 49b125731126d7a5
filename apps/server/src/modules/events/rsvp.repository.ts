/**
 * The SQL of the RSVP service's extra routes (rsvp.service.ts): attendee lists with waitlist
 * positions, the capacity decoration of one event, transfers and check-in. The RSVP write path
 * itself stays in rsvp.ts (decision 022).
 */
import type { FullRsvpStatus } from '@townsquare/contracts';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events, rsvps } from '../../db/schema/index.ts';
import { visibleTo } from '../access/events.ts';

export type AttendeeRow = {
  /** The attendee id: the member's user id, or the guest's id (decision 040). */
  user_id: string;
  guest: boolean;
  username: string | null;
  full_name: string;
  status: FullRsvpStatus;
  guests: string[];
  answers: Record<string, string>;
  position: number | null;
  offer_expires_at: string | null;
  checked_in_at: string | null;
  /** A remote attendee's `@name@host` and actor (decision 080); absent from rows read elsewhere. */
  fediverse_handle?: string | null;
  fediverse_actor?: string | null;
};

export type DecorationRow = {
  taken: number;
  waiting: number;
  hosts: Array<{ id: string; username: string | null; fullName: string; profileImage: string | null }>;
  mine: AttendeeRow | null;
};

/**
 * Places taken, people waiting, hosts, and the viewer's answer with their place: one round trip.
 */
export async function decoration(
  db: Executor,
  event: { id: string; creatorId: string },
  viewerId: string | undefined,
): Promise<DecorationRow | undefined> {
  const result = await db.execute<DecorationRow>(sql`select
    (select coalesce(sum(1 + cardinality(guests)), 0)::int from rsvps
      where event_id = ${event.id} and status in ('going', 'offered')) as taken,
    (select count(*)::int from rsvps where event_id = ${event.id} and status = 'waitlisted') as waiting,
    (select json_agg(json_build_object('id', u.id, 'username', u.username, 'fullName', u.full_name,
        'profileImage', u.profile_image) order by (u.id = ${event.creatorId}) desc, c.added_at)
      from users u left join event_cohosts c on c.user_id = u.id and c.event_id = ${event.id}
      where u.id = ${event.creatorId} or c.event_id is not null) as hosts,
    (select row_to_json(m) from (select r.user_id, false as guest, ''::text as username, ''::text as full_name, r.status,
        r.guests, r.answers, r.offer_expires_at, r.checked_in_at,
        case when r.status = 'waitlisted' then (select count(*)::int from rsvps w
          where w.event_id = r.event_id and w.status = 'waitlisted' and w.queued_at <= r.queued_at) end as position
      from rsvps r where r.event_id = ${event.id} and r.user_id = ${viewerId ?? null}::uuid) m) as mine`);
  return result.rows[0];
}

export async function areFriends(db: Executor, userId: string, friendId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from friendships where user_id = ${userId} and friend_id = ${friendId}`,
  );
  return result.rows.length > 0;
}

/** The answers of the given people to one event. */
export async function rsvpStates(
  db: Executor,
  eventId: string,
  userIds: string[],
): Promise<Array<{ user_id: string; status: FullRsvpStatus }>> {
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<{ user_id: string; status: FullRsvpStatus }>(
    sql`select user_id, status from rsvps where event_id = ${eventId} and user_id in (${ids})`,
  );
  return result.rows;
}

export async function rsvpStatus(db: Executor, eventId: string, userId: string): Promise<string | undefined> {
  const result = await db.execute<{ status: string }>(
    sql`select status from rsvps where event_id = ${eventId} and user_id = ${userId}`,
  );
  return result.rows[0]?.status;
}

/**
 * The people going to an event, each with every id a ticket of theirs may name: their own, and
 * the guest identity their answer was given under before it became a member's (decision 077).
 */
export async function ticketHolders(
  db: Executor,
  eventId: string,
): Promise<{ attendeeId: string; formerGuestId: string | null }[]> {
  const result = await db.execute<{ attendeeId: string; formerGuestId: string | null }>(
    sql`select attendee_id as "attendeeId", former_guest_id as "formerGuestId" from rsvps
      where event_id = ${eventId} and status = 'going'`,
  );
  return result.rows;
}

/**
 * Whose answer a ticket naming `id` is now: the attendee `id` itself, or the member whose answer
 * was given as the guest `id` (decision 077); `id` again when neither answered.
 */
export async function ticketHolder(db: Executor, eventId: string, id: string): Promise<string> {
  const result = await db.execute<{ attendee_id: string }>(
    sql`select attendee_id from rsvps where event_id = ${eventId}
      and (attendee_id = ${id} or former_guest_id = ${id})
      order by attendee_id = ${id} desc limit 1`,
  );
  return result.rows[0]?.attendee_id ?? id;
}

/** Marks a going person (member or guest) checked in, once: whether this call did it. */
export async function markCheckedIn(db: Executor, eventId: string, attendeeId: string): Promise<boolean> {
  const updated = await db.execute(sql`update rsvps set checked_in_at = now()
    where event_id = ${eventId} and attendee_id = ${attendeeId} and status = 'going' and checked_in_at is null`);
  return (updated.rowCount ?? 0) > 0;
}

/**
 * Who hears that the event is off, read in the transaction that calls it off or deletes it (it may
 * be gone by the time they are told): members going or maybe who may see it (`visibleTo`, the one
 * visibility predicate, per answer), and confirmed guests going or maybe while a visitor may see it.
 */
export async function cancelledAudience(
  tx: Executor,
  eventId: string,
): Promise<{ recipients: string[]; guests: string[] }> {
  const rows = await tx
    .select({ userId: rsvps.userId, guestId: rsvps.guestId })
    .from(rsvps)
    .innerJoin(events, eq(events.id, rsvps.eventId))
    .where(
      and(
        eq(rsvps.eventId, eventId),
        inArray(rsvps.status, ['going', 'maybe']),
        or(
          // visibleTo takes a viewer id; here the viewer is each answer's person (a column).
          and(isNotNull(rsvps.userId), visibleTo(sql`${rsvps.userId}` as unknown as string)),
          and(isNotNull(rsvps.guestId), visibleTo(undefined)),
        ),
      ),
    );
  return {
    recipients: rows.flatMap((r) => (r.userId ? [r.userId] : [])),
    guests: rows.flatMap((r) => (r.guestId ? [r.guestId] : [])),
  };
}
