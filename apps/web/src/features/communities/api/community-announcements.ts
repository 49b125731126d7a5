import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommunityAnnouncementDto, CommunityAnnouncementInput } from '@townsquare/contracts';
import { api, DisplayError } from '../../../lib/api-client.ts';
import { communityKeys, slugPath } from '../../../lib/groups/keys.ts';

/** GET /api/communities/:slug/announcements: the newest 20 (a private community's: members only). */
export function useCommunityAnnouncements(slug: string, enabled = true) {
  return useQuery({
    queryKey: communityKeys.announcements(slug),
    queryFn: ({ signal }) =>
      api.get<{ announcements: CommunityAnnouncementDto[] }>(`${slugPath(slug)}/announcements`, signal),
    enabled,
  });
}

/** POST /api/communities/:slug/announcements (organisers): answers how many members it reached. */
export function useAnnounceToCommunity(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CommunityAnnouncementInput) => {
      const answer = await api.post<{ recipients?: number } | undefined>(
        `${slugPath(slug)}/announcements`,
        body,
      );
      if (typeof answer?.recipients !== 'number') throw new DisplayError('The server did not answer');
      return answer.recipients;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.announcements(slug) }),
  });
}
