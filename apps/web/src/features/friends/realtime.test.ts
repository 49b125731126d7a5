import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { friendStatusQueryKey } from '../../lib/api/get-friend-status.ts';
import { friendsQueryKey } from '../../lib/api/get-friends.ts';
import { createFakeSocket } from '../../test/fake-socket.ts';
import { friendRequestsQueryKey } from './api/get-friend-requests.ts';
import { type Presence, presenceQueryKey } from './presence.ts';
import { registerFriendsRealtime } from './realtime.ts';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const ADA = 'ada-2';
let queryClient: QueryClient;
let socket: ReturnType<typeof createFakeSocket>;
let pathname = '/dashboard';
let stop: () => void;

beforeEach(() => {
  queryClient = new QueryClient();
  socket = createFakeSocket();
  pathname = '/dashboard';
  toast.mockClear();
  toast.success.mockClear();
  stop = registerFriendsRealtime(socket, {
    queryClient,
    userId: 'me',
    pathname: () => pathname,
    navigate: vi.fn(),
  });
  queryClient.setQueryData(friendStatusQueryKey(ADA), 'none');
  queryClient.setQueryData(friendRequestsQueryKey, { received: [], sent: [] });
  queryClient.setQueryData(friendsQueryKey, []);
});

afterEach(() => stop());

const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
const request = {
  type: 'friend_request',
  senderId: ADA,
  senderName: 'ada',
  message: 'You have a new friend request',
};

describe('friends realtime', () => {
  it('a new request toasts "{senderName} sent you a friend request!" and refreshes the requests', () => {
    socket.receive('new-friend-request', request);
    expect(toast).toHaveBeenCalledWith('ada sent you a friend request!', { duration: 5000 });
    expect(invalidated(friendRequestsQueryKey)).toBe(true);
    expect(invalidated(friendStatusQueryKey(ADA))).toBe(true);
    expect(invalidated(friendsQueryKey)).toBe(false);
  });

  it('relationship-changed (a block) refreshes the status, requests and friends, silently', () => {
    socket.receive('relationship-changed', { userId: ADA });
    expect(invalidated(friendStatusQueryKey(ADA))).toBe(true);
    expect(invalidated(friendRequestsQueryKey)).toBe(true);
    expect(invalidated(friendsQueryKey)).toBe(true);
    expect(toast).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("on the sender's profile page it shows the spec's toast (and their button refreshes)", () => {
    pathname = `/user/${ADA}`;
    socket.receive('new-friend-request', request);
    expect(toast).toHaveBeenCalledWith('You received a new friend request!', { duration: 5000 });
    expect(invalidated(friendStatusQueryKey(ADA))).toBe(true);
  });

  it('"Someone" when the name is missing', () => {
    socket.receive('new-friend-request', { ...request, senderName: '' });
    expect(toast).toHaveBeenCalledWith('Someone sent you a friend request!', { duration: 5000 });
  });

  it('an update toasts the server message and refreshes the friends list', () => {
    socket.receive('friend-request-update', {
      type: 'friend_request_accepted',
      userId: ADA,
      userName: 'ada',
      message: 'ada accepted your friend request',
    });
    expect(toast.success).toHaveBeenCalledWith('ada accepted your friend request', { duration: 5000 });
    expect(invalidated(friendsQueryKey)).toBe(true);
    expect(invalidated(friendStatusQueryKey(ADA))).toBe(true);
  });

  it('keeps who is online', () => {
    socket.receive('user-online', { userId: ADA });
    socket.receive('user-online', { userId: 'ben' });
    socket.receive('user-offline', { userId: 'ben' });
    socket.receive('user-online', 'garbage');
    expect(queryClient.getQueryData<Presence>(presenceQueryKey)).toEqual({ [ADA]: true, ben: false });
  });

  it('takes the list of friends already online as a fresh snapshot', () => {
    socket.receive('user-online', { userId: 'ben' });
    socket.receive('online-users', [ADA, 42]);
    expect(queryClient.getQueryData<Presence>(presenceQueryKey)).toEqual({ [ADA]: true });
    socket.receive('online-users', 'garbage');
    expect(queryClient.getQueryData<Presence>(presenceQueryKey)).toEqual({ [ADA]: true });
  });

  it('after a reconnect refreshes requests and friends, but keeps presence', () => {
    socket.receive('user-online', { userId: ADA });
    socket.receive('connect');
    expect(invalidated(friendRequestsQueryKey)).toBe(true);
    expect(invalidated(friendsQueryKey)).toBe(true);
    expect(invalidated(presenceQueryKey)).toBe(false);
  });
});
