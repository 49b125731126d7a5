import { z } from 'zod';
import { personSummary } from './chat.ts';
import { text } from './fields.ts';

export const FRIEND_MSG = {
  invalidUser: 'Invalid user ID',
  self: 'Cannot send friend request to yourself',
  notFound: 'User not found',
  alreadySent: 'Friend request already sent',
  alreadyFriends: 'Users are already friends',
  requestNotFound: 'Friend request not found',
  sent: 'Friend request sent successfully',
  accepted: 'Friend request accepted',
  declined: 'Friend request declined',
  removed: 'Friend removed',
  notFriends: 'You are not friends with this user',
  receivedNotification: 'You have a new friend request',
  acceptedNotification: 'Your friend request was accepted',
} as const;

export const FRIEND_STATUSES = ['self', 'friends', 'pending_sent', 'pending_received', 'none'] as const;
export type FriendStatus = (typeof FRIEND_STATUSES)[number];

const userIdField = text('User', FRIEND_MSG.invalidUser)
  .min(1, FRIEND_MSG.invalidUser)
  .max(64, FRIEND_MSG.invalidUser);

export const friendRequestBody = z.object({ receiverId: userIdField });
export const requesterBody = z.object({ requesterId: userIdField });

export const friendUser = personSummary.extend({ bio: z.string(), interests: z.array(z.string()) });
export type FriendUser = z.infer<typeof friendUser>;

export const friendsListResponse = z.object({ friends: z.array(friendUser) });
export const friendRequestsResponse = z.object({ received: z.array(friendUser), sent: z.array(friendUser) });
export const friendStatusResponse = z.object({ status: z.enum(FRIEND_STATUSES) });

/** Socket `new-friend-request` (contract 6, plus the sender's name). */
export type NewFriendRequestEvent = {
  type: 'friend_request';
  senderId: string;
  senderName: string;
  message: string;
};
/** Socket `friend-request-update`. */
export type FriendRequestUpdateEvent = {
  type: 'friend_request_accepted';
  userId: string;
  userName: string;
  message: string;
};
