import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Community, CommunityEventChoice } from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { communityKeys, slugPath } from '../../../lib/groups/keys.ts';

export type CommunityEventNotifications = CommunityEventChoice;

/** PUT /api/communities/:slug/notifications: a member's choice about new events. */
export async function setCommunityNotifications(slug: string, events: CommunityEventNotifications) {
  return (await api.put<{ community: Community }>(`${slugPath(slug)}/notifications`, { events })).community;
}

/** The viewer's current choice; every new event (the default) when the server says nothing. */
export function viewerEventNotifications(community: Community): CommunityEventNotifications {
  return community.viewerNotifications === 'none' ? 'none' : 'all';
}

export function useSetCommunityNotifications(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (events: CommunityEventNotifications) => setCommunityNotifications(slug, events),
    onSuccess: (community) => queryClient.setQueryData(communityKeys.detail(slug), community),
  });
}
