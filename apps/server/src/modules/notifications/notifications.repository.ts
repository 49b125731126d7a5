import type { ChannelPreferences, Locale } from '@townsquare/contracts';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { anyRow } from '../../db/rows.ts';
import {
  blocks,
  eventGuests,
  messages,
  type NotificationRow,
  notificationDeliveries,
  notifications,
  users,
} from '../../db/schema/index.ts';
import { byId } from '../../platform/ids.ts';
import { type Preferences, preferencesOf, type Recipient } from './notifications.presenter.ts';

export type { Preferences };

export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt' | 'readAt'>;

/** Rows per INSERT in `insertMany` (9 parameters each, far below PostgreSQL's 65,535). */
const INSERT_CHUNK = 1_000;

/** Who a batch goes to: members (by user id) or guests (by guest id; e-mail only, decision 040). */
export type Audience = { to: 'user' | 'guest'; ids: string[] };

/**
 * Stores one notification for each of the audience unless that person already has one with the
 * same dedupe key; people whose account is gone (guests: whose answer is gone or unconfirmed) are
 * skipped. `created` holds the new rows; `repeated` the existing rows of this key stored within
 * the last hour (their deliveries may not have been queued yet).
 */
export async function insertMany(
  db: Executor,
  audience: Audience,
  values: Omit<NewNotification, 'userId' | 'guestId'>,
): Promise<{ created: NotificationRow[]; repeated: NotificationRow[] }> {
  const column = audience.to === 'user' ? notifications.userId : notifications.guestId;
  const created: NotificationRow[] = [];
  const repeated: NotificationRow[] = [];
  for (let i = 0; i < audience.ids.length; i += INSERT_CHUNK) {
    const chunk = audience.ids.slice(i, i + INSERT_CHUNK);
    const living = (await livingIn(db, audience.to, chunk)).map((u) => u.id);
    if (living.length === 0) continue;
    const inserted = await db
      .insert(notifications)
      .values(
        living.map((id) => ({
          id: uuidv7(),
          ...values,
          ...(audience.to === 'user' ? { userId: id } : { guestId: id }),
        })),
      )
      .onConflictDoNothing({ target: [column, notifications.dedupeKey] })
      .returning();
    created.push(...inserted);
    if (inserted.length === living.length) continue;
    const fresh = new Set(inserted.map((r) => r.userId ?? r.guestId));
    const others = living.filter((id) => !fresh.has(id));
    repeated.push(
      ...(await db
        .select()
        .from(notifications)
        .where(
          and(
            inArray(column, others),
            eq(notifications.dedupeKey, values.dedupeKey),
            gte(notifications.createdAt, sql`now() - interval '1 hour'`),
          ),
        )),
    );
  }
  return { created, repeated };
}

function livingIn(db: Executor, to: Audience['to'], ids: string[]) {
  if (to === 'user') return db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return db
    .select({ id: eventGuests.id })
    .from(eventGuests)
    .where(and(inArray(eventGuests.id, ids), isNotNull(eventGuests.confirmedAt)));
}

export async function findByIds(db: Executor, ids: string[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(notifications).where(inArray(notifications.id, ids));
}

/** Newest first; keyset on id (UUIDv7, so time order). */
export async function page(db: Executor, userId: string, before: string | undefined, limit: number) {
  const conditions: SQL[] = [eq(notifications.userId, userId)];
  if (before) conditions.push(lt(notifications.id, before));
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.id))
    .limit(limit);
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  return db.$count(notifications, and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** Marks these (or, without ids, all) of the person's notifications read. */
export async function markRead(db: Executor, userId: string, ids: string[] | undefined): Promise<number> {
  const conditions: SQL[] = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids) conditions.push(inArray(notifications.id, ids));
  const result = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(...conditions));
  return result.rowCount ?? 0;
}

/** The read pointer of a conversation moved: its direct-message notifications are read too. */
export async function markReadByActor(db: Executor, userId: string, kind: string, actorId: string) {
  const result = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, kind),
        eq(notifications.actorId, actorId),
        isNull(notifications.readAt),
      ),
    );
  return result.rowCount ?? 0;
}

/**
 * Claims deliveries (a notification on a channel); answers the `<notification>:<channel>` pairs
 * this call claimed. A pair claimed before (a retried job, another instance) is not among them.
 */
export async function claimDeliveries(
  db: Executor,
  claims: { notificationId: string; channel: string }[],
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = await db
    .insert(notificationDeliveries)
    .values(claims)
    .onConflictDoNothing()
    .returning({ id: notificationDeliveries.notificationId, channel: notificationDeliveries.channel });
  return new Set(rows.map((r) => `${r.id}:${r.channel}`));
}

/** Gives a claim back after a failed delivery, so the retry may deliver. */
export async function releaseDelivery(db: Executor, notificationId: string, channel: string) {
  await db
    .delete(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.notificationId, notificationId),
        eq(notificationDeliveries.channel, channel),
      ),
    );
}

/** True while a direct message from `senderId` to `receiverId` is unread. */
export async function hasUnreadFrom(db: Executor, receiverId: string, senderId: string): Promise<boolean> {
  return anyRow(
    db,
    messages,
    and(eq(messages.receiverId, receiverId), eq(messages.senderId, senderId), isNull(messages.readAt)),
  );
}

export async function recipients(db: Executor, userIds: string[]): Promise<Map<string, Recipient>> {
  return byId(userIds, async (unique) => {
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        emailVerifiedAt: users.emailVerifiedAt,
        notifyEmail: users.notifyEmail,
        notifyPush: users.notifyPush,
        locale: users.locale,
      })
      .from(users)
      .where(inArray(users.id, unique));
    return rows.map(
      (r): Recipient => ({
        id: r.id,
        email: r.email,
        fullName: r.fullName,
        emailVerified: r.emailVerifiedAt !== null,
        preferences: preferencesOf(r),
        locale: r.locale,
      }),
    );
  });
}

/** The languages these people chose, for those who chose one other than English. */
export async function chosenLocales(db: Executor, userIds: string[]): Promise<Map<string, Locale>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, locale: users.locale })
    .from(users)
    .where(
      and(inArray(users.id, [...new Set(userIds)]), isNotNull(users.locale), sql`${users.locale} <> 'en'`),
    );
  return new Map(rows.flatMap((r) => (r.locale ? [[r.id, r.locale] as const] : [])));
}

/** Turns one kind group off (or on) for one channel, leaving every other choice as it was. */
export async function setPreference(
  db: Executor,
  userId: string,
  channel: 'email' | 'push',
  patch: Partial<ChannelPreferences>,
): Promise<boolean> {
  const column = channel === 'email' ? users.notifyEmail : users.notifyPush;
  const result = await db
    .update(users)
    .set(
      channel === 'email'
        ? { notifyEmail: sql`${column} || ${JSON.stringify(patch)}::jsonb` }
        : { notifyPush: sql`${column} || ${JSON.stringify(patch)}::jsonb` },
    )
    .where(eq(users.id, userId));
  return (result.rowCount ?? 0) > 0;
}

/** Of `userIds`, those who chose to hear of each answer to their events at once. */
export async function instantRsvpHosts(db: Executor, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.notifyRsvpTiming, 'instant')));
  return new Set(rows.map((r) => r.id));
}

export async function userIdsByUsername(db: Executor, usernames: string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.username, usernames));
  return rows.map((r) => r.id);
}

/** Of `userIds`, those who blocked `actorId` or whom `actorId` blocked (one query). */
export async function blockedWith(db: Executor, actorId: string, userIds: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, actorId), inArray(blocks.blockedId, userIds)),
        and(eq(blocks.blockedId, actorId), inArray(blocks.blockerId, userIds)),
      ),
    );
  return new Set(rows.map((r) => (r.blockerId === actorId ? r.blockedId : r.blockerId)));
}
