/** Query keys of every kind of group (one place, so membership changes refresh the right lists). */
export const communityKeys = {
  all: ['communities'] as const,
  list: (filters: { q?: string; tag?: string; verified?: boolean }) =>
    ['communities', 'list', filters] as const,
  mine: ['communities', 'mine'] as const,
  detail: (slug: string) => ['communities', 'detail', slug] as const,
  members: (slug: string, state: string) => ['communities', 'members', slug, state] as const,
  /** Every member list of one community (members, requests, bans, organisers, the About faces). */
  membersOf: (slug: string) => ['communities', 'members', slug] as const,
  events: (slug: string, when: string) => ['communities', 'events', slug, when] as const,
  announcements: (slug: string) => ['communities', 'announcements', slug] as const,
  upcomingOfMine: ['communities', 'upcoming-of-mine'] as const,
  /** Its active sponsors (features/sponsors), which its page also brings with it. */
  sponsors: (slug: string) => ['sponsors', 'shown', slug] as const,
  /** The recaps its organisers featured (features/albums), which its page also brings with it. */
  featuredRecaps: (slug: string) => ['albums', 'featured', slug] as const,
};
/** The caller's friend groups, members populated. */
export const friendGroupsQueryKey = ['friend-groups', 'list'] as const;

/** An event's sub-groups (all for its organizer, else the caller's own). */
export const eventSubgroupsQueryKey = (eventId: string) => ['subgroups', 'event', eventId] as const;

export const slugPath = (slug: string) => `/api/communities/${encodeURIComponent(slug)}`;
