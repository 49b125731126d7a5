import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { instant, ownedBy } from './columns.ts';
import { users } from './users.ts';

/** Friendship is symmetric and stored in both directions, so "friends of X" is one index range. */
export const friendships = pgTable(
  'friendships',
  {
    userId: ownedBy('user_id', () => users.id),
    friendId: ownedBy('friend_id', () => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

/** A pending request; accepting it deletes the row and writes the two friendship rows. */
export const friendRequests = pgTable(
  'friend_requests',
  {
    requesterId: ownedBy('requester_id', () => users.id),
    receiverId: ownedBy('receiver_id', () => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.receiverId] }),
    index('friend_requests_receiver_idx').on(t.receiverId),
  ],
);
