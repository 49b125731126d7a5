import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { FriendGroup, PersonSummary, Subgroup } from '@townsquare/contracts';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/factories.ts';
import { createTestQueryClient } from '../../test/render.tsx';
import { communityKeys, eventSubgroupsQueryKey, friendGroupsQueryKey } from './keys.ts';
import type { GroupRef } from './kinds.ts';
import {
  useAddGroupMember,
  useBanGroupMember,
  useJoinGroup,
  useLeaveGroup,
  useRemoveGroupMember,
} from './membership.ts';

afterEach(() => vi.unstubAllGlobals());

const person = (id: string): PersonSummary => ({
  _id: id,
  id,
  username: id,
  fullName: id,
  profileImage: null,
});

/** Hooks against a fetch answering `answer`, and the requests they sent. */
function setup(answer: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(answer, 201));
  vi.stubGlobal('fetch', fetch);
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const sent = () =>
    fetch.mock.calls.map(([url, init]) => ({
      url,
      method: init?.method,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
  return { queryClient, wrapper, sent };
}

describe('one set of membership hooks for every kind of group', () => {
  it('adds and removes sub-group members through the sub-group paths and updates its event list', async () => {
    const group: GroupRef = { kind: 'event_subgroup', id: 'sg-1' };
    const before: Subgroup = {
      _id: 'sg-1',
      id: 'sg-1',
      eventId: 'ev-1',
      name: 'Drivers',
      members: [person('a')],
      createdBy: person('a'),
      createdAt: '2025-03-08T10:00:00.000Z',
    };
    const after = { ...before, members: [person('a'), person('b')] };
    const { queryClient, wrapper, sent } = setup(after);
    queryClient.setQueryData(eventSubgroupsQueryKey('ev-1'), [before]);
    const add = renderHook(() => useAddGroupMember(group), { wrapper });
    await act(() => add.result.current.mutateAsync('b'));
    const remove = renderHook(() => useRemoveGroupMember(group), { wrapper });
    await act(() => remove.result.current.mutateAsync('b'));
    expect(sent()).toEqual([
      { url: '/api/event-subgroups/sg-1/members', method: 'POST', body: { memberId: 'b' } },
      { url: '/api/event-subgroups/sg-1/members/b', method: 'DELETE', body: undefined },
    ]);
    expect(queryClient.getQueryData(eventSubgroupsQueryKey('ev-1'))).toEqual([after]);
  });

  it('leaves a friend group by removing oneself, and drops it from the list', async () => {
    const group: FriendGroup = {
      _id: 'fg-1',
      id: 'fg-1',
      name: 'Climbers',
      members: [person('me'), person('b')],
      createdBy: person('b'),
      createdAt: '2025-03-08T10:00:00.000Z',
      updatedAt: '2025-03-08T10:00:00.000Z',
    };
    const { queryClient, wrapper, sent } = setup(group);
    queryClient.setQueryData(friendGroupsQueryKey, [group]);
    const leave = renderHook(() => useLeaveGroup({ kind: 'friend_group', id: 'fg-1' }, 'me'), { wrapper });
    await act(() => leave.result.current.mutateAsync());
    expect(sent()).toEqual([
      { url: '/api/friend-groups/fg-1/remove-member', method: 'POST', body: { userId: 'me' } },
    ]);
    expect(queryClient.getQueryData(friendGroupsQueryKey)).toEqual([]);
  });

  it("joins a community by its slug and keeps the page's card; a ban refreshes only its member lists", async () => {
    const group: GroupRef = { kind: 'community', id: 'c-1', slug: 'chess' };
    const card = { id: 'c-1', slug: 'chess', viewerState: 'member' };
    const { queryClient, wrapper, sent } = setup({ community: card, member: { id: 'b' } });
    const join = renderHook(() => useJoinGroup(group), { wrapper });
    await act(() => join.result.current.mutateAsync(['Yes']));
    expect(queryClient.getQueryData(communityKeys.detail('chess'))).toEqual(card);
    const { wrapper: banWrapper, sent: banSent, queryClient: banClient } = setup({ member: { id: 'b' } });
    const banInvalidate = vi.spyOn(banClient, 'invalidateQueries');
    const ban = renderHook(() => useBanGroupMember(group), { wrapper: banWrapper });
    await act(() => ban.result.current.mutateAsync('b'));
    expect(sent()[0]).toEqual({
      url: '/api/communities/chess/join',
      method: 'POST',
      body: { answers: ['Yes'] },
    });
    expect(banSent()).toEqual([
      { url: '/api/communities/chess/bans', method: 'POST', body: { userId: 'b' } },
    ]);
    expect(banInvalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      communityKeys.membersOf('chess'),
    ]);
  });

  it('refuses a change the kind does not have before any request', async () => {
    const { wrapper, sent } = setup({});
    const join = renderHook(() => useJoinGroup({ kind: 'friend_group', id: 'fg-1' }), { wrapper });
    await expect(act(() => join.result.current.mutateAsync(undefined))).rejects.toThrow(/no "join"/);
    expect(sent()).toEqual([]);
  });
});
