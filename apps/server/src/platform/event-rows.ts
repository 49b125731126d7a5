import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { columnsOf } from '../db/prepared.ts';
import { communities, type EventRow, events, users } from '../db/schema/index.ts';

/**
 * An event as every list reads it (its creator, answers, co-hosts, host community and the
 * viewer's friends going), wrapped around a selection the caller makes: the events module, city
 * pages, nearby and search compose this one shape (decision 068); who may see which event is the
 * policy floor's `visibleTo`, applied by the selection.
 */

/** One answer to an event: user id, status, username, full name (an array: less to build and parse). */
export type Attendee = [
  userId: string,
  status: 'going' | 'maybe' | 'not_going' | 'waitlisted' | 'offered',
  username: string | null,
  fullName: string,
];
/** An event as every read presents it: the row, its creator and its answers (oldest first). */
export type EventWithRelations = EventRow & {
  creatorUsername: string | null;
  creatorFullName: string;
  creatorProfileImage: string | null;
  attendees: Attendee[];
  /**
   * The places the people going take: members and guests without an account, each with the
   * people they bring (the count the capacity counts, `placesTaken` less the offers held).
   */
  goingPlaces: number;
  /** Its co-hosts: with the creator and the people going, they know where it is (decision 044). */
  cohostIds: string[];
  /** The hosting community ("Hosted by"), when the event has one. */
  hostSlug: string | null;
  hostName: string | null;
  hostVerified: boolean | null;
  /** The host community's own currency (decision 082); null: the instance's. */
  hostCurrency: string | null;
  /** The viewer's friends going (read with a viewer only; null when none is). */
  friendsGoing?: FriendsGoingRow | null;
};

/** A friend going: user id, username, full name, picture (an array, like `Attendee`). */
export type FriendGoing = [
  userId: string,
  username: string | null,
  fullName: string,
  profileImage: string | null,
];
/** Up to FRIENDS_SHOWN of the viewer's friends going (first to answer first), and how many there are. */
export type FriendsGoingRow = { total: number; users: FriendGoing[] };

/** How many friends going an event carries by name (the rest are counted). */
export const FRIENDS_SHOWN = 3;

/**
 * Per event of `page` (a CTE of events the viewer may see, so `visibleTo` has already decided):
 * how many of the viewer's friends are going, and the first FRIENDS_SHOWN of them. An RSVP is
 * visible exactly where its event is, so no second rule is needed. One aggregate per page, read
 * from the viewer's friendships (primary key) and each friend's answers (rsvps_user_idx).
 */
const friendsGoingCte = (viewerId: SQL | Placeholder | string) => sql`friends_going as (
    select r.event_id, count(*)::int as total,
      to_json((array_agg(json_build_array(u.id, u.username, u.full_name, u.profile_image) order by r.created_at, r.user_id))[1:${sql.raw(String(FRIENDS_SHOWN))}]) as users
    from friendships f
      join rsvps r on r.user_id = f.friend_id and r.status = 'going' and r.event_id in (select id from page)
      join ${users} u on u.id = f.friend_id
    where f.user_id = ${viewerId}
    group by r.event_id)`;

/**
 * The events `selection` picks (a query over `events`, at most a page), each with its creator and
 * its answers, in `order`: one round trip per page, and the answering users joined once for the
 * whole page rather than once per event. `extra` adds columns of `page` beyond the event's own
 * (a selection that read more than `events.*`, such as a city page's distances and places).
 */
export const withRelations = (
  selection: SQL,
  order: string,
  viewerId?: SQL | Placeholder | string,
  extra?: SQL,
) => sql`with page as materialized (${selection}),
  ${viewerId === undefined ? sql`` : sql`${friendsGoingCte(viewerId)},`}
  answers as (
    select r.event_id,
      json_agg(json_build_array(r.user_id, r.status, u.username, u.full_name) order by r.created_at)
        filter (where r.user_id is not null) as list,
      coalesce(sum(1 + cardinality(r.guests)) filter (where r.status = 'going'), 0)::int as places
    from rsvps r left join ${users} u on u.id = r.user_id
    where r.event_id in (select id from page)
    group by r.event_id)
  select ${columnsOf(events, 'page')},
    c.username as "creatorUsername", c.full_name as "creatorFullName", c.profile_image as "creatorProfileImage",
    coalesce(a.list, '[]') as attendees, coalesce(a.places, 0) as "goingPlaces",
    array(select ch.user_id::text from event_cohosts ch where ch.event_id = page.id) as "cohostIds",
    h.slug as "hostSlug", h.name as "hostName", h.verified as "hostVerified", h.currency as "hostCurrency"
    ${viewerId === undefined ? sql`` : sql`, case when fg.total is null then null else json_build_object('total', fg.total, 'users', fg.users) end as "friendsGoing"`}
    ${extra === undefined ? sql`` : sql`, ${extra}`}
  from page join ${users} c on c.id = page.creator_id left join answers a on a.event_id = page.id
    left join ${communities} h on h.id = page.community_id
    ${viewerId === undefined ? sql`` : sql`left join friends_going fg on fg.event_id = page.id`}
  order by ${sql.raw(order)}`;

/**
 * The viewer's friends going to each of `ids` (events the caller already knows the viewer may
 * see, such as search results): one query for the whole list.
 */
export async function friendsGoingFor(
  db: Executor,
  viewerId: string,
  ids: string[],
): Promise<Map<string, FriendsGoingRow>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ event_id: string; total: number; users: FriendGoing[] }>(
    sql`with page as (select unnest(${sql.param(ids)}::uuid[]) as id), ${friendsGoingCte(viewerId)}
      select event_id, total, users from friends_going`,
  );
  return new Map(result.rows.map((r) => [r.event_id, { total: r.total, users: r.users }]));
}
