import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SponsorProfile } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { SponsorDashboard } from './sponsor-dashboard.tsx';

afterEach(() => vi.unstubAllGlobals());

const cafe: SponsorProfile = {
  id: 'b1',
  name: 'Café Kranz',
  logoUrl: null,
  website: 'https://cafe-kranz.example',
  category: 'cafe',
  text: 'Coffee and cake',
  place: {
    id: 'pl1',
    name: 'Café Kranz',
    address: 'Kastanienallee 12',
    city: 'Berlin',
    country: 'DE',
    lat: 52.538,
    lon: 13.405,
    timeZone: 'Europe/Berlin',
    source: 'pin',
    createdAt: '2026-12-01T10:00:00.000Z',
  },
  verified: true,
};

function server() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('/api/sponsors/me') && method === 'GET') return jsonResponse({ sponsor: cafe });
      if (url.endsWith('/api/sponsors/me') && method === 'PUT')
        return jsonResponse({ sponsor: { ...cafe, name: 'Café Kranz & Sons' } });
      if (url.endsWith('/api/sponsors/me/communities'))
        return jsonResponse({
          communities: [
            {
              id: 'c1',
              slug: 'runners',
              name: 'Mitte Runners',
              imageUrl: null,
              memberCount: 42,
              sponsorNote: 'Shirts for the 10k',
              city: 'Berlin',
              distanceKm: 2,
              packages: 1,
            },
          ],
        });
      if (url.endsWith('/api/communities/runners/sponsorship'))
        return jsonResponse({
          lookingForSponsors: true,
          sponsorNote: 'Shirts for the 10k',
          packages: [
            {
              id: 'p1',
              name: 'Silver',
              benefits: ['logo_on_club_page'],
              contribution: 'in_kind',
              amountMinor: null,
              currency: null,
              period: null,
              slots: null,
              taken: 0,
            },
          ],
        });
      if (url.endsWith('/api/sponsorships') && method === 'GET') return jsonResponse({ sponsorships: [] });
      if (url.endsWith('/api/sponsorships') && method === 'POST')
        return jsonResponse({ sponsorship: {} }, 201);
      return jsonResponse({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

describe('SponsorDashboard', () => {
  it('edits the profile, finds the club nearby and offers to take its package', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderWithApp(
      <SponsorDashboard placeField={() => <span>place</span>} logoField={() => <span>logo</span>} />,
      {
        path: '/sponsor',
        user: createSelfUser({ roles: ['Sponsor'] }),
      },
    );
    const name = await screen.findByLabelText('Business name');
    expect(name).toHaveValue('Café Kranz');
    expect(screen.getByText('Verified business')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Café Kranz & Sons');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Café Kranz & Sons',
      category: 'cafe',
      website: 'https://cafe-kranz.example',
      text: 'Coffee and cake',
    });

    expect(await screen.findByText('Mitte Runners')).toBeInTheDocument();
    expect(screen.getByText('2 km · Berlin')).toBeInTheDocument();
    expect(screen.getByText('42 members')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '1 package' }));
    await user.click(await screen.findByRole('button', { name: 'Offer to take Silver of Mitte Runners' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ packageId: 'p1' });
  });
});
