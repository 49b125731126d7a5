import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventSponsors, HostingOffer } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { EventBackers, HostingOffers } from './event-sponsors.tsx';

afterEach(() => vi.unstubAllGlobals());

const cafe = {
  id: 'b1',
  name: 'Café Kranz',
  logoUrl: null,
  website: 'https://cafe-kranz.example',
  verified: true,
};

const offer: HostingOffer = {
  id: 'h1',
  state: 'proposed',
  eventId: 'e1',
  sponsor: cafe,
  place: {
    id: 'p1',
    name: 'Café Kranz',
    address: 'Kranzstraße 1',
    city: 'Berlin',
    country: 'DE',
    lat: 52.53,
    lon: 13.4,
    source: 'pin',
    timeZone: 'Europe/Berlin',
  } as HostingOffer['place'],
  message: 'Our back room fits 30',
  createdAt: '2026-12-01T10:00:00.000Z',
  answeredAt: null,
  can: ['accept', 'decline'],
};

function server(routes: { sponsors?: EventSponsors; offers?: HostingOffer[] }) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('/api/events/e1/sponsors')) return jsonResponse(routes.sponsors);
      if (url.endsWith('/api/events/e1/hosting-offers') && method === 'GET')
        return jsonResponse({ offers: routes.offers ?? [] });
      if (url.endsWith('/api/events/e1/hosting-offers') && method === 'POST')
        return jsonResponse({ offer: { ...offer, can: ['withdraw'] } }, 201);
      if (url.endsWith('/api/hosting-offers/h1/accept'))
        return jsonResponse({ offer: { ...offer, state: 'accepted', can: [] } });
      return jsonResponse({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

describe('EventBackers', () => {
  it('says "Hosted by" the business, linked to its site, and lists the supporters', async () => {
    server({
      sponsors: {
        hostedBy: cafe,
        supportedBy: [{ id: 'b2', name: 'Bar Blau', logoUrl: null, website: null, verified: false }],
      },
    });
    renderWithApp(<EventBackers eventId="e1" />);
    expect(await screen.findByText('Hosted by')).toBeVisible();
    const link = screen.getByRole('link', { name: /Café Kranz/ });
    expect(link).toHaveAttribute('href', 'https://cafe-kranz.example');
    expect(link).toHaveAttribute('rel', expect.stringContaining('sponsored'));
    expect(screen.getByRole('heading', { name: 'Supported by' })).toBeVisible();
    expect(screen.getByText('Bar Blau')).toBeVisible();
  });

  it('shows nothing when nobody backs the event', async () => {
    const calls = server({ sponsors: { hostedBy: null, supportedBy: [] } });
    renderWithApp(<EventBackers eventId="e1" />);
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByText('Hosted by')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Supported by' })).toBeNull();
  });
});

describe('HostingOffers', () => {
  it('lets a host accept an offer with its venue', async () => {
    const calls = server({ offers: [offer] });
    const user = userEvent.setup();
    renderWithApp(<HostingOffers eventId="e1" host business={false} />);
    expect(await screen.findByText('Kranzstraße 1', { exact: false })).toBeVisible();
    await user.click(
      screen.getByRole('button', { name: 'Accept the offer of Café Kranz to host this event' }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/hosting-offers/h1/accept'))).toBe(
        true,
      ),
    );
  });

  it('lets a business offer its place with a note', async () => {
    const calls = server({ offers: [] });
    const user = userEvent.setup();
    renderWithApp(<HostingOffers eventId="e1" host={false} business />);
    await user.type(await screen.findByLabelText('A note for the hosts (optional)'), 'Back room for 30');
    await user.click(screen.getByRole('button', { name: 'Offer to host this event' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ message: 'Back room for 30' }),
    );
  });
});
