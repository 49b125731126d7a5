import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Attendee, AttendeesResponse } from '@townsquare/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { fill } from '../../../test/fill.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { GuestList } from './guest-list.tsx';

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

const person = (userId: string, fullName: string, over: Partial<Attendee> = {}): Attendee => ({
  userId,
  username: userId,
  fullName,
  status: 'going',
  guests: [],
  answers: {},
  waitlistPosition: null,
  offerExpiresAt: null,
  checkedInAt: null,
  ...over,
});

const list = (attendees: Attendee[]): AttendeesResponse => ({
  attendees,
  questions: [{ id: 'q1', text: 'Diet?', required: false }],
  going: attendees.filter((a) => a.status === 'going').length,
  came: attendees.filter((a) => a.checkedInAt !== null).length,
  ended: false,
});

const ana = person('ana', 'Ana Going', {
  guests: ['Kim'],
  answers: { q1: 'Vegan' },
  checkedInAt: '2027-01-12T18:05:00.000Z',
});
const ben = person('ben', 'Ben Waiting', { status: 'waitlisted', waitlistPosition: 1 });
const cy = person('cy', 'Cy Maybe', { status: 'maybe' });

describe('GuestList', () => {
  it('counts, searches, filters and removes someone: the next in line shows as offered', async () => {
    const calls: string[] = [];
    stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.endsWith('/api/events/e1/attendees') && (init?.method ?? 'GET') === 'GET')
        return jsonResponse(list([ana, ben, cy]));
      if (url.endsWith('/api/events/e1/attendees/ana') && init?.method === 'DELETE')
        return jsonResponse(
          list([
            {
              ...ben,
              status: 'offered',
              waitlistPosition: null,
              offerExpiresAt: '2027-01-12T06:00:00.000Z',
            },
            cy,
          ]),
        );
      return jsonResponse({ message: 'unexpected' }, 500);
    });
    const user = userEvent.setup();
    renderWithApp(<GuestList eventId="e1" title="Supper club" timeZone="Europe/Berlin" />, {
      user: createSelfUser(),
    });

    expect(
      await screen.findByText(/1 going \(\+1 guest\) · 1 maybe · 1 waiting · 0 offered · 1 checked in/),
    ).toBeVisible();
    expect(screen.getByText('Waitlist #1')).toBeVisible();
    expect(screen.getByText('Guests: Kim')).toBeVisible();
    expect(screen.getByText('Vegan')).toBeVisible();
    // The check-in time reads in the event's zone (19:05 in Berlin), not the browser's.
    expect(screen.getByText(/Checked in 7:05 PM/)).toBeVisible();

    await user.type(screen.getByLabelText('Search guests'), 'ben');
    expect(screen.queryByText('Ana Going')).toBeNull();
    expect(screen.getByText('Ben Waiting')).toBeVisible();
    await user.clear(screen.getByLabelText('Search guests'));

    await user.click(screen.getByRole('tab', { name: 'Maybe (1)' }));
    expect(screen.getByText('Cy Maybe')).toBeVisible();
    expect(screen.queryByText('Ana Going')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'All (3)' }));

    await user.click(screen.getByRole('button', { name: 'Remove Ana Going' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Remove Ana Going from the list?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Offered a place')).toBeVisible();
    expect(screen.queryByText('Ana Going')).toBeNull();
    expect(screen.getByText(/Offer open until Jan 12, 2027, 7:00 AM/)).toBeVisible();
    expect(calls).toContain('DELETE /api/events/e1/attendees/ana');
  });
});

describe('MessageGuests', () => {
  it('sends the message to the chosen audience and says how many it reached', async () => {
    const bodies: unknown[] = [];
    stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/events/e1/attendees')) return jsonResponse(list([ana, ben]));
      if (url.endsWith('/api/events/e1/announcements') && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse({ recipients: 1 }, 201);
      }
      return jsonResponse({ message: 'unexpected' }, 500);
    });
    const user = userEvent.setup();
    renderWithApp(<GuestList eventId="e1" title="Supper club" timeZone="UTC" />, { user: createSelfUser() });
    const send = await screen.findByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await fill(user, screen.getByLabelText('Message'), 'Doors open at 18:30.');
    await user.click(screen.getByLabelText('Waitlist'));
    await user.click(send);
    expect(await screen.findByText('Message sent to 1 person')).toBeVisible();
    expect(bodies).toEqual([{ message: 'Doors open at 18:30.', audience: 'waitlist' }]);
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });
});
