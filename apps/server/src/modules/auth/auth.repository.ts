import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Database, Executor } from '../../db/client.ts';
import { emailTokens, refreshTokens, sessions, users } from '../../db/schema/index.ts';

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

export async function createSession(
  db: Executor,
  input: { userId: string; expiresAt: Date; userAgent?: string; ip?: string },
): Promise<string> {
  const id = uuidv7();
  await db.insert(sessions).values({
    id,
    userId: input.userId,
    expiresAt: input.expiresAt,
    userAgent: input.userAgent?.slice(0, 512),
    ip: input.ip,
  });
  return id;
}

export async function insertRefreshToken(db: Executor, sessionId: string, tokenHash: string): Promise<void> {
  await db.insert(refreshTokens).values({ id: uuidv7(), sessionId, tokenHash });
}

/**
 * Spends a refresh token. The UPDATE only matches an unspent token, so two concurrent refreshes
 * with the same token cannot both succeed: the loser sees `reused`, which revokes the family.
 */
export async function spendRefreshToken(
  db: Executor,
  tokenHash: string,
): Promise<{ kind: 'ok'; sessionId: string } | { kind: 'reused'; sessionId: string } | { kind: 'unknown' }> {
  const spent = await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
    .returning({ sessionId: refreshTokens.sessionId });
  if (spent[0]) return { kind: 'ok', sessionId: spent[0].sessionId };
  const existing = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return existing[0] ? { kind: 'reused', sessionId: existing[0].sessionId } : { kind: 'unknown' };
}

/** The session and its user, if the session is still live. */
export async function findLiveSession(db: Executor, sessionId: string, userId?: string) {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        userId ? eq(sessions.userId, userId) : undefined,
      ),
    )
    .limit(1);
  return rows[0];
}

export async function revokeSession(db: Executor, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the user, except `keep` when given. Returns the revoked ids. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  reason: string,
  keep?: string,
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Voids every unused e-mail token of the user with this purpose. */
export async function voidEmailTokens(
  db: Executor,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** Creates an e-mail token and voids every earlier unused one of the same purpose. */
export async function createEmailToken(
  db: Executor,
  input: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; email: string; expiresAt: Date },
): Promise<void> {
  await voidEmailTokens(db, input.userId, input.purpose);
  await db.insert(emailTokens).values({ id: uuidv7(), ...input });
}

/** Redeems an e-mail token once: a single UPDATE guards against parallel redemptions. */
export async function redeemEmailToken(
  db: Executor,
  purposes: EmailTokenPurpose[],
  tokenHash: string,
): Promise<{ userId: string; email: string; purpose: EmailTokenPurpose } | undefined> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        inArray(emailTokens.purpose, purposes),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email, purpose: emailTokens.purpose });
  return rows[0];
}

/**
 * Housekeeping: drops long-expired e-mail tokens and sessions (and with them their refresh
 * tokens). Runs on one instance at a time: the others skip when the advisory lock is taken.
 */
export async function purgeExpired(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(727003) as ok`);
    if (!lock.rows[0]?.ok) return false;
    await tx.delete(emailTokens).where(lt(emailTokens.expiresAt, sql`now() - interval '7 days'`));
    await tx.delete(sessions).where(lt(sessions.expiresAt, sql`now() - interval '7 days'`));
    return true;
  });
}
