import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Community,
  CommunityMember,
  CommunityRole,
  FriendGroup,
  MembershipState,
  Subgroup,
} from '@townsquare/contracts';
import { api } from '../api-client.ts';
import { communityKeys, eventSubgroupsQueryKey, friendGroupsQueryKey } from './keys.ts';
import { type GroupRef, groupPath } from './kinds.ts';

/*
 * The one set of membership hooks for every kind of group (decision 069): join, leave, add (a
 * community invites, a friend group's creator and a sub-group's organizer add), remove, change a
 * member's role or state, ban, and the member lists. Each kind's server paths and what its answer
 * tells the cache are in the tables below; a caller names the group (`{ kind, id, slug? }`) and
 * never the kind's own endpoint. A change a kind does not have is refused before any request.
 */

type Kind = GroupRef['kind'];
/** A member's role or state, as organisers change it (communities). */
export type MemberChange = { userId: string; state?: 'member'; role?: CommunityRole };
type Answer =
  | { community: Community }
  | { member: CommunityMember }
  | { friendGroup: FriendGroup }
  | { subgroup: Subgroup }
  | { left: FriendGroup };

const userPath = (group: GroupRef, userId: string) =>
  `${groupPath(group)}/members/${encodeURIComponent(userId)}`;
const community = async (call: Promise<{ community: Community }>): Promise<Answer> => ({
  community: (await call).community,
});
const member = async (call: Promise<{ member: CommunityMember }>): Promise<Answer> => ({
  member: (await call).member,
});

interface KindCalls {
  join?: (group: GroupRef, answers: string[] | undefined) => Promise<Answer>;
  leave?: (group: GroupRef, viewerId: string | undefined) => Promise<Answer>;
  add: (group: GroupRef, userId: string) => Promise<Answer>;
  remove: (group: GroupRef, userId: string) => Promise<Answer>;
  update?: (group: GroupRef, change: MemberChange) => Promise<Answer>;
  ban?: (group: GroupRef, userId: string) => Promise<Answer>;
}

const CALLS: Record<Kind, KindCalls> = {
  community: {
    // Member, pending, or accepting an invitation.
    join: (g, answers) => community(api.post(`${groupPath(g)}/join`, answers ? { answers } : {})),
    // Leave, cancel a request or decline an invitation.
    leave: (g) => community(api.post(`${groupPath(g)}/leave`)),
    add: (g, userId) => member(api.post(`${groupPath(g)}/invites`, { userId })),
    // Remove, decline, withdraw or unban.
    remove: (g, userId) => community(api.delete(userPath(g, userId))),
    // Approve, promote, demote, transfer ownership.
    update: (g, { userId, ...body }) => member(api.patch(userPath(g, userId), body)),
    ban: (g, userId) => member(api.post(`${groupPath(g)}/bans`, { userId })),
  },
  friend_group: {
    // Leaving is removing oneself (POST …/remove-member with the caller's own id).
    leave: async (g, viewerId) => ({
      left: await api.post<FriendGroup>(`${groupPath(g)}/remove-member`, { userId: viewerId }),
    }),
    add: async (g, userId) => ({
      friendGroup: await api.post<FriendGroup>(`${groupPath(g)}/add-member`, { userId }),
    }),
    remove: async (g, userId) => ({
      friendGroup: await api.post<FriendGroup>(`${groupPath(g)}/remove-member`, { userId }),
    }),
  },
  event_subgroup: {
    add: async (g, memberId) => ({
      subgroup: await api.post<Subgroup>(`${groupPath(g)}/members`, { memberId }),
    }),
    remove: async (g, memberId) => ({ subgroup: await api.delete<Subgroup>(userPath(g, memberId)) }),
  },
};

/** What the cache learns from a change's answer; only the kind's own keys are touched. */
function settle(queryClient: QueryClient, group: GroupRef, answer: Answer, refreshDetail: boolean) {
  const slug = group.slug ?? group.id;
  if ('community' in answer) {
    queryClient.setQueryData(communityKeys.detail(slug), answer.community);
    void queryClient.invalidateQueries({ queryKey: communityKeys.mine });
  }
  if ('community' in answer || 'member' in answer) {
    void queryClient.invalidateQueries({ queryKey: communityKeys.membersOf(slug) });
    if (refreshDetail) void queryClient.invalidateQueries({ queryKey: communityKeys.detail(slug) });
  }
  if ('friendGroup' in answer) {
    const changed = answer.friendGroup;
    queryClient.setQueryData<FriendGroup[]>(friendGroupsQueryKey, (list) =>
      list?.map((g) => (g.id === changed.id ? changed : g)),
    );
  }
  if ('left' in answer)
    queryClient.setQueryData<FriendGroup[]>(friendGroupsQueryKey, (list) =>
      list?.filter((g) => g.id !== group.id),
    );
  if ('subgroup' in answer) {
    const changed = answer.subgroup;
    queryClient.setQueryData<Subgroup[]>(eventSubgroupsQueryKey(changed.eventId), (list) =>
      list?.map((s) => (s.id === changed.id ? changed : s)),
    );
  }
}

type Change = keyof KindCalls;

function callOf<C extends Change>(group: GroupRef, change: C): NonNullable<KindCalls[C]> {
  const call = CALLS[group.kind][change];
  if (!call) throw new Error(`A ${group.kind} has no "${change}"`);
  return call;
}

function useMembershipChange<V>(
  group: GroupRef,
  call: (variables: V) => Promise<Answer>,
  refreshDetail = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => settle(queryClient, group, answer, refreshDetail),
  });
}

/** Join (with the answers to a community's questions), or accept an invitation. */
export function useJoinGroup(group: GroupRef) {
  return useMembershipChange(group, (answers?: string[]) => callOf(group, 'join')(group, answers));
}

/**
 * Leave, cancel one's request or decline an invitation. A friend group is left by removing
 * oneself, so it needs `viewerId`, the person leaving.
 */
export function useLeaveGroup(group: GroupRef, viewerId?: string) {
  return useMembershipChange(group, () => callOf(group, 'leave')(group, viewerId));
}

/** Add a person: a community invites them, a friend group's creator or a sub-group's organizer adds them. */
export function useAddGroupMember(group: GroupRef) {
  return useMembershipChange(group, (userId: string) => callOf(group, 'add')(group, userId));
}

/** Remove a member (a community: also decline a request, withdraw an invitation, lift a ban). */
export function useRemoveGroupMember(group: GroupRef) {
  return useMembershipChange(group, (userId: string) => callOf(group, 'remove')(group, userId));
}

/** Approve a request, promote, demote or hand over ownership (communities). */
export function useUpdateGroupMember(group: GroupRef) {
  return useMembershipChange(group, (change: MemberChange) => callOf(group, 'update')(group, change), true);
}

/** Ban a person (communities). */
export function useBanGroupMember(group: GroupRef) {
  return useMembershipChange(group, (userId: string) => callOf(group, 'ban')(group, userId));
}

/**
 * GET …/members?state= (members; other states for organisers), first page of 100. Communities:
 * a friend group and a sub-group carry their members in the group itself.
 */
export function getGroupMembers(group: GroupRef, state: MembershipState, signal?: AbortSignal) {
  return api.get<{ members: CommunityMember[]; nextCursor: string | null }>(
    `${groupPath(group)}/members?state=${state}&limit=100`,
    signal,
  );
}

export function useGroupMembers(group: GroupRef, state: MembershipState, enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.members(group.slug ?? group.id, state),
    queryFn: ({ signal }) => getGroupMembers(group, state, signal),
    enabled,
  });
}

/** Its owner and organisers (GET …/members?role=OWNER,ORGANIZER): who may co-host its events. */
export async function getGroupOrganizers(group: GroupRef, signal?: AbortSignal) {
  const body = await api.get<{ members: CommunityMember[] } | undefined>(
    `${groupPath(group)}/members?role=OWNER,ORGANIZER&limit=100`,
    signal,
  );
  return body?.members ?? [];
}

export function useGroupOrganizers(group: GroupRef, enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.members(group.slug ?? group.id, 'organizers'),
    queryFn: ({ signal }) => getGroupOrganizers(group, signal),
    enabled,
  });
}
