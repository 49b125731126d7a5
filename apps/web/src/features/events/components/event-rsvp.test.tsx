import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicEventDto } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { createEventDto, createViewerRsvp } from '../event-fixtures.ts';
import { EventRsvp } from './event-rsvp.tsx';

afterEach(() => vi.unstubAllGlobals());

const mine = createViewerRsvp;

function setup(over: Partial<PublicEventDto>) {
  const event: PublicEventDto = {
    ...createEventDto({ capacity: 1, placesLeft: 0, waitlistCount: 1 }),
    rsvps: [],
    ...over,
  };
  const fetchMock = stubFetch(async (url: string, init: RequestInit) => {
    if (url.endsWith('/rsvp') && init.method === 'POST')
      return jsonResponse({
        event: { ...event, rsvps: [], viewerRsvp: mine({ status: 'going' }), myRsvp: 'going' },
      });
    if (url.endsWith('/ticket')) return jsonResponse({ code: 'T1.a.b.c', doorCode: '7K3F-9QXD' });
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
  });
  const user = createSelfUser();
  render(
    <QueryClientProvider client={createTestQueryClient(user)}>
      <EventRsvp event={event} viewerId={user.id} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('EventRsvp with a capacity', () => {
  it('shows the place in line and the full event', () => {
    setup({ viewerRsvp: mine({ status: 'waitlisted', waitlistPosition: 3 }), myRsvp: null });
    expect(screen.getByText('Full (1 place) · 1 waiting')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('number 3 in line');
  });

  it('offers Join the waitlist when full, and sends going', async () => {
    const fetchMock = setup({ viewerRsvp: null, myRsvp: null });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ status: 'going' });
  });

  it('shows an offer with its countdown and accepts it', async () => {
    const expires = new Date(Date.now() + 2 * 3_600_000 + 5 * 60_000).toISOString();
    const fetchMock = setup({
      viewerRsvp: mine({ status: 'offered', offerExpiresAt: expires }),
      myRsvp: null,
    });
    expect(screen.getByText(/Accept it within 2 h (4|5) min/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept the place' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/rsvp$/);
    expect(JSON.parse(String(init.body))).toEqual({ status: 'going' });
  });

  it('asks the questions and takes guests, sending them with the reply', async () => {
    const fetchMock = setup({
      capacity: null,
      placesLeft: null,
      maxGuests: 2,
      questions: [{ id: 'q1', text: 'Dietary needs?', required: true }],
      viewerRsvp: null,
      myRsvp: null,
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Dietary needs\?/), 'Vegan');
    await user.click(screen.getByRole('button', { name: 'Add a guest' }));
    await user.type(screen.getByLabelText('Guest 1 name (optional)'), 'Kim');
    await user.click(screen.getByRole('button', { name: 'Going' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      status: 'going',
      guests: ['Kim'],
      answers: { q1: 'Vegan' },
    });
  });

  it('says before submitting when the party is bigger than the places left, and can come alone', async () => {
    const fetchMock = setup({
      capacity: 10,
      placesLeft: 1,
      waitlistCount: 0,
      maxGuests: 2,
      viewerRsvp: null,
      myRsvp: null,
    });
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Going' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a guest' }));
    expect(
      screen.getByText('1 place left: come alone, or join the waitlist with your guest.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Come alone' }));
    expect(screen.queryByText(/1 place left: come alone/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Going' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ status: 'going', guests: [] });
  });

  it('shows the ticket with its short code to type at the door', async () => {
    setup({ capacity: null, placesLeft: null, viewerRsvp: mine({ status: 'going' }), myRsvp: 'going' });
    expect(await screen.findByText('7K3F-9QXD')).toBeInTheDocument();
    expect(screen.getByText(/Ticket code:/)).toBeInTheDocument();
  });
});
