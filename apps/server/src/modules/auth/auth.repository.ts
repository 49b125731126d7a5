import { and, desc, eq, getTableColumns, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Database, Executor } from '../../db/client.ts';
import { columnsOf, preparedQuery } from '../../db/prepared.ts';
import { anyRow, firstRow, insertRow } from '../../db/rows.ts';
import {
  emailTokens,
  type NewUserRow,
  refreshTokens,
  sessions,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { updateUser } from '../../platform/people.ts';

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

/** A user not suspended now (the SQL twin of `isSuspended`). */
const notSuspended = (u: string) =>
  sql.raw(
    `(${u}.suspended_at is null or (${u}.suspended_until is not null and ${u}.suspended_until <= now()))`,
  );

/**
 * Starts a session and its first refresh token, in one transaction, only if the user is still at
 * `epoch` and not suspended. `epoch` is what the caller read together with the password hash it
 * checked: a password change, reset, suspension or "sign out everywhere" that landed meanwhile
 * bumped it, and the sign-in gets nothing. The user row is share-locked, so the session is
 * committed before any such change can run its revocation (which then sees and ends it).
 * Undefined when refused.
 */
export async function createSession(
  db: Database,
  input: {
    userId: string;
    epoch: number;
    expiresAt: Date;
    userAgent?: string;
    ip?: string;
    tokenHash: string;
  },
): Promise<string | undefined> {
  const id = uuidv7();
  return db.transaction(async (tx) => {
    const inserted = await tx.execute(sql`
      insert into ${sessions} (id, user_id, epoch, expires_at, user_agent, ip)
      select ${id}, u.id, u.session_epoch, ${input.expiresAt}, ${input.userAgent?.slice(0, 512) ?? null}, ${input.ip ?? null}
      from ${users} u
      where u.id = ${input.userId} and u.session_epoch = ${input.epoch} and ${notSuspended('u')}
      for share`);
    if (inserted.rowCount !== 1) return undefined;
    await insertRefreshToken(tx, id, input.tokenHash);
    return id;
  });
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

/**
 * The refresh path, in one transaction: spends the token and, if its session is still live (not
 * revoked or expired, at the user's epoch, the user not suspended), records the use and stores
 * the next token. The session row stays locked until commit, so a revocation running at the same
 * time either ends the session first (nothing is issued) or waits and then ends the session with
 * the token just issued.
 */
export async function rotateRefreshToken(
  db: Database,
  tokenHash: string,
  nextTokenHash: string,
): Promise<
  | { kind: 'ok'; sessionId: string; user: UserRow }
  | { kind: 'ended'; sessionId: string }
  | { kind: 'reused'; sessionId: string }
  | { kind: 'unknown' }
> {
  return db.transaction(async (tx) => {
    const spent = await spendRefreshToken(tx, tokenHash);
    if (spent.kind !== 'ok') return spent;
    const live = await tx
      .update(sessions)
      .set({ lastUsedAt: sql`now()` })
      .from(users)
      .where(
        and(
          eq(sessions.id, spent.sessionId),
          eq(users.id, sessions.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(sessions.epoch, users.sessionEpoch),
          notSuspended('users'),
        ),
      )
      .returning(getTableColumns(users));
    const user = live[0];
    if (!user) return { kind: 'ended' as const, sessionId: spent.sessionId };
    await insertRefreshToken(tx, spent.sessionId, nextTokenHash);
    return { kind: 'ok' as const, sessionId: spent.sessionId, user };
  });
}

/** Whether the user ever signed in from this address (within the sessions kept: 37 days). */
export async function hasSignedInFrom(db: Executor, userId: string, ip: string): Promise<boolean> {
  return anyRow(db, sessions, and(eq(sessions.userId, userId), eq(sessions.ip, ip)));
}

/** The user a session belonged to, live or not, and why it was revoked (why a refresh failed). */
export async function sessionOwner(db: Executor, sessionId: string) {
  const rows = await db
    .select({
      suspendedAt: users.suspendedAt,
      suspendedUntil: users.suspendedUntil,
      revokedReason: sessions.revokedReason,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return rows[0];
}

/** Exported for the list benchmark's baseline, which sends the same statement (bench/lists.ts). */
export const liveSessionUser = preparedQuery<UserRow>(
  'auth_live_session_user',
  sql`select ${columnsOf(users, 'u')} from ${sessions} s join ${users} u on u.id = s.user_id
      where s.id = ${sql.placeholder('sid')} and s.user_id = ${sql.placeholder('uid')}
        and s.revoked_at is null and s.expires_at > now()
        and s.epoch = u.session_epoch and ${notSuspended('u')}`,
);

/**
 * The user of a live session: what every authenticated request asks, so a prepared statement.
 * Never cached: a revoked session, one from before the user's last epoch bump, or a suspended
 * user fails the very next request, on every instance, in this one query.
 */
export async function findLiveSessionUser(db: Database, sessionId: string, userId: string) {
  const rows = await liveSessionUser(db, { sid: sessionId, uid: userId });
  return rows[0];
}

export async function revokeSession(db: Executor, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** The user's live sessions, most recently used first. */
export async function listLiveSessions(db: Executor, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

/** Revokes one live session if it belongs to the user; false when there is no such session. */
export async function revokeOwnSession(
  db: Executor,
  userId: string,
  sessionId: string,
  reason: string,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
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

/**
 * Ends every sign-in of the user at once, except `keep`: bumps the user's epoch (which also
 * refuses any sign-in or refresh in flight that read the old one), moves `keep` to the new epoch
 * and revokes the rest. `rotateFeed` also gives the private calendar feed a new link. Run it in
 * the transaction that changes what ends the sessions (the password), so neither is seen alone.
 * Returns the revoked ids.
 */
export async function endUserSessions(
  tx: Executor,
  userId: string,
  reason: string,
  options: { keep?: string; rotateFeed?: boolean } = {},
): Promise<string[]> {
  const bumped = await tx
    .update(users)
    .set({
      sessionEpoch: sql`${users.sessionEpoch} + 1`,
      ...(options.rotateFeed ? { calendarFeedNonce: sql`gen_random_uuid()::text` } : {}),
    })
    .where(eq(users.id, userId))
    .returning({ epoch: users.sessionEpoch });
  const epoch = bumped[0]?.epoch;
  if (epoch === undefined) return [];
  if (options.keep)
    await tx
      .update(sessions)
      .set({ epoch })
      .where(and(eq(sessions.id, options.keep), eq(sessions.userId, userId)));
  return revokeUserSessions(tx, userId, reason, options.keep);
}

/** Marks the unused e-mail tokens that also meet `conditions` used: voiding and redeeming are this one UPDATE. */
const useUnusedEmailTokens = (db: Executor, ...conditions: (SQL | undefined)[]) =>
  db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(...conditions, isNull(emailTokens.usedAt)));

/** Voids every unused e-mail token of the user with this purpose (but `except`). */
export async function voidEmailTokens(
  db: Executor,
  userId: string,
  purpose: EmailTokenPurpose,
  except?: string,
): Promise<void> {
  await useUnusedEmailTokens(
    db,
    eq(emailTokens.userId, userId),
    eq(emailTokens.purpose, purpose),
    except ? ne(emailTokens.id, except) : undefined,
  );
}

/**
 * The e-mail token with this id, created if it does not exist yet (a newer token voids every
 * earlier unused one of its purpose). Its stored hash while it can still be redeemed: a mail job
 * that runs again finds its own token and sends the same link, or nothing once it was used or
 * replaced.
 */
export async function ensureEmailToken(
  tx: Executor,
  input: {
    id: string;
    userId: string;
    purpose: EmailTokenPurpose;
    tokenHash: string;
    email: string;
    expiresAt: Date;
  },
): Promise<string | undefined> {
  const created = await tx
    .insert(emailTokens)
    .values(input)
    .onConflictDoNothing({ target: emailTokens.id })
    .returning({ id: emailTokens.id });
  if (created[0]) await voidEmailTokens(tx, input.userId, input.purpose, input.id);
  const live = await tx
    .select({ tokenHash: emailTokens.tokenHash })
    .from(emailTokens)
    .where(
      and(eq(emailTokens.id, input.id), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)),
    );
  return live[0]?.tokenHash;
}

/** Redeems an e-mail token once: a single UPDATE guards against parallel redemptions. */
export async function redeemEmailToken(
  db: Executor,
  purposes: EmailTokenPurpose[],
  tokenHash: string,
): Promise<{ userId: string; email: string; purpose: EmailTokenPurpose } | undefined> {
  const rows = await useUnusedEmailTokens(
    db,
    eq(emailTokens.tokenHash, tokenHash),
    inArray(emailTokens.purpose, purposes),
    gt(emailTokens.expiresAt, sql`now()`),
  ).returning({ userId: emailTokens.userId, email: emailTokens.email, purpose: emailTokens.purpose });
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

/** Login: the identifier (already lower-cased) is an e-mail address or a username. */
export async function findUserByIdentifier(db: Executor, identifier: string): Promise<UserRow | undefined> {
  return firstRow(db, users, or(eq(users.email, identifier), eq(users.username, identifier)));
}

export async function insertUser(db: Executor, values: Omit<NewUserRow, 'id'>): Promise<UserRow> {
  return insertRow(db, users, values);
}

/**
 * Marks the user's current address as verified. An address named in `adminEmails` (ADMIN_EMAILS)
 * earns the platform-admin flag at this moment, never before: the address is proven now.
 */
export async function markEmailVerified(
  db: Executor,
  id: string,
  adminEmails: string[],
): Promise<UserRow | undefined> {
  return updateUser(db, id, {
    emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
    isAdmin: sql`${users.isAdmin} or ${inArray(users.email, adminEmails)}`,
  });
}
