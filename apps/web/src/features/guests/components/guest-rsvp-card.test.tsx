import { screen } from '@testing-library/react';
import type { GuestRsvp } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { GuestRsvpCard } from './guest-rsvp-card.tsx';

const rsvp = (overrides: Partial<GuestRsvp> = {}): GuestRsvp => ({
  eventId: 'e1',
  eventTitle: 'Quiz night',
  startDate: '2026-12-17T18:30:00.000Z',
  endDate: '2026-12-17T21:00:00.000Z',
  timeZone: 'Europe/Berlin',
  location: 'Boathouse',
  name: 'Robin',
  status: 'going',
  guests: [],
  answers: {},
  waitlistPosition: null,
  ticket: `T1.e1.g1.${'x'.repeat(100)}`,
  doorCode: '7K3F-9QXD',
  maxGuests: 0,
  questions: [],
  ...overrides,
});

describe('GuestRsvpCard', () => {
  it("shows a guest going the member's ticket: a QR code and the short door code, not the long code", async () => {
    renderWithApp(<GuestRsvpCard rsvp={rsvp()} />);
    expect(await screen.findByRole('region', { name: 'Your ticket' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Ticket QR code/ })).toBeInTheDocument();
    expect(screen.getByTestId('door-code')).toHaveTextContent('7K3F-9QXD');
    expect(screen.queryByText(/^T1\./)).not.toBeInTheDocument();
  });

  it('shows no ticket while the guest is not going', async () => {
    renderWithApp(<GuestRsvpCard rsvp={rsvp({ status: 'maybe', ticket: null, doorCode: null })} />);
    expect(await screen.findByText('Quiz night')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Ticket QR code/ })).not.toBeInTheDocument();
  });
});
