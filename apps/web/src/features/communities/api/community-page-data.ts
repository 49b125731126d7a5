import type { QueryClient } from '@tanstack/react-query';
import type { CommunityPageData } from '@townsquare/contracts';
import { communityKeys } from '../../../lib/groups/keys.ts';

/**
 * A community page's data as the server embeds it for a signed-out visitor, put in the
 * cache under the keys the page's queries read: by the server's renderer (src/prerender.tsx) and by
 * main.tsx before it hydrates that markup, so both render from the same cache.
 */
export function seedCommunityPage(queryClient: QueryClient, data: CommunityPageData): void {
  const { slug } = data.community;
  queryClient.setQueryData(communityKeys.detail(slug), data.community);
  queryClient.setQueryData(communityKeys.events(slug, 'upcoming'), data.upcoming);
  if (data.announcements) queryClient.setQueryData(communityKeys.announcements(slug), data.announcements);
  // The About tab's organisers and faces (get-community-people.ts reads this key).
  if (data.people) queryClient.setQueryData(communityKeys.members(slug, 'people'), data.people);
  if (data.sponsors) queryClient.setQueryData(communityKeys.sponsors(slug), data.sponsors);
  if (data.recaps) queryClient.setQueryData(communityKeys.featuredRecaps(slug), data.recaps);
}
