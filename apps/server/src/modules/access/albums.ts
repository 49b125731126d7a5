import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { eventAlbums, events } from '../../db/schema/index.ts';
import { eventsKnownBy } from './events.ts';

/**
 * The album rules of the policy floor (decision 075). An album and its recaps follow the event:
 * whoever sees the event (`visibleTo`, so a PRIVATE community's albums are for its members) sees
 * them, unless a host chose `attendees`: then only its hosts and the people going. Blocks hide a
 * person's photos and recaps from the other, both ways (`noBlockBetween`, modules/access/people.ts).
 */

/**
 * The events `viewerId` attended: created, co-hosts or is going. The same set as who knows where
 * an event is (decision 044): being there is what both mean.
 */
export const eventsAttendedBy = (viewerId: string): SQL => eventsKnownBy(viewerId);

/**
 * For a query over `events` already filtered by `visibleTo`: the album is open to the viewer
 * (no `attendees` choice, or the viewer attended). Signed-out visitors attend nothing.
 */
export function albumOpenTo(viewerId: string | undefined): SQL {
  const open = sql`not exists (select 1 from ${eventAlbums} ea where ea.event_id = ${events.id} and ea.audience = 'attendees')`;
  if (!viewerId) return open;
  return sql`(${open} or ${events.id} in ${eventsAttendedBy(viewerId)})`;
}

/** Whether `userId` attended the event (a host, or going). */
export async function attended(db: Executor, eventId: string, userId: string | undefined): Promise<boolean> {
  if (!userId) return false;
  const result = await db.execute<{ found: boolean }>(
    sql`select ${eventId}::uuid in ${eventsAttendedBy(userId)} as found`,
  );
  return result.rows[0]?.found === true;
}
