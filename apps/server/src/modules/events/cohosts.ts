import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { anyRow } from '../../db/rows.ts';
import { type EventRow, eventCohosts } from '../../db/schema/index.ts';
import { organizerExists } from '../groups/membership.repository.ts';

const cohostOf = (eventId: string, userId: string) =>
  and(eq(eventCohosts.eventId, eventId), eq(eventCohosts.userId, userId));

/**
 * Whether `userId` hosts the event: its creator or a co-host. Hosts edit the event, see answers,
 * check people in and moderate its chat; other modules (chat moderation) ask through this.
 * Co-hosts are written only by the membership writer (modules/groups, decision 067).
 */
export async function isHost(
  db: Executor,
  event: Pick<EventRow, 'id' | 'creatorId'>,
  userId: string | undefined,
): Promise<boolean> {
  if (!userId) return false;
  if (event.creatorId === userId) return true;
  return anyRow(db, eventCohosts, cohostOf(event.id, userId));
}

/** Everyone hosting the event: its creator first, then its co-hosts. */
export async function hostIds(db: Executor, event: Pick<EventRow, 'id' | 'creatorId'>): Promise<string[]> {
  const rows = await db
    .select({ userId: eventCohosts.userId })
    .from(eventCohosts)
    .where(eq(eventCohosts.eventId, event.id));
  return [event.creatorId, ...rows.map((r) => r.userId)];
}

/**
 * Who may become a co-host: a friend of the creator, or an organiser (or owner) of the community
 * hosting the event; never someone with a block between them and the creator (issue 19).
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
