import {
  FRIEND_MSG,
  type FriendRequestUpdateEvent,
  type FriendStatus,
  type FriendUser,
  isNewAccount,
  MSG,
  type NewFriendRequestEvent,
  SPAM_LIMITS,
} from '@townsquare/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { recordEvent } from '../../platform/outbox.ts';
import { findUserById } from '../../platform/people.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { Publisher } from '../../realtime/publish.ts';
import * as repo from './friends.repository.ts';

export type FriendsService = ReturnType<typeof createFriendsService>;

type FriendRow = Awaited<ReturnType<typeof repo.listFriends>>[number];

export function presentFriend(row: FriendRow): FriendUser {
  return {
    _id: row.id,
    id: row.id,
    username: row.username ?? row.fullName,
    fullName: row.fullName,
    profileImage: row.profileImage,
    bio: row.bio,
    interests: row.interests,
  };
}

const displayName = (user: UserRow) => user.username ?? user.fullName;

export function createFriendsService(deps: {
  db: Database;
  publisher: Publisher;
  /** After a friendship ended: each of the two may have lost sight of the other's events. */
  onFriendshipEnded?: (userIds: [string, string]) => Promise<void>;
  /** Whether either of the two blocked the other (read inside the pair's transaction). */
  blockedBetween: (tx: Executor, a: string, b: string) => Promise<boolean>;
  /** Counts friend requests per day (SPAM_LIMITS; Redis when REDIS_URL is set). */
  limiter: RateLimiter;
}) {
  const { db } = deps;

  async function other(id: string): Promise<UserRow> {
    if (!isUuid(id)) throw badRequest(FRIEND_MSG.invalidUser);
    const user = await findUserById(db, id);
    if (!user) throw notFound(FRIEND_MSG.notFound);
    return user;
  }

  /** Runs `work` in one transaction holding the pair's lock (see repo.lockPair). */
  function forPair<T>(a: string, b: string, work: (tx: Executor) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await repo.lockPair(tx, a, b);
      return work(tx);
    });
  }

  /** The requester's socket hears of it now; the notification comes of the `friend.accepted` event. */
  function notifyAccepted(me: UserRow, requester: UserRow): void {
    const update: FriendRequestUpdateEvent = {
      type: 'friend_request_accepted',
      userId: me.id,
      userName: displayName(me),
      message: `${displayName(me)} accepted your friend request`,
    };
    deps.publisher.toUser(requester.id, 'friend-request-update', update);
  }

  return {
    areFriends: (a: string, b: string) => repo.areFriends(db, a, b),
    friendIds: (userId: string) => repo.friendIds(db, userId),
    friendsAmong: (userId: string, ids: string[]) => repo.friendsAmong(db, userId, ids),

    /**
     * Sends a request; if the other person already asked, this accepts theirs instead. A block
     * either way refuses it (403, neutral text). Each account may send SPAM_LIMITS a day; a
     * refused request gives its count back.
     */
    async request(me: UserRow, receiverId: string): Promise<string> {
      if (receiverId === me.id) throw badRequest(FRIEND_MSG.self);
      const receiver = await other(receiverId);
      const fresh = isNewAccount({ createdAt: me.createdAt, emailVerified: me.emailVerifiedAt !== null });
      const key = `friend-requests:${me.id}`;
      const verdict = await deps.limiter.consume(key, {
        limit: fresh ? SPAM_LIMITS.friendRequestsPerDayNew : SPAM_LIMITS.friendRequestsPerDay,
        windowMs: SPAM_LIMITS.friendRequestWindowMs,
      });
      if (verdict.limited) {
        await deps.limiter.release(key);
        throw tooManyRequests(
          fresh ? MSG.friendRequestsPerDayNew : MSG.friendRequestsPerDay,
          verdict.retryAfterSeconds,
        );
      }
      const outcome = await forPair(me.id, receiver.id, async (tx) => {
        if (await deps.blockedBetween(tx, me.id, receiver.id)) throw forbidden(MSG.contactUnavailable);
        if (await repo.areFriends(tx, me.id, receiver.id)) throw badRequest(FRIEND_MSG.alreadyFriends);
        if (await repo.deleteRequest(tx, receiver.id, me.id)) {
          await repo.befriend(tx, me.id, receiver.id);
          await recordEvent(tx, 'friend.accepted', { accepterId: me.id, requesterId: receiver.id });
          return 'accepted' as const;
        }
        if (!(await repo.insertRequest(tx, me.id, receiver.id))) throw badRequest(FRIEND_MSG.alreadySent);
        await recordEvent(tx, 'friend.requested', { senderId: me.id, receiverId: receiver.id });
        return 'sent' as const;
      }).catch(async (error: unknown) => {
        await deps.limiter.release(key);
        throw error;
      });
      if (outcome === 'accepted') {
        notifyAccepted(me, receiver);
        return FRIEND_MSG.accepted;
      }
      const event: NewFriendRequestEvent = {
        type: 'friend_request',
        senderId: me.id,
        senderName: displayName(me),
        message: FRIEND_MSG.receivedNotification,
      };
      deps.publisher.toUser(receiver.id, 'new-friend-request', event);
      return FRIEND_MSG.sent;
    },

    async accept(me: UserRow, requesterId: string): Promise<void> {
      const requester = await other(requesterId);
      await forPair(me.id, requester.id, async (tx) => {
        if (await repo.areFriends(tx, me.id, requester.id)) throw badRequest(FRIEND_MSG.alreadyFriends);
        if (!(await repo.deleteRequest(tx, requester.id, me.id)))
          throw badRequest(FRIEND_MSG.requestNotFound);
        await repo.befriend(tx, me.id, requester.id);
        await recordEvent(tx, 'friend.accepted', { accepterId: me.id, requesterId: requester.id });
      });
      notifyAccepted(me, requester);
    },

    async decline(me: UserRow, requesterId: string): Promise<void> {
      const requester = await other(requesterId);
      const deleted = await forPair(me.id, requester.id, (tx) => repo.deleteRequest(tx, requester.id, me.id));
      if (!deleted) throw badRequest(FRIEND_MSG.requestNotFound);
    },

    /** Withdraws a request the caller sent. */
    async cancel(me: UserRow, receiverId: string): Promise<void> {
      const receiver = await other(receiverId);
      const deleted = await forPair(me.id, receiver.id, (tx) => repo.deleteRequest(tx, me.id, receiver.id));
      if (!deleted) throw badRequest(FRIEND_MSG.requestNotFound);
    },

    async remove(me: UserRow, friendId: string): Promise<void> {
      const friend = await other(friendId);
      const removed = await forPair(me.id, friend.id, (tx) => repo.unfriend(tx, me.id, friend.id));
      if (!removed) throw badRequest(FRIEND_MSG.notFriends);
      await deps.onFriendshipEnded?.([me.id, friend.id]);
    },

    /**
     * Ends everything between two people inside the caller's transaction (a block): the pair's
     * lock, then the friendship and pending requests both ways. Says what there was.
     */
    async sever(tx: Executor, a: string, b: string): Promise<{ wereFriends: boolean; hadRequests: boolean }> {
      await repo.lockPair(tx, a, b);
      const wereFriends = await repo.unfriend(tx, a, b);
      const sent = await repo.deleteRequest(tx, a, b);
      const received = await repo.deleteRequest(tx, b, a);
      const hadRequests = sent || received;
      return { wereFriends, hadRequests };
    },

    async list(me: UserRow) {
      return (await repo.listFriends(db, me.id)).map(presentFriend);
    },

    async requests(me: UserRow) {
      const [received, sent] = await Promise.all([repo.listReceived(db, me.id), repo.listSent(db, me.id)]);
      return { received: received.map(presentFriend), sent: sent.map(presentFriend) };
    },

    async status(me: UserRow, userId: string): Promise<FriendStatus> {
      if (userId === me.id) return 'self';
      const target = await other(userId);
      if (await repo.areFriends(db, me.id, target.id)) return 'friends';
      if (await repo.requestExists(db, me.id, target.id)) return 'pending_sent';
      if (await repo.requestExists(db, target.id, me.id)) return 'pending_received';
      return 'none';
    },
  };
}
