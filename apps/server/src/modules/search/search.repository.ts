import { and, asc, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events, users } from '../../db/schema/index.ts';
import { personColumns } from '../../platform/people.ts';
import { visibleTo } from '../access/events.ts';
import { noBlockBetween } from '../access/people.ts';

/** `%`, `_` and `\` typed by the user are literal characters, not wildcards. */
const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Expressions identical to the trigram indexes of migration 0003, so the planner uses them. */
const userText = sql`lower(coalesce(${users.username}, '') || ' ' || ${users.fullName} || ' ' || townsquare_join(${users.interests}))`;
const eventText = sql`lower(${events.title} || ' ' || ${events.description} || ' ' || townsquare_join(${events.tags}))`;

/** People matching `q`; a signed-in viewer does not find anyone they blocked or who blocked them. */
export async function searchUsers(db: Executor, q: string, limit: number, viewerId?: string) {
  return db
    .select({ ...personColumns, interests: users.interests })
    .from(users)
    .where(
      and(
        isNotNull(users.username),
        sql`${userText} like ${containsPattern(q)}`,
        viewerId ? noBlockBetween(viewerId, users.id) : undefined,
      ),
    )
    .orderBy(
      sql`(lower(${users.username}) like ${`${containsPattern(q).slice(1)}`}) desc`,
      asc(users.username),
    )
    .limit(limit);
}

export async function searchEvents(db: Executor, q: string, viewerId: string | undefined, limit: number) {
  const anonymous = viewerId === undefined;
  return db
    .select()
    .from(events)
    .where(
      and(
        sql`${eventText} like ${containsPattern(q)}`,
        visibleTo(viewerId),
        // Signed out, only events still to come (or under way).
        anonymous ? sql`(${events.status} = 'LIVE' and ${events.endDate} >= now())` : undefined,
      ),
    )
    .orderBy(sql`(${events.endDate} < now()) asc`, asc(events.startDate))
    .limit(limit);
}
