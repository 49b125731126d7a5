import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { firstRow, insertRow, type NewRow, rowById } from '../../db/rows.ts';
import {
  type EventRow,
  events,
  type SignupItemRow,
  signupClaims,
  signupItems,
} from '../../db/schema/index.ts';

/** A claim with the claimer's name, as the sheet shows it. */
export type ClaimRow = {
  itemId: string;
  userId: string;
  quantity: number;
  username: string | null;
  fullName: string;
  profileImage: string | null;
};

export async function listItems(db: Executor, eventId: string): Promise<SignupItemRow[]> {
  return db
    .select()
    .from(signupItems)
    .where(eq(signupItems.eventId, eventId))
    .orderBy(asc(signupItems.createdAt), asc(signupItems.id));
}

export async function countItems(db: Executor, eventId: string): Promise<number> {
  return db.$count(signupItems, eq(signupItems.eventId, eventId));
}

export async function findItem(db: Executor, eventId: string, itemId: string) {
  return firstRow(db, signupItems, and(eq(signupItems.eventId, eventId), eq(signupItems.id, itemId)));
}

/** The item, locked until the transaction ends: claims on it are counted one at a time. */
export async function lockItem(db: Executor, eventId: string, itemId: string) {
  const [row] = await db
    .select()
    .from(signupItems)
    .where(and(eq(signupItems.eventId, eventId), eq(signupItems.id, itemId)))
    .for('update')
    .limit(1);
  return row;
}

export const insertItem = (db: Executor, values: NewRow<typeof signupItems>): Promise<SignupItemRow> =>
  insertRow(db, signupItems, values);

export async function updateItem(
  db: Executor,
  itemId: string,
  values: Partial<Pick<SignupItemRow, 'name' | 'note' | 'quantity' | 'startsAt' | 'endsAt'>>,
) {
  const [row] = await db.update(signupItems).set(values).where(eq(signupItems.id, itemId)).returning();
  return row;
}

export async function deleteItem(db: Executor, itemId: string): Promise<void> {
  await db.delete(signupItems).where(eq(signupItems.id, itemId));
}

/** Claims on these items, oldest first, with the claimers' names. */
export async function claimsOf(db: Executor, itemIds: string[]): Promise<ClaimRow[]> {
  if (itemIds.length === 0) return [];
  const result = await db.execute<{
    item_id: string;
    user_id: string;
    quantity: number;
    username: string | null;
    full_name: string;
    profile_image: string | null;
  }>(sql`select c.item_id, c.user_id, c.quantity, u.username, u.full_name, u.profile_image
    from signup_claims c join users u on u.id = c.user_id
    where c.item_id = any(${sql`array[${sql.join(
      itemIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]`})
    order by c.claimed_at, c.user_id`);
  return result.rows.map((r) => ({
    itemId: r.item_id,
    userId: r.user_id,
    quantity: r.quantity,
    username: r.username,
    fullName: r.full_name,
    profileImage: r.profile_image,
  }));
}

/** How many of the item others than `exceptUserId` hold. */
export async function claimedByOthers(db: Executor, itemId: string, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${signupClaims.quantity}), 0)::int` })
    .from(signupClaims)
    .where(and(eq(signupClaims.itemId, itemId), sql`${signupClaims.userId} <> ${exceptUserId}`));
  return row?.n ?? 0;
}

export async function claimedTotal(db: Executor, itemId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${signupClaims.quantity}), 0)::int` })
    .from(signupClaims)
    .where(eq(signupClaims.itemId, itemId));
  return row?.n ?? 0;
}

export async function setClaim(
  db: Executor,
  claim: { itemId: string; eventId: string; userId: string; quantity: number },
): Promise<void> {
  if (claim.quantity === 0) {
    await db
      .delete(signupClaims)
      .where(and(eq(signupClaims.itemId, claim.itemId), eq(signupClaims.userId, claim.userId)));
    return;
  }
  await db
    .insert(signupClaims)
    .values(claim)
    .onConflictDoUpdate({
      target: [signupClaims.itemId, signupClaims.userId],
      set: { quantity: claim.quantity },
    });
}

/**
 * The person's answer to the event, read with a share lock: an RSVP change waits for this
 * transaction (and so sees the claim it makes), and this one sees a change committed before it.
 */
export async function rsvpStatusLocked(
  db: Executor,
  eventId: string,
  userId: string,
): Promise<string | null> {
  const result = await db.execute<{ status: string }>(
    sql`select status from rsvps where event_id = ${eventId} and user_id = ${userId} for share`,
  );
  return result.rows[0]?.status ?? null;
}

/** Removes the person's claims on the event; answers what they had claimed. */
export async function releaseClaims(
  db: Executor,
  eventId: string,
  userId: string,
): Promise<{ item: SignupItemRow; quantity: number }[]> {
  const released = await db
    .delete(signupClaims)
    .where(and(eq(signupClaims.eventId, eventId), eq(signupClaims.userId, userId)))
    .returning({ itemId: signupClaims.itemId, quantity: signupClaims.quantity });
  if (released.length === 0) return [];
  const items = await listItems(db, eventId);
  return released.flatMap((r) => {
    const item = items.find((i) => i.id === r.itemId);
    return item ? [{ item, quantity: r.quantity }] : [];
  });
}

/** Per person, what they claimed on the event (reminders, the attendee CSV). */
export async function claimsByPerson(
  db: Executor,
  eventId: string,
): Promise<Map<string, { item: SignupItemRow; quantity: number }[]>> {
  const result = await db
    .select({ item: signupItems, userId: signupClaims.userId, quantity: signupClaims.quantity })
    .from(signupClaims)
    .innerJoin(signupItems, eq(signupItems.id, signupClaims.itemId))
    .where(eq(signupClaims.eventId, eventId))
    .orderBy(asc(signupItems.createdAt), asc(signupItems.id));
  const byPerson = new Map<string, { item: SignupItemRow; quantity: number }[]>();
  for (const r of result)
    byPerson.set(r.userId, [...(byPerson.get(r.userId) ?? []), { item: r.item, quantity: r.quantity }]);
  return byPerson;
}

export async function eventRow(db: Executor, eventId: string): Promise<EventRow | undefined> {
  const row = await rowById(db, events, eventId);
  return row;
}
