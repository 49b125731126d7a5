import { and, desc, eq, gte, notInArray, or, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { deleteRows } from '../../db/rows.ts';
import { type PushSubscriptionRow, pushSubscriptions } from '../../db/schema/index.ts';

/**
 * Stores a browser's subscription for `userId`. The endpoint is unique: the same browser signing
 * in to another account moves its subscription there, which needs the same keys (the browser's
 * own secret), so knowing someone's endpoint URL alone takes nothing over: undefined then.
 * Beyond `keep` subscriptions per person the least recently working ones (never the new one) are
 * deleted.
 */
export async function saveSubscription(
  db: Executor,
  input: { userId: string; endpoint: string; p256dh: string; auth: string },
  keep: number,
): Promise<PushSubscriptionRow | undefined> {
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values({ id: uuidv7(), ...input })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: input.userId,
          p256dh: input.p256dh,
          auth: input.auth,
          // A subscription that changed hands (or keys) has not worked for its new owner yet.
          lastSuccessAt: sql`case when ${pushSubscriptions.userId} = ${input.userId} and ${pushSubscriptions.p256dh} = ${input.p256dh} then ${pushSubscriptions.lastSuccessAt} end`,
        },
        setWhere: or(
          eq(pushSubscriptions.userId, input.userId),
          and(eq(pushSubscriptions.p256dh, input.p256dh), eq(pushSubscriptions.auth, input.auth)),
        ),
      })
      .returning();
    if (!saved) return undefined;
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, input.userId))
      .orderBy(
        desc(sql`${pushSubscriptions.id} = ${saved.id}`),
        desc(sql`coalesce(${pushSubscriptions.lastSuccessAt}, ${pushSubscriptions.createdAt})`),
      )
      .limit(keep);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, input.userId), notInArray(pushSubscriptions.id, kept)));
    return saved;
  });
}

/** Deletes the caller's subscription with this endpoint; false when they have none such. */
export async function deleteOwnSubscription(
  db: Executor,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  return deleteRows(
    db,
    pushSubscriptions,
    and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)),
  );
}

export function subscriptionsOf(db: Executor, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/**
 * Counts a failed send: the subscription waits `baseMs * 4^(failures - 1)` before the next try,
 * and is deleted at its `dropAfter`-th failure in a row. Answers true when it was deleted.
 */
export async function recordFailure(
  db: Executor,
  id: string,
  policy: { baseMs: number; dropAfter: number },
): Promise<boolean> {
  const dropped = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), gte(pushSubscriptions.failures, policy.dropAfter - 1)))
    .returning({ id: pushSubscriptions.id });
  if (dropped.length > 0) return true;
  await db
    .update(pushSubscriptions)
    .set({
      failures: sql`${pushSubscriptions.failures} + 1`,
      retryAfter: sql`now() + make_interval(secs => ${policy.baseMs / 1000}::float8 * power(4, ${pushSubscriptions.failures}))`,
    })
    .where(eq(pushSubscriptions.id, id));
  return false;
}

/** The push service said the subscription is gone (404/410). */
export async function deleteSubscriptionById(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markDelivered(db: Executor, id: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: new Date(), failures: 0, retryAfter: null })
    .where(eq(pushSubscriptions.id, id));
}
