/** Query keys of the communities feature (one place, so mutations refresh the right lists). */
export const communityKeys = {
  all: ['communities'] as const,
  list: (filters: { q?: string; tag?: string; verified?: boolean }) =>
    ['communities', 'list', filters] as const,
  mine: ['communities', 'mine'] as const,
  detail: (slug: string) => ['communities', 'detail', slug] as const,
  members: (slug: string, state: string) => ['communities', 'members', slug, state] as const,
  events: (slug: string, when: string) => ['communities', 'events', slug, when] as const,
  announcements: (slug: string) => ['communities', 'announcements', slug] as const,
  upcomingOfMine: ['communities', 'upcoming-of-mine'] as const,
};
export const slugPath = (slug: string) => `/api/communities/${encodeURIComponent(slug)}`;
