import type { FriendRequestUpdateEvent, NewFriendRequestEvent } from '@townsquare/contracts';
import { toast } from 'sonner';
import { friendsQueryKey } from '../../lib/api/get-friends.ts';
import { listen, type RealtimeDeps, type RealtimeSocket } from '../../lib/socket.ts';
import { friendRequestsQueryKey } from './api/get-friend-requests.ts';
import { refreshRelationship } from './cache.ts';
import { presenceQueryKey, replacePresence, setPresence } from './presence.ts';

/** Spec 9: friend request toasts stay 5 s. */
export const FRIEND_TOAST_MS = 5000;
/** Spec 4: the toast on the sender's own profile page. */
export const PROFILE_REQUEST_TOAST = 'You received a new friend request!';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function userIdOf(payload: unknown): string {
  return isRecord(payload) ? text(payload.userId) : '';
}

/**
 * Friend requests and presence. A new request toasts (the spec's own text on the sender's profile
 * page, whose friend button then refreshes) and refreshes the requests; an accepted request toasts
 * the server's message and refreshes the friends list.
 */
export function registerFriendsRealtime(socket: RealtimeSocket, deps: RealtimeDeps): () => void {
  const { queryClient } = deps;
  // Presence is only ever written here: keep it for the session even while no screen shows it.
  queryClient.setQueryDefaults(presenceQueryKey, {
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return listen(
    socket,
    {
      'new-friend-request': (payload) => {
        if (!isRecord(payload)) return;
        const event: Pick<NewFriendRequestEvent, 'senderId' | 'senderName'> = {
          senderId: text(payload.senderId),
          senderName: text(payload.senderName),
        };
        const onTheirProfile = Boolean(event.senderId) && deps.pathname() === `/user/${event.senderId}`;
        toast(
          onTheirProfile
            ? PROFILE_REQUEST_TOAST
            : `${event.senderName || 'Someone'} sent you a friend request!`,
          {
            duration: FRIEND_TOAST_MS,
          },
        );
        if (event.senderId) void refreshRelationship(queryClient, event.senderId);
        else void queryClient.invalidateQueries({ queryKey: friendRequestsQueryKey });
      },
      'friend-request-update': (payload) => {
        if (!isRecord(payload)) return;
        const event: Pick<FriendRequestUpdateEvent, 'userId' | 'message'> = {
          userId: text(payload.userId),
          message: text(payload.message),
        };
        if (event.message) toast.success(event.message, { duration: FRIEND_TOAST_MS });
        if (event.userId) void refreshRelationship(queryClient, event.userId, { friends: true });
        else void queryClient.invalidateQueries({ queryKey: friendsQueryKey });
      },
      // A block ended the friendship or a pending request (either side): refresh, say nothing.
      'relationship-changed': (payload) => {
        const userId = userIdOf(payload);
        if (userId) void refreshRelationship(queryClient, userId, { friends: true });
      },
      'user-online': (payload) => {
        const userId = userIdOf(payload);
        if (userId) setPresence(queryClient, userId, true);
      },
      'user-offline': (payload) => {
        const userId = userIdOf(payload);
        if (userId) setPresence(queryClient, userId, false);
      },
      // Sent once per connection: the friends already online when this socket connected.
      'online-users': (payload) => {
        if (!Array.isArray(payload)) return;
        replacePresence(
          queryClient,
          payload.filter((id): id is string => typeof id === 'string'),
        );
      },
    },
    // Requests may have come and gone while the connection was down (presence is kept as it was).
    () => {
      for (const queryKey of [friendsQueryKey, friendRequestsQueryKey, ['friends', 'status']])
        void queryClient.invalidateQueries({ queryKey });
    },
  );
}
