import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { instant, ownedBy } from './columns.ts';
import { users } from './users.ts';

/**
 * One row per person a user has blocked. The primary key keeps the pair unique and
 * answers "whom did X block"; the index answers "who blocked X" (visibility, search, fan-out).
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: ownedBy('blocker_id', () => users.id),
    blockedId: ownedBy('blocked_id', () => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);
