import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { anyRow, deleteRows } from '../../db/rows.ts';
import { type EventRow, eventCohosts, events } from '../../db/schema/index.ts';
import { organizerExists } from '../access/groups.ts';

const cohostOf = (eventId: string, userId: string) =>
  and(eq(eventCohosts.eventId, eventId), eq(eventCohosts.userId, userId));

/**
 * Who may become a co-host: a friend of the creator, or an organiser (or owner) of the community
 * hosting the event; never someone with a block between them and the creator.
 */
export async function mayCohost(db: Executor, event: EventRow, userId: string): Promise<boolean> {
  const organiser = event.communityId ? sql` or ${organizerExists(event.communityId, userId)}` : sql``;
  const result = await db.execute(sql`select 1 where (exists (select 1 from friendships f
    where f.user_id = ${event.creatorId} and f.friend_id = ${userId})${organiser})
    and not exists (select 1 from blocks b
      where (b.blocker_id = ${event.creatorId} and b.blocked_id = ${userId})
         or (b.blocker_id = ${userId} and b.blocked_id = ${event.creatorId}))`);
  return result.rows.length > 0;
}
