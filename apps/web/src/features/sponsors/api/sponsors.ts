import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommunitySponsors,
  CommunitySponsorship,
  EventSponsors,
  HostingAction,
  HostingOffer,
  SponsorableCommunity,
  SponsorPackage,
  SponsorProfile,
  Sponsorship,
  SponsorshipAction,
} from '@townsquare/contracts';
import { api } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { communityKeys, slugPath } from '../../../lib/groups/keys.ts';

/** Query keys of the sponsors feature (decision 074). */
export const sponsorKeys = {
  all: ['sponsors'] as const,
  mine: ['sponsors', 'me'] as const,
  offer: (slug: string) => ['sponsors', 'offer', slug] as const,
  shown: communityKeys.sponsors,
  sponsorships: (community: string | null) => ['sponsors', 'sponsorships', community ?? 'mine'] as const,
  near: ['sponsors', 'near'] as const,
  businesses: (slug: string) => ['sponsors', 'businesses', slug] as const,
};

/** GET /api/communities/:slug/sponsors: the active sponsors by package, for the community page. */
export function useCommunitySponsors(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: sponsorKeys.shown(slug),
    queryFn: ({ signal }) => api.get<CommunitySponsors>(`${slugPath(slug)}/sponsors`, signal),
    enabled,
  });
}

/** GET /api/communities/:slug/sponsorship: the switch, the note and the packages. */
export function useSponsorOffer(slug: string, enabled = true) {
  return useQuery({
    queryKey: sponsorKeys.offer(slug),
    queryFn: ({ signal }) => api.get<CommunitySponsorship>(`${slugPath(slug)}/sponsorship`, signal),
    enabled,
  });
}

export function useSetLooking(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { lookingForSponsors: boolean; sponsorNote: string }) =>
      api.put<CommunitySponsorship>(`${slugPath(slug)}/sponsorship`, body),
    onSuccess: (offer) => client.setQueryData(sponsorKeys.offer(slug), offer),
  });
}

/** A package as the form sends it. */
export type PackageDraft = {
  name: string;
  benefits: string[];
  contribution: 'money' | 'in_kind';
  amountMinor: number | null;
  currency: string | null;
  period: string | null;
  slots: number | null;
};

export function useCreatePackage(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: PackageDraft) =>
      api.post<{ package: SponsorPackage }>(`${slugPath(slug)}/sponsor-packages`, draft),
    onSuccess: () => client.invalidateQueries({ queryKey: sponsorKeys.offer(slug) }),
  });
}

export function useArchivePackage(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (packageId: string) =>
      api.delete<CommunitySponsorship>(`${slugPath(slug)}/sponsor-packages/${encodeURIComponent(packageId)}`),
    onSuccess: (offer) => client.setQueryData(sponsorKeys.offer(slug), offer),
  });
}

/** GET /api/sponsorships: the caller's as a business, or a community's (`community`: organisers). */
export function useSponsorships(community: string | null) {
  return useQuery({
    queryKey: sponsorKeys.sponsorships(community),
    queryFn: ({ signal }) =>
      api.get<{ sponsorships: Sponsorship[] }>(
        community ? `/api/sponsorships?community=${encodeURIComponent(community)}` : '/api/sponsorships',
        signal,
      ),
  });
}

/** POST /api/sponsorships/:id/:action; every sponsors list is read again after it. */
export function useSponsorshipAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: SponsorshipAction }) =>
      api.post<{ sponsorship: Sponsorship }>(`/api/sponsorships/${encodeURIComponent(id)}/${action}`),
    onSuccess: () => client.invalidateQueries({ queryKey: sponsorKeys.all }),
  });
}

export type ProposalDraft = {
  packageId: string;
  sponsorId?: string;
  startsOn: string;
  endsOn: string;
  message?: string;
};

export function usePropose() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: ProposalDraft) => api.post<{ sponsorship: Sponsorship }>('/api/sponsorships', draft),
    onSuccess: () => client.invalidateQueries({ queryKey: sponsorKeys.all }),
  });
}

/** GET /api/sponsors/me: the caller's business, null until made. */
export function useMySponsor(enabled = true) {
  return useQuery({
    queryKey: sponsorKeys.mine,
    queryFn: ({ signal }) => api.get<{ sponsor: SponsorProfile | null }>('/api/sponsors/me', signal),
    enabled,
  });
}

export type ProfileDraft = {
  name: string;
  category: string;
  website: string | null;
  text: string;
  placeId?: string | null;
  logoUrl?: string | null;
};

export function useSaveSponsor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: ProfileDraft) => api.put<{ sponsor: SponsorProfile }>('/api/sponsors/me', draft),
    onSuccess: (saved) => {
      client.setQueryData(sponsorKeys.mine, saved);
      return client.invalidateQueries({ queryKey: sponsorKeys.near });
    },
  });
}

/** GET /api/sponsors/me/communities: communities near the business that look for sponsors. */
export function useSponsorableCommunities(enabled: boolean) {
  return useQuery({
    queryKey: sponsorKeys.near,
    queryFn: ({ signal }) =>
      api.get<{ communities: SponsorableCommunity[] }>('/api/sponsors/me/communities', signal),
    enabled,
    retry: false,
  });
}

/** An amount in cents as people read it in their language ("€1,000.00"). */
export const formatAmount = (amountMinor: number, currency: string) =>
  formatMoney(amountMinor / 100, currency);

/** GET /api/sponsors?community=: verified businesses near the community's place, for its organisers. */
export function useBusinessesNear(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: sponsorKeys.businesses(slug),
    queryFn: ({ signal }) =>
      api.get<{ sponsors: SponsorProfile[] }>(`/api/sponsors?community=${encodeURIComponent(slug)}`, signal),
    enabled,
    retry: false,
  });
}

/* Hosting and an event's sponsors (decision 083). */

export const eventSponsorKeys = {
  shown: (eventId: string) => ['sponsors', 'event', eventId] as const,
  offers: (eventId: string) => ['sponsors', 'hosting', eventId] as const,
};

/** GET /api/events/:id/sponsors: "Hosted by" and "Supported by" on the event's page. */
export function useEventSponsors(eventId: string) {
  return useQuery({
    queryKey: eventSponsorKeys.shown(eventId),
    queryFn: ({ signal }) =>
      api.get<EventSponsors>(`/api/events/${encodeURIComponent(eventId)}/sponsors`, signal),
    retry: false,
  });
}

/** GET /api/events/:id/hosting-offers: every offer for the event's hosts, a business's own for it. */
export function useHostingOffers(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: eventSponsorKeys.offers(eventId),
    queryFn: ({ signal }) =>
      api.get<{ offers: HostingOffer[] }>(
        `/api/events/${encodeURIComponent(eventId)}/hosting-offers`,
        signal,
      ),
    enabled,
  });
}

/** POST /api/events/:id/hosting-offers: the caller's business offers its place as the venue. */
export function useOfferHosting(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { message?: string }) =>
      api.post<{ offer: HostingOffer }>(`/api/events/${encodeURIComponent(eventId)}/hosting-offers`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: eventSponsorKeys.offers(eventId) }),
  });
}

/** POST /api/hosting-offers/:id/:action; accepting moves the event, so the event is read again too. */
export function useHostingAction(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: HostingAction }) =>
      api.post<{ offer: HostingOffer }>(`/api/hosting-offers/${encodeURIComponent(id)}/${action}`),
    onSuccess: (_data, { action }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: eventSponsorKeys.offers(eventId) }),
        client.invalidateQueries({ queryKey: eventSponsorKeys.shown(eventId) }),
        action === 'accept' ? client.invalidateQueries({ queryKey: ['events'] }) : undefined,
      ]),
  });
}
