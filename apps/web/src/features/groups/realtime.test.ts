import { QueryClient } from '@tanstack/react-query';
import type { RoomMessage } from '@townsquare/contracts';
import { expect, it, vi } from 'vitest';
import { type ChatHistory, flattenHistory } from '../../lib/chat/history.ts';
import { groupMessagesQueryKey } from '../../lib/groups/kinds.ts';
import { createFakeSocket } from '../../test/fake-socket.ts';
import { registerGroupsRealtime } from './realtime.ts';

const subgroupMessagesQueryKey = (id: string) => groupMessagesQueryKey('event_subgroup', id);
const friendGroupMessagesQueryKey = (id: string) => groupMessagesQueryKey('friend_group', id);

const message = (id: string, extra: Partial<RoomMessage>): RoomMessage => ({
  _id: id,
  id,
  sender: { _id: 'u', id: 'u', username: 'ada', fullName: 'Ada', profileImage: null },
  content: id,
  timestamp: '2025-03-08T10:00:00.000Z',
  createdAt: '2025-03-08T10:00:00.000Z',
  ...extra,
});

it('sub-group and friend-group messages go into their cached histories, once each', () => {
  const queryClient = new QueryClient();
  const socket = createFakeSocket();
  const deps = { queryClient, userId: 'me', pathname: () => '/', navigate: vi.fn() };
  const stops = [registerGroupsRealtime(socket, deps)];
  const empty: ChatHistory<RoomMessage> = {
    pages: [{ messages: [], nextBefore: null }],
    pageParams: [undefined],
  };
  queryClient.setQueryData(subgroupMessagesQueryKey('s1'), empty);
  queryClient.setQueryData(friendGroupMessagesQueryKey('g1'), empty);

  socket.receive('new-subgroup-message', message('a', { subGroupId: 's1' }));
  socket.receive('new-subgroup-message', message('a', { subGroupId: 's1' }));
  socket.receive('new-subgroup-message', message('b', { subGroupId: 's2' }));
  socket.receive('new-group-message', message('c', { groupId: 'g1' }));
  socket.receive('new-group-message', { groupId: 'g1' });

  const ids = (key: readonly unknown[]) =>
    flattenHistory(queryClient.getQueryData<ChatHistory<RoomMessage>>(key)).map((m) => m.id);
  expect(ids(subgroupMessagesQueryKey('s1'))).toEqual(['a']);
  expect(ids(friendGroupMessagesQueryKey('g1'))).toEqual(['c']);
  expect(queryClient.getQueryData(subgroupMessagesQueryKey('s2'))).toBeUndefined();
  for (const stop of stops) stop();
});

it('community messages go into the community cache by id; other kinds and malformed frames do not leak in', () => {
  const queryClient = new QueryClient();
  const socket = createFakeSocket();
  const deps = { queryClient, userId: 'me', pathname: () => '/', navigate: vi.fn() };
  const stop = registerGroupsRealtime(socket, deps);
  const empty: ChatHistory<RoomMessage> = {
    pages: [{ messages: [], nextBefore: null }],
    pageParams: [undefined],
  };
  queryClient.setQueryData(groupMessagesQueryKey('community', 'c1'), empty);
  queryClient.setQueryData(groupMessagesQueryKey('friend_group', 'c1'), empty);

  socket.receive('new-community-message', message('a', { communityId: 'c1' }));
  socket.receive('new-community-message', message('b', { groupId: 'c1' }));
  socket.receive('new-community-message', { communityId: 'c1' });

  const ids = (key: readonly unknown[]) =>
    flattenHistory(queryClient.getQueryData<ChatHistory<RoomMessage>>(key)).map((m) => m.id);
  expect(ids(groupMessagesQueryKey('community', 'c1'))).toEqual(['a']);
  expect(ids(groupMessagesQueryKey('friend_group', 'c1'))).toEqual([]);
  expect(groupMessagesQueryKey('community', 'c1')).toEqual(['communities', 'messages', 'c1']);
  stop();
});
