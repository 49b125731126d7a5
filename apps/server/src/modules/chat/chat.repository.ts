import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { type MessageRow, messages } from '../../db/schema/index.ts';

export type NewMessage = {
  channel: string;
  senderId: string;
  receiverId?: string;
  content: string;
  clientMessageId?: string;
};

/**
 * Stores a message once. With a clientMessageId, a retried send (the first attempt's answer was
 * lost) finds the stored row instead of inserting a duplicate; `created` says which happened.
 * The key is (sender, channel, clientMessageId): the same id in another channel is a new message.
 */
export async function insertMessage(
  db: Executor,
  input: NewMessage,
): Promise<{ row: MessageRow; created: boolean }> {
  const inserted = await db
    .insert(messages)
    .values({ id: uuidv7(), ...input })
    .onConflictDoNothing({
      target: [messages.senderId, messages.channel, messages.clientMessageId],
      where: sql`client_message_id is not null`,
    })
    .returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const existing = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.senderId, input.senderId),
        eq(messages.channel, input.channel),
        eq(messages.clientMessageId, input.clientMessageId ?? ''),
      ),
    )
    .limit(1);
  if (!existing[0]) throw new Error('message vanished between insert and select');
  return { row: existing[0], created: false };
}

/**
 * Newest first, keyset on (channel, id): `before` is the oldest id the client already has.
 * Messages a moderator hid are left out (decision 021).
 */
export async function history(db: Executor, channel: string, before: string | undefined, limit: number) {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.channel, channel),
        isNull(messages.hiddenAt),
        before ? lt(messages.id, before) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(limit);
}

/** The latest message of each direct conversation of `userId`, newest conversation first. */
export async function latestDirectMessages(db: Executor, userId: string, limit: number) {
  const rows = await db
    .selectDistinctOn([messages.channel])
    .from(messages)
    .where(
      and(
        sql`${messages.receiverId} is not null`,
        isNull(messages.hiddenAt),
        or(eq(messages.senderId, userId), eq(messages.receiverId, userId)),
      ),
    )
    .orderBy(messages.channel, desc(messages.id));
  return rows.sort((a, b) => (a.id < b.id ? 1 : -1)).slice(0, limit);
}

export async function unreadCounts(db: Executor, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ senderId: messages.senderId, count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.receiverId, userId), isNull(messages.readAt)))
    .groupBy(messages.senderId);
  // Direct messages always have a sender (they go with either account).
  return new Map(rows.map((r) => [r.senderId ?? '', r.count]));
}

export async function markConversationRead(
  db: Executor,
  channel: string,
  receiverId: string,
): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(eq(messages.channel, channel), eq(messages.receiverId, receiverId), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return rows.length;
}

export async function markRead(db: Executor, id: string): Promise<void> {
  await db
    .update(messages)
    .set({ readAt: sql`coalesce(${messages.readAt}, now())` })
    .where(eq(messages.id, id));
}
