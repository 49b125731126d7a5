import type { ChannelPreferences } from '@townsquare/contracts';
import { and, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import {
  messages,
  type NotificationRow,
  notificationDeliveries,
  notifications,
  users,
} from '../../db/schema/index.ts';
import { preferencesOf } from './notifications.presenter.ts';

export type { Preferences } from './notifications.presenter.ts';

export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt' | 'readAt'>;

/**
 * Stores the notification unless this person already has one with the same dedupe key.
 * `created` is false for the existing row.
 */
export async function insertOnce(
  db: Executor,
  values: NewNotification,
): Promise<{ row: NotificationRow; created: boolean } | undefined> {
  const inserted = await db
    .insert(notifications)
    .values({ id: uuidv7(), ...values })
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const existing = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, values.userId), eq(notifications.dedupeKey, values.dedupeKey)))
    .limit(1);
  return existing[0] ? { row: existing[0], created: false } : undefined;
}

export async function findById(db: Executor, id: string): Promise<NotificationRow | undefined> {
  const rows = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return rows[0];
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
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return rows[0]?.n ?? 0;
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

/** Claims the delivery of a notification on a channel; false when it was already claimed. */
export async function claimDelivery(db: Executor, notificationId: string, channel: string): Promise<boolean> {
  const rows = await db
    .insert(notificationDeliveries)
    .values({ notificationId, channel })
    .onConflictDoNothing()
    .returning({ id: notificationDeliveries.notificationId });
  return rows.length > 0;
}

/** True when a notification of the same kind from the same actor was delivered on the channel since. */
export async function deliveredSince(db: Executor, row: NotificationRow, channel: string, since: Date) {
  const rows = await db
    .select({ id: notifications.id })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(
      and(
        eq(notifications.userId, row.userId),
        eq(notifications.kind, row.kind),
        row.actorId ? eq(notifications.actorId, row.actorId) : isNull(notifications.actorId),
        eq(notificationDeliveries.channel, channel),
        gte(notificationDeliveries.deliveredAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
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
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.receiverId, receiverId), eq(messages.senderId, senderId), isNull(messages.readAt)))
    .limit(1);
  return rows.length > 0;
}

export async function recipient(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      username: users.username,
      emailVerifiedAt: users.emailVerifiedAt,
      notifyEmail: users.notifyEmail,
      notifyPush: users.notifyPush,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, preferences: preferencesOf(row) } : undefined;
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

export async function userIdsByUsername(db: Executor, usernames: string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.username, usernames));
  return rows.map((r) => r.id);
}
