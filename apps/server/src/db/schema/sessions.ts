import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant, ownedBy } from './columns.ts';
import { users } from './users.ts';

/**
 * A sign-in: one refresh-token family. Access tokens carry the session id, so revoking the
 * session ends both the refresh chain and every access token issued within it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** Absolute end of the family: rotation never extends it. */
    expiresAt: instant('expires_at').notNull(),
    /** Sign-in, then every refresh: what the settings page shows as "last used". */
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    revokedAt: instant('revoked_at'),
    /** The user's `session_epoch` when the session began (or was kept): any other value means ended. */
    epoch: integer('epoch').notNull().default(0),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Refresh tokens, stored as SHA-256 hashes. `rotated_at` set means the token was spent. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    sessionId: ownedBy('session_id', () => sessions.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    rotatedAt: instant('rotated_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
