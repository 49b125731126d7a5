import { and, asc, count, desc, eq, gt, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import {
  albumPreferences,
  type EventPhotoRow,
  eventAlbums,
  eventPhotos,
  events,
  photoTags,
  type RecapRow,
  recapPhotos,
  recaps,
} from '../../db/schema/index.ts';
import { albumOpenTo, eventsAttendedBy } from '../access/albums.ts';
import { visibleTo } from '../access/events.ts';
import { noBlockBetween } from '../access/people.ts';

/** All SQL of albums and recaps (decision 075). Visibility comes from the policy floor. */

/**
 * Photos the viewer may see of an album open to them: not of someone blocked by or blocking them,
 * and, unless the viewer attended, none in which someone is tagged who chose to be shown only to
 * the event's attendees.
 */
const photoSeenBy = (viewerId: string | undefined): SQL | undefined => {
  const noShyTag = sql`not exists (select 1 from ${photoTags} pt join ${albumPreferences} ap
    on ap.user_id = pt.user_id and ap.hide_tagged_from_outsiders where pt.photo_id = ${eventPhotos.id})`;
  if (!viewerId) return noShyTag;
  return and(
    noBlockBetween(viewerId, eventPhotos.addedBy),
    sql`(${eventPhotos.eventId} in ${eventsAttendedBy(viewerId)} or ${noShyTag})`,
  );
};

export async function findAlbum(db: Executor, eventId: string) {
  const rows = await db.select().from(eventAlbums).where(eq(eventAlbums.eventId, eventId)).limit(1);
  return rows[0];
}

export async function setAudience(db: Executor, eventId: string, audience: 'event' | 'attendees') {
  await db
    .insert(eventAlbums)
    .values({ eventId, audience })
    .onConflictDoUpdate({ target: eventAlbums.eventId, set: { audience, updatedAt: sql`now()` } });
}

/**
 * Marks the album as having photos; true only for the call that did it first (the one
 * `album.first_photos` event of the album).
 */
export async function markFirstPhoto(db: Executor, eventId: string): Promise<boolean> {
  const result = await db.execute<{ first: boolean }>(sql`
    insert into ${eventAlbums} (event_id, first_photo_at) values (${eventId}, now())
    on conflict (event_id) do update set first_photo_at = now(), updated_at = now()
      where ${eventAlbums.firstPhotoAt} is null
    returning true as first`);
  return result.rows.length === 1;
}

/** One person's adds, serialised (the limits are counted, then the photo written). */
export async function lockAdder(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`album-photos:${userId}`}, 0))`);
}

export async function countByAdderInEvent(db: Executor, userId: string, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventPhotos)
    .where(and(eq(eventPhotos.addedBy, userId), eq(eventPhotos.eventId, eventId)));
  return row?.n ?? 0;
}

/** One person's photos added in the last day: how many, and when the oldest of them was. */
export async function addedInLastDay(db: Executor, userId: string) {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${eventPhotos.createdAt})::text` })
    .from(eventPhotos)
    .where(and(eq(eventPhotos.addedBy, userId), gt(eventPhotos.createdAt, sql`now() - interval '1 day'`)));
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function insertPhoto(
  db: Executor,
  values: { eventId: string; addedBy: string; uploadKey: string; caption: string },
): Promise<EventPhotoRow> {
  const [row] = await db
    .insert(eventPhotos)
    .values({ id: uuidv7(), ...values })
    .returning();
  if (!row) throw new Error('photo not stored');
  return row;
}

/** One page of the album as `viewerId` sees it, oldest first, after `cursor` (a photo id). */
export async function pageOfPhotos(
  db: Executor,
  eventId: string,
  viewerId: string | undefined,
  page: { cursor?: string; limit: number },
): Promise<EventPhotoRow[]> {
  return db
    .select()
    .from(eventPhotos)
    .where(
      and(
        eq(eventPhotos.eventId, eventId),
        page.cursor ? gt(eventPhotos.id, page.cursor) : undefined,
        photoSeenBy(viewerId),
      ),
    )
    .orderBy(asc(eventPhotos.id))
    .limit(page.limit);
}

export async function countPhotos(db: Executor, eventId: string, viewerId: string | undefined) {
  const [row] = await db
    .select({ n: count() })
    .from(eventPhotos)
    .where(and(eq(eventPhotos.eventId, eventId), photoSeenBy(viewerId)));
  return row?.n ?? 0;
}

export async function findPhotoById(db: Executor, photoId: string) {
  const rows = await db.select().from(eventPhotos).where(eq(eventPhotos.id, photoId)).limit(1);
  return rows[0];
}

export async function findPhoto(db: Executor, eventId: string, photoId: string) {
  const rows = await db
    .select()
    .from(eventPhotos)
    .where(and(eq(eventPhotos.id, photoId), eq(eventPhotos.eventId, eventId)))
    .limit(1);
  return rows[0];
}

/** The photos of the event among `ids` that `viewerId` may see, by id. */
export async function photosByIds(
  db: Executor,
  eventId: string,
  ids: string[],
  viewerId: string | undefined,
): Promise<Map<string, EventPhotoRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(eventPhotos)
    .where(and(eq(eventPhotos.eventId, eventId), inArray(eventPhotos.id, ids), photoSeenBy(viewerId)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Deletes the photo's row; answers its upload's key (undefined when it was gone already). */
export async function deletePhoto(db: Executor, photoId: string): Promise<string | undefined> {
  const [row] = await db
    .delete(eventPhotos)
    .where(eq(eventPhotos.id, photoId))
    .returning({ uploadKey: eventPhotos.uploadKey });
  return row?.uploadKey;
}

// --- recaps ---

export async function insertRecap(
  db: Executor,
  values: { eventId: string; authorId: string; title: string; body: string; coverPhotoId: string | null },
): Promise<RecapRow | undefined> {
  const [row] = await db
    .insert(recaps)
    .values({ id: uuidv7(), ...values })
    .onConflictDoNothing({ target: [recaps.eventId, recaps.authorId] })
    .returning();
  return row;
}

export async function updateRecap(
  db: Executor,
  id: string,
  values: Partial<Pick<RecapRow, 'title' | 'body' | 'coverPhotoId' | 'featuredAt' | 'featuredBy'>>,
): Promise<RecapRow | undefined> {
  const [row] = await db
    .update(recaps)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(recaps.id, id))
    .returning();
  return row;
}

export async function setRecapPhotos(db: Executor, recapId: string, photoIds: string[]): Promise<void> {
  await db.delete(recapPhotos).where(eq(recapPhotos.recapId, recapId));
  if (photoIds.length === 0) return;
  await db.insert(recapPhotos).values(photoIds.map((photoId, position) => ({ recapId, photoId, position })));
}

/** The ids of a recap's photos, in its order. */
export async function recapPhotoIds(db: Executor, recapId: string): Promise<string[]> {
  const rows = await db
    .select({ photoId: recapPhotos.photoId })
    .from(recapPhotos)
    .where(eq(recapPhotos.recapId, recapId))
    .orderBy(asc(recapPhotos.position));
  return rows.map((r) => r.photoId);
}

export async function findRecap(db: Executor, id: string): Promise<RecapRow | undefined> {
  const rows = await db.select().from(recaps).where(eq(recaps.id, id)).limit(1);
  return rows[0];
}

export async function deleteRecap(db: Executor, id: string): Promise<void> {
  await db.delete(recaps).where(eq(recaps.id, id));
}

/** The event's recaps `viewerId` may read (the event and its album were checked), newest first. */
export async function recapsOfEvent(db: Executor, eventId: string, viewerId: string | undefined) {
  return db
    .select()
    .from(recaps)
    .where(and(eq(recaps.eventId, eventId), viewerId ? noBlockBetween(viewerId, recaps.authorId) : undefined))
    .orderBy(desc(recaps.id))
    .limit(100);
}

/**
 * The featured recaps of a community's events that `viewerId` may read, most recently featured
 * first: the event through `visibleTo`, its album through `albumOpenTo`, the author not blocked.
 */
export async function featuredOfCommunity(
  db: Executor,
  communityId: string,
  viewerId: string | undefined,
  limit: number,
): Promise<RecapRow[]> {
  const rows = await db
    .select({ recap: recaps })
    .from(recaps)
    .innerJoin(events, eq(events.id, recaps.eventId))
    .where(
      and(
        eq(events.communityId, communityId),
        isNotNull(recaps.featuredAt),
        visibleTo(viewerId),
        albumOpenTo(viewerId),
        viewerId ? noBlockBetween(viewerId, recaps.authorId) : undefined,
      ),
    )
    .orderBy(desc(recaps.featuredAt))
    .limit(limit);
  return rows.map((r) => r.recap);
}

/** The event's hosts and the members going: who is told of its photos and recaps. */
export async function attendeeIds(db: Executor, eventId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select creator_id as id from ${events} where id = ${eventId}
    union select user_id from event_cohosts where event_id = ${eventId}
    union select user_id from rsvps where event_id = ${eventId} and status = 'going' and user_id is not null`);
  return result.rows.map((r) => r.id);
}

/**
 * The next event after `event` a signed-out visitor may see: the next of its community, else of its
 * series, else none (the recap page's "Come to the next one").
 */
export async function nextEventAfter(
  db: Executor,
  event: { id: string; communityId: string | null; seriesId: string | null },
) {
  const same = event.communityId
    ? eq(events.communityId, event.communityId)
    : event.seriesId
      ? eq(events.seriesId, event.seriesId)
      : undefined;
  if (!same) return undefined;
  const rows = await db
    .select({ id: events.id, title: events.title, startDate: events.startDate, timeZone: events.timeZone })
    .from(events)
    .where(
      and(
        same,
        sql`${events.id} <> ${event.id}`,
        gt(events.startDate, sql`now()`),
        sql`${events.cancelledAt} is null`,
        visibleTo(undefined),
      ),
    )
    .orderBy(asc(events.startDate), asc(events.id))
    .limit(1);
  return rows[0];
}

// --- tags and the person's choice ---

/** The people tagged in each of `photoIds`, in the order they were tagged. */
export async function tagsOf(db: Executor, photoIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (photoIds.length === 0) return out;
  const rows = await db
    .select({ photoId: photoTags.photoId, userId: photoTags.userId })
    .from(photoTags)
    .where(inArray(photoTags.photoId, photoIds))
    .orderBy(asc(photoTags.createdAt));
  for (const r of rows) out.set(r.photoId, [...(out.get(r.photoId) ?? []), r.userId]);
  return out;
}

export async function insertTag(db: Executor, photoId: string, userId: string, taggedBy: string) {
  await db.insert(photoTags).values({ photoId, userId, taggedBy }).onConflictDoNothing();
}

export async function findTag(db: Executor, photoId: string, userId: string) {
  const rows = await db
    .select()
    .from(photoTags)
    .where(and(eq(photoTags.photoId, photoId), eq(photoTags.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function deleteTag(db: Executor, photoId: string, userId: string): Promise<void> {
  await db.delete(photoTags).where(and(eq(photoTags.photoId, photoId), eq(photoTags.userId, userId)));
}

export async function preferencesOf(db: Executor, userId: string) {
  const rows = await db.select().from(albumPreferences).where(eq(albumPreferences.userId, userId)).limit(1);
  return { hideTaggedFromOutsiders: rows[0]?.hideTaggedFromOutsiders ?? false };
}

export async function setPreferences(db: Executor, userId: string, hideTaggedFromOutsiders: boolean) {
  await db
    .insert(albumPreferences)
    .values({ userId, hideTaggedFromOutsiders })
    .onConflictDoUpdate({
      target: albumPreferences.userId,
      set: { hideTaggedFromOutsiders, updatedAt: sql`now()` },
    });
}

/** Whether either of the two blocked the other. */
export async function blockedEitherWay(db: Executor, a: string, b: string): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(
    sql`select not ${noBlockBetween(a, sql`${b}::uuid`)} as found`,
  );
  return result.rows[0]?.found === true;
}

/**
 * Every photo of the album the host may see, oldest first (the hosts' zip): blocks hide photos
 * both ways there too, as on the album page (decision 075).
 */
export async function allPhotos(db: Executor, eventId: string, hostId: string): Promise<EventPhotoRow[]> {
  return db
    .select()
    .from(eventPhotos)
    .where(and(eq(eventPhotos.eventId, eventId), noBlockBetween(hostId, eventPhotos.addedBy)))
    .orderBy(asc(eventPhotos.id));
}
