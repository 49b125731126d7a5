import {
  type AuthResponse,
  type Locale,
  MSG,
  NAMED_CODES,
  type RegisterBody,
  type SessionSummary,
  suspendedMessage,
  tooManyRequestsMessage,
} from '@townsquare/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { findUserByEmail, findUserById, uniqueViolation, updateUser } from '../../platform/people.ts';
import { LIMITS_PER, type RateLimiter, type Verdict } from '../../platform/rate-limit/rate-limiter.ts';
import type { LinkSigner } from '../../platform/signed-links.ts';
import { isSuspended } from '../access/people.ts';
import { presentSelf } from '../users/users.presenter.ts';
import { createAccountMail } from './account-mail.ts';
import * as repo from './auth.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { type AccessTokens, hashToken, REFRESH_FAMILY_TTL_MS, randomToken } from './tokens.ts';

/** The `revoked_reason`s written when another of the person's devices ends a session. */
const ENDED_BY = {
  settings: 'signed out from settings',
  everywhereElse: 'signed out everywhere else',
  passwordChange: 'password change',
  passwordReset: 'password reset',
} as const;
const ENDED_ELSEWHERE = new Set<string>(Object.values(ENDED_BY));

/** `locale`: the language the request's browser asks for (`browserLocale`), when we speak it. */
export type ClientMeta = { ip: string; userAgent?: string; locale?: Locale };

export type AuthServiceDeps = {
  db: Database;
  tokens: AccessTokens;
  mailer: Mailer;
  /** Account e-mails are jobs: a crash between the answer and the send loses nothing. */
  jobs: Jobs;
  /** Derives the tokens in e-mailed links from their ids (account-mail.ts, decision 066). */
  links: LinkSigner;
  limiter: RateLimiter;
  publicUrl: string;
  adminEmails: string[];
  /**
   * Called after sessions end (logout, password change or reset, deletion): live sockets close.
   * `elsewhere` when another device ended them: their pages are told why first.
   */
  onSessionsRevoked?: (sessionIds: string[], elsewhere: boolean) => void;
  /**
   * Inside the transaction that verifies an address: the answers given from it without an
   * account become the account's (modules/guests, decision 040). Answers what to run after the commit.
   */
  claimGuestAnswers?: (tx: Executor, userId: string, email: string) => Promise<() => void>;
};

export type AuthService = ReturnType<typeof createAuthService>;

function throttle(verdict: Verdict): void {
  if (verdict.limited)
    throw tooManyRequests(tooManyRequestsMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, tokens, limiter } = deps;
  const accountMail = createAccountMail({
    db,
    jobs: deps.jobs,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    links: deps.links,
  });

  async function accessTokenFor(user: UserRow, sessionId: string): Promise<string> {
    return tokens.sign({ sub: user.id, sid: sessionId, email: user.email, roles: user.roles });
  }

  /**
   * A new session for `user` as read together with the password hash that was checked. Refused
   * when a suspension, password change or reset, or "sign out everywhere" landed since that read.
   */
  async function startSession(user: UserRow, meta: ClientMeta): Promise<AuthResponse> {
    const refreshToken = randomToken();
    const sessionId = await repo.createSession(db, {
      userId: user.id,
      epoch: user.sessionEpoch,
      expiresAt: new Date(Date.now() + REFRESH_FAMILY_TTL_MS),
      userAgent: meta.userAgent,
      ip: meta.ip,
      tokenHash: hashToken(refreshToken),
    });
    if (!sessionId) {
      const now = await findUserById(db, user.id);
      if (now && isSuspended(now)) throw forbidden(suspendedMessage(now.suspendedUntil));
      // The password checked is no longer the account's, or every sign-in was just ended.
      throw unauthorized(MSG.invalidCredentials);
    }
    const accessToken = await accessTokenFor(user, sessionId);
    return { accessToken, refreshToken, user: presentSelf(user) };
  }

  /** Queues the verification mail for this address (sent only if its account is not verified then). */
  function sendVerification(email: string): Promise<void> {
    return accountMail.send({
      kind: 'link',
      purpose: 'verify_email',
      tokenId: accountMail.newTokenId(),
      email,
    });
  }

  /**
   * An e-mail change: the link goes to the new address, and the old one hears about it at once
   * (whatever the notification settings, which a stolen access token could have switched off).
   */
  async function startEmailChange(user: UserRow, newEmail: string): Promise<void> {
    await accountMail.send({
      kind: 'link',
      purpose: 'change_email',
      tokenId: accountMail.newTokenId(),
      email: newEmail,
      userId: user.id,
    });
    await accountMail.send({
      kind: 'email-changing',
      to: user.email,
      name: user.fullName,
      newEmail,
      locale: user.locale,
    });
  }

  async function sendPasswordChanged(user: UserRow): Promise<void> {
    if (!user.notifySecurityAlerts) return;
    await accountMail.send({
      kind: 'password-changed',
      to: user.email,
      name: user.fullName,
      at: new Date().toISOString(),
      locale: user.locale,
    });
  }

  function revoked(sessionIds: string[], elsewhere = false) {
    if (sessionIds.length > 0) deps.onSessionsRevoked?.(sessionIds, elsewhere);
  }

  return {
    startEmailChange,
    /** Starts sending account e-mails from the queue on this instance (after the queue started). */
    startMailWorker: () => accountMail.start(),

    /**
     * Creates the account, signs it in and sends the verification mail. The account's language
     * starts as the one the person signed up in (decision 064): the app's, else the browser's.
     */
    async register(input: RegisterBody, meta: ClientMeta): Promise<AuthResponse & { message: string }> {
      if (await findUserByEmail(db, input.email)) throw conflict(MSG.emailTaken);
      const passwordHash = await hashPassword(input.password);
      const roles = input.roles ?? ['Member'];
      let user: UserRow;
      try {
        user = await repo.insertUser(db, {
          email: input.email,
          fullName: input.fullName,
          passwordHash,
          username: input.username ?? null,
          roles,
          profileCompleted: Boolean(input.username) && roles.length > 0,
          locale: input.locale ?? meta.locale ?? null,
        });
      } catch (error) {
        const field = uniqueViolation(error);
        if (field === 'email') throw conflict(MSG.emailTaken);
        if (field === 'username') throw conflict(MSG.usernameTaken);
        throw error;
      }
      await sendVerification(user.email);
      return { message: MSG.registered, ...(await startSession(user, meta)) };
    },

    /**
     * E-mail or username plus password. Unknown users cost the same time as wrong passwords.
     * Each attempt reserves its slot in both throttles before the password is hashed, so parallel
     * guesses cannot all pass a check made before any of them was counted. The account counter is
     * keyed by the account (e-mail and username share it); an unknown identifier has its own.
     * A successful sign-in gives its slots back: the throttles count failures.
     *
     * A locked account still opens from an address it has signed in from before, with that
     * address's own limit (decision 031): a stranger's guesses elsewhere cannot lock the owner out
     * at home, and gain nothing there. Such a sign-in leaves the account counter as it is.
     */
    async login(identifier: string, password: string, meta: ClientMeta): Promise<AuthResponse> {
      const ipKey = `login:ip:${meta.ip}`;
      throttle(await limiter.consume(ipKey, LIMITS_PER.loginFailuresPerIp));
      const user = await repo.findUserByIdentifier(db, identifier);
      const accountKey = user ? `login:account:${user.id}` : `login:unknown:${identifier}`;
      // Every failure also counts against this account from this address: guesses made from the
      // owner's own address (a shared network) use up that address's allowance too.
      const addressKey = user ? `login:account:${user.id}:${meta.ip}` : undefined;
      const [verdict, fromAddress] = await Promise.all([
        limiter.consume(accountKey, LIMITS_PER.loginFailuresPerAccount),
        addressKey ? limiter.consume(addressKey, LIMITS_PER.loginFailuresPerAccount) : undefined,
      ]);
      const byKnownAddress =
        verdict.limited &&
        user !== undefined &&
        fromAddress !== undefined &&
        !fromAddress.limited &&
        (await repo.hasSignedInFrom(db, user.id, meta.ip));
      if (!byKnownAddress) throttle(fromAddress?.limited ? fromAddress : verdict);
      const ok = await verifyPassword(user?.passwordHash, password);
      if (!user || !ok) throw unauthorized(MSG.invalidCredentials);
      await Promise.all([
        // A sign-in through the address's own allowance leaves the account's lock as it is.
        byKnownAddress ? undefined : limiter.reset(accountKey),
        addressKey ? limiter.reset(addressKey) : undefined,
        limiter.release(ipKey),
      ]);
      // Only after the password: the refusal must not tell strangers the account exists.
      if (isSuspended(user)) throw forbidden(suspendedMessage(user.suspendedUntil));
      return startSession(user, meta);
    },

    /**
     * Rotation: every refresh spends the presented token and issues a new one in the same family.
     * A token presented after it was spent means it was copied; the whole family is revoked, so
     * the thief and the owner both have to sign in again.
     */
    async refresh(refreshToken: string): Promise<AuthResponse> {
      const nextToken = randomToken();
      const spent = await repo.rotateRefreshToken(db, hashToken(refreshToken), hashToken(nextToken));
      if (spent.kind === 'reused') {
        await repo.revokeSession(db, spent.sessionId, 'refresh token reuse');
        revoked([spent.sessionId]);
        throw unauthorized(MSG.invalidRefreshToken);
      }
      if (spent.kind === 'unknown') throw unauthorized(MSG.invalidRefreshToken);
      if (spent.kind === 'ended') {
        // A suspension ended the session: say so (the web app shows it on the sign-in page).
        const owner = await repo.sessionOwner(db, spent.sessionId);
        if (owner && isSuspended(owner)) throw forbidden(suspendedMessage(owner.suspendedUntil));
        // Ended from another device: the same text, and a code a page without a socket can show.
        if (owner?.revokedReason && ENDED_ELSEWHERE.has(owner.revokedReason))
          throw unauthorized(MSG.invalidRefreshToken, NAMED_CODES.SESSION_ENDED_ELSEWHERE);
        throw unauthorized(MSG.invalidRefreshToken);
      }
      const accessToken = await accessTokenFor(spent.user, spent.sessionId);
      return { accessToken, refreshToken: nextToken, user: presentSelf(spent.user) };
    },

    async logout(sessionId: string): Promise<void> {
      await repo.revokeSession(db, sessionId, 'logout');
      revoked([sessionId]);
    },

    /** Ends every session of the account (deletion, suspension) and closes their sockets. */
    async endAllSessions(userId: string, reason: string): Promise<void> {
      revoked(await db.transaction((tx) => repo.endUserSessions(tx, userId, reason)));
    },

    /** The user and session behind a bearer access token, or undefined. */
    async authenticate(token: string): Promise<{ user: UserRow; sessionId: string } | undefined> {
      const claims = await tokens.verify(token);
      // Both ids are uuid columns: anything else can match no session (and PostgreSQL would refuse the cast).
      if (!claims || !isUuid(claims.sid) || !isUuid(claims.sub)) return undefined;
      const user = await repo.findLiveSessionUser(db, claims.sid, claims.sub);
      return user ? { user, sessionId: claims.sid } : undefined;
    },

    /**
     * Always answers the same way, in the same time: the throttle counts the typed address, and
     * the request only queues the mail job, for unknown addresses too; its lookup, token and mail
     * happen in the job.
     */
    async forgotPassword(rawEmail: string | undefined): Promise<void> {
      const email = rawEmail?.trim().toLowerCase();
      if (!email) return;
      throttle(await limiter.consume(`forgot:address:${email}`, LIMITS_PER.forgotPerAddress));
      await accountMail.send({
        kind: 'link',
        purpose: 'reset_password',
        tokenId: accountMail.newTokenId(),
        email,
      });
    },

    /** Sets a new password from a reset link; every session of the account ends. */
    async resetPassword(token: string, newPassword: string): Promise<void> {
      const passwordHash = await hashPassword(newPassword);
      const result = await db.transaction(async (tx) => {
        const redeemed = await repo.redeemEmailToken(tx, ['reset_password'], hashToken(token));
        if (!redeemed) return undefined;
        // A reset also cancels a pending e-mail change (the owner taking the account back).
        await updateUser(tx, redeemed.userId, { passwordHash, pendingEmail: null });
        await repo.voidEmailTokens(tx, redeemed.userId, 'change_email');
        // Following the link proves the address, so it counts as verified.
        const user = await repo.markEmailVerified(tx, redeemed.userId, deps.adminEmails);
        const sessionIds = await repo.endUserSessions(tx, redeemed.userId, ENDED_BY.passwordReset, {
          rotateFeed: true,
        });
        const claimed = user ? await deps.claimGuestAnswers?.(tx, user.id, user.email) : undefined;
        return user ? { user, sessionIds, claimed } : undefined;
      });
      if (!result) throw badRequest(MSG.resetTokenInvalid);
      result.claimed?.();
      revoked(result.sessionIds, true);
      await sendPasswordChanged(result.user);
    },

    /**
     * Follows a link from a mail: it verifies the address it was sent to, either the account's
     * own or, for an e-mail change, the pending new one, which then replaces the old address.
     */
    async verifyEmail(token: string): Promise<void> {
      let outcome: 'ok' | 'invalid' | 'taken';
      let claimed: (() => void) | undefined;
      try {
        outcome = await db.transaction(async (tx) => {
          const redeemed = await repo.redeemEmailToken(
            tx,
            ['verify_email', 'change_email'],
            hashToken(token),
          );
          if (!redeemed) return 'invalid';
          const user = await findUserById(tx, redeemed.userId);
          if (!user) return 'invalid';
          if (redeemed.purpose === 'change_email') {
            // A newer request, or a password reset, replaced or cancelled this one.
            if (user.pendingEmail !== redeemed.email) return 'invalid';
            if (await findUserByEmail(tx, redeemed.email)) {
              await updateUser(tx, user.id, { pendingEmail: null });
              return 'taken';
            }
            await updateUser(tx, user.id, {
              email: redeemed.email,
              pendingEmail: null,
              emailVerifiedAt: null,
            });
          } else if (user.email !== redeemed.email) {
            // The link confirms the address it was sent to, not one the user switched to since.
            return 'invalid';
          }
          await repo.markEmailVerified(tx, user.id, deps.adminEmails);
          claimed = await deps.claimGuestAnswers?.(tx, user.id, redeemed.email);
          return 'ok';
        });
      } catch (error) {
        // Someone registered the address between the check and the update.
        if (uniqueViolation(error) === 'email') throw conflict(MSG.emailTaken);
        throw error;
      }
      if (outcome === 'taken') throw conflict(MSG.emailTaken);
      if (outcome === 'invalid') throw badRequest(MSG.verificationTokenInvalid);
      claimed?.();
    },

    /**
     * Sends a fresh verification link. The throttle counts the address (the caller's own when
     * signed in), and the lookup and mail run in the queued job: known, verified and unknown
     * addresses get the same status in the same time.
     */
    async resendVerification(target: { user?: UserRow; email?: string }): Promise<void> {
      const email = (target.user?.email ?? target.email)?.trim().toLowerCase();
      if (!email) return;
      throttle(await limiter.consume(`resend:address:${email}`, LIMITS_PER.resendPerAddress));
      await sendVerification(email);
    },

    /** Password change from settings: the current session stays, every other one ends. */
    async changePassword(
      user: UserRow,
      sessionId: string,
      currentPassword: string,
      newPassword: string,
    ): Promise<void> {
      throttle(await limiter.consume(`password-change:${user.id}`, LIMITS_PER.passwordChangePerUser));
      if (!(await verifyPassword(user.passwordHash, currentPassword)))
        throw badRequest(MSG.currentPasswordWrong);
      if (currentPassword === newPassword) throw badRequest(MSG.passwordUnchanged);
      const passwordHash = await hashPassword(newPassword);
      const sessionIds = await db.transaction(async (tx) => {
        await updateUser(tx, user.id, { passwordHash });
        return repo.endUserSessions(tx, user.id, ENDED_BY.passwordChange, {
          keep: sessionId,
          rotateFeed: true,
        });
      });
      revoked(sessionIds, true);
      await sendPasswordChanged(user);
    },

    /** The user's live sessions, most recently used first; `current` is the caller's own. */
    async listSessions(userId: string, currentSessionId: string): Promise<SessionSummary[]> {
      const rows = await repo.listLiveSessions(db, userId);
      return rows.map((row) => ({
        id: row.id,
        userAgent: row.userAgent,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    /**
     * Ends one of the user's sessions: its refresh token and access tokens stop working at once
     * and its sockets are closed. Someone else's session, or one already ended, is a 404.
     */
    async endSession(userId: string, sessionId: string, currentSessionId?: string): Promise<void> {
      if (!isUuid(sessionId)) throw notFound(MSG.sessionNotFound);
      if (!(await repo.revokeOwnSession(db, userId, sessionId, ENDED_BY.settings)))
        throw notFound(MSG.sessionNotFound);
      revoked([sessionId], sessionId !== currentSessionId);
    },

    /** Ends every session of the user except the current one (and closes their sockets). */
    async endOtherSessions(userId: string, currentSessionId: string): Promise<void> {
      const sessionIds = await db.transaction((tx) =>
        repo.endUserSessions(tx, userId, ENDED_BY.everywhereElse, {
          keep: currentSessionId,
          rotateFeed: true,
        }),
      );
      revoked(sessionIds, true);
    },

    /** Re-checks the password before a destructive action (account deletion). */
    async confirmPassword(user: UserRow, password: string): Promise<void> {
      throttle(await limiter.consume(`password-change:${user.id}`, LIMITS_PER.passwordChangePerUser));
      if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(MSG.currentPasswordWrong);
    },
  };
}
