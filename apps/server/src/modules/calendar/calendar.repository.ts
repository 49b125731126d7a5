import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { columnsOf, preparedQuery } from '../../db/prepared.ts';
import { communities, type EventRow, events, users } from '../../db/schema/index.ts';
import { visibleTo } from '../access/events.ts';

/** How far back feeds reach, and how many events one holds at most. */
const FEED_SQL_WINDOW = sql.raw(`interval '30 days'`);
const FEED_LIMIT = 1000;

export type FeedRow = EventRow & { owner: string };

/**
 * The private feed in one round trip: the person's feed nonce (to check the link's signature)
 * and the events they answered going or maybe to, or host, that they may still see (the one
 * visibility predicate), from 30 days ago on. A person with no such events yields one row whose
 * event columns are null.
 */
const personalFeed = preparedQuery<{ nonce: string } & Partial<EventRow>>(
  'calendar_personal_feed',
  sql`select u.calendar_feed_nonce as nonce, ${columnsOf(events, 'e')}
    from ${users} u left join lateral (
      select * from ${events}
      where ${visibleTo(sql.placeholder('user'))}
        and ${events.endDate} > now() - ${FEED_SQL_WINDOW}
        and (exists (select 1 from rsvps r where r.event_id = ${events.id} and r.user_id = u.id
                     and r.status in ('going', 'maybe'))
             or (${events.creatorId} = u.id and ${events.status} <> 'DRAFT'))
      order by ${events.startDate}, ${events.id} limit ${FEED_LIMIT}) e on true
    where u.id = ${sql.placeholder('user')}`,
);

export async function readPersonalFeed(db: Parameters<typeof personalFeed>[0], userId: string) {
  const rows = await personalFeed(db, { user: userId });
  const first = rows[0];
  if (!first) return undefined;
  return { nonce: first.nonce, events: rows.filter((r): r is typeof r & EventRow => r.id != null) };
}

/**
 * A PUBLIC community's feed in one round trip: its name and its events anyone may see. A
 * PRIVATE community yields nothing (its feed is 404; see docs/API.md).
 */
const communityFeed = preparedQuery<{ communityName: string } & Partial<EventRow>>(
  'calendar_community_feed',
  sql`select c.name as "communityName", ${columnsOf(events, 'e')}
    from ${communities} c left join lateral (
      select * from ${events}
      where ${events.communityId} = c.id and ${visibleTo(undefined)}
        and ${events.endDate} > now() - ${FEED_SQL_WINDOW}
      order by ${events.startDate}, ${events.id} limit ${FEED_LIMIT}) e on true
    where c.slug = ${sql.placeholder('slug')} and c.visibility = 'PUBLIC'`,
);

export async function readCommunityFeed(db: Parameters<typeof communityFeed>[0], slug: string) {
  const rows = await communityFeed(db, { slug });
  const first = rows[0];
  if (!first) return undefined;
  return { name: first.communityName, events: rows.filter((r): r is typeof r & EventRow => r.id != null) };
}

export async function resetFeedNonce(db: Executor, userId: string): Promise<string> {
  const result = await db.execute<{ nonce: string }>(
    sql`update ${users} set calendar_feed_nonce = gen_random_uuid()::text where id = ${userId} returning calendar_feed_nonce as nonce`,
  );
  return result.rows[0]?.nonce ?? '';
}
