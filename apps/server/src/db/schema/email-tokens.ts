import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant, ownedBy } from './columns.ts';
import { users } from './users.ts';

/**
 * Single-use e-mail tokens (verification, password reset, e-mail change), stored as SHA-256
 * hashes. The purpose is plain text, so a new purpose needs no migration.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'change_email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For verification: the address the link confirms (the user may change it meanwhile). */
    email: text('email').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_key').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
  ],
);
