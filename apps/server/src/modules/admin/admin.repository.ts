import { and, desc, eq, ilike, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** `%` and `_` typed by the admin are literal characters, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest accounts first, keyset-paginated by id (UUIDv7, so time-ordered). */
export async function listUsers(db: Executor, options: { q?: string; before?: string; limit: number }) {
  const pattern = options.q ? `%${escapeLike(options.q.trim().toLowerCase())}%` : undefined;
  return db
    .select()
    .from(users)
    .where(
      and(
        options.before ? lt(users.id, options.before) : undefined,
        pattern
          ? or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.fullName, pattern))
          : undefined,
      ),
    )
    .orderBy(desc(users.id))
    .limit(options.limit + 1);
}

export async function setVerifiedCommunity(db: Executor, id: string, value: boolean) {
  const rows = await db
    .update(users)
    .set({ isVerifiedCommunity: value, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}
