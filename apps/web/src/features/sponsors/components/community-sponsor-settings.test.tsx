import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Community, CommunitySponsorship, Sponsorship } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CommunitySponsorSettings } from './community-sponsor-settings.tsx';

afterEach(() => vi.unstubAllGlobals());

const community = { id: 'c1', slug: 'runners', name: 'Mitte Runners' } as unknown as Community;

const offer: CommunitySponsorship = {
  lookingForSponsors: false,
  sponsorNote: 'Shirts for the 10k',
  packages: [
    {
      id: 'p1',
      name: 'Silver',
      benefits: ['logo_on_club_page', 'table_at_events'],
      contribution: 'money',
      amountMinor: 100_000,
      currency: 'EUR',
      period: 'year',
      slots: 2,
      taken: 1,
    },
  ],
};

const proposal: Sponsorship = {
  id: 's1',
  state: 'proposed',
  proposedBy: 'sponsor',
  community: { id: 'c1', slug: 'runners', name: 'Mitte Runners' },
  sponsor: { id: 'b1', name: 'Café Kranz', logoUrl: null, verified: true },
  package: { id: 'p1', name: 'Silver', benefits: ['logo_on_club_page'] },
  amountMinor: 100_000,
  currency: 'EUR',
  startsOn: '2027-01-01',
  endsOn: '2027-12-31',
  message: 'We would love to help',
  createdAt: '2026-12-01T10:00:00.000Z',
  answeredAt: null,
  receivedAt: null,
  can: ['accept', 'decline'],
};

/** A fake server for the section's four calls; every request is kept. */
function server() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.endsWith('/api/communities/runners/sponsorship') && method === 'GET') return jsonResponse(offer);
    if (url.endsWith('/api/communities/runners/sponsorship') && method === 'PUT')
      return jsonResponse({ ...offer, lookingForSponsors: true });
    if (url.includes('/api/sponsorships?community=runners'))
      return jsonResponse({ sponsorships: [proposal] });
    if (url.endsWith('/api/sponsorships/s1/accept'))
      return jsonResponse({ sponsorship: { ...proposal, state: 'accepted', can: ['received'] } });
    if (url.includes('/api/sponsors?community=runners'))
      return jsonResponse({
        sponsors: [
          {
            id: 'b2',
            name: 'Bakery Brot',
            logoUrl: null,
            website: null,
            category: 'shop',
            text: '',
            place: null,
            verified: true,
            distanceKm: 1.2,
          },
        ],
      });
    if (url.endsWith('/api/sponsorships') && method === 'POST')
      return jsonResponse({ sponsorship: { ...proposal, id: 's2', proposedBy: 'community' } }, 201);
    if (url.endsWith('/api/communities/runners/sponsor-packages') && method === 'POST')
      return jsonResponse(
        {
          error: 'Bad Request',
          statusCode: 400,
          message: 'Package name is required',
          code: 'SPONSOR_PACKAGE_NAME_REQUIRED',
        },
        400,
      );
    return jsonResponse({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('CommunitySponsorSettings', () => {
  it('shows the packages and a proposal, turns the switch on and accepts', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderWithApp(<CommunitySponsorSettings community={community} />, {
      path: '/c/runners',
      user: createSelfUser(),
    });

    expect(await screen.findByText('Silver')).toBeInTheDocument();
    expect(
      screen.getByText(/€1,000 a year · Logo on the club page, A table at events · 1 of 2 taken/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('A note for businesses')).toHaveValue('Shirts for the 10k');

    const looking = screen.getByRole('switch', { name: 'Looking for sponsors' });
    expect(looking).not.toBeChecked();
    await user.click(looking);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      lookingForSponsors: true,
      sponsorNote: 'Shirts for the 10k',
    });
    await waitFor(() => expect(looking).toBeChecked());

    const row = (await screen.findByText('Café Kranz · Silver')).closest('li') as HTMLElement;
    expect(within(row).getByText('Proposed')).toBeInTheDocument();
    expect(within(row).getByText('We would love to help')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Accept the sponsorship with Café Kranz' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/sponsorships/s1/accept'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/accept'))?.method).toBe('POST');
  });

  it('sends a new package in cents and shows the server’s reason when it is refused', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderWithApp(<CommunitySponsorSettings community={community} />, {
      path: '/c/runners',
      user: createSelfUser(),
    });
    await screen.findByText('Silver');
    const form = screen.getByRole('form', { name: 'New package' });
    await user.type(within(form).getByLabelText('Name'), 'Gold');
    await user.click(within(form).getByRole('checkbox', { name: 'A line in announcements' }));
    await user.type(within(form).getByLabelText('Amount'), '1500');
    await user.type(within(form).getByLabelText(/How many can take it/), '3');
    await user.click(within(form).getByRole('button', { name: 'Add package' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Gold',
      benefits: ['logo_on_club_page', 'line_in_announcements'],
      contribution: 'money',
      amountMinor: 150_000,
      currency: 'EUR',
      period: 'year',
      slots: 3,
    });
    expect(await screen.findByText('Package name is required')).toBeInTheDocument();
  });

  it('asks a verified business near the club to sponsor with the chosen package', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderWithApp(<CommunitySponsorSettings community={community} />, {
      path: '/c/runners',
      user: createSelfUser(),
    });
    await user.click(await screen.findByRole('button', { name: 'Show businesses nearby' }));
    expect(await screen.findByText('Bakery Brot')).toBeInTheDocument();
    expect(screen.getByText('Shop · 1.2 km away')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask Bakery Brot to sponsor the club' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ packageId: 'p1', sponsorId: 'b2' });
    expect(await screen.findByText('Your request was sent')).toBeInTheDocument();
  });
});
