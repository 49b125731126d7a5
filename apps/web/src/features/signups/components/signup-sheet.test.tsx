import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignupItem } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { SignupSheet } from './signup-sheet.tsx';

afterEach(() => vi.unstubAllGlobals());

const ana = { _id: 'ana', id: 'ana', username: 'ana', fullName: 'Ana', profileImage: null };
const chairs: SignupItem = {
  id: 'i1',
  name: 'Chairs',
  note: '',
  kind: 'quantity',
  quantity: 10,
  claimed: 2,
  claims: [{ user: ana, quantity: 2 }],
};
const shift: SignupItem = {
  id: 'i2',
  name: 'Set-up crew',
  note: 'Bring gloves',
  kind: 'slot',
  quantity: 1,
  startsAt: '2031-05-03T17:00:00.000Z',
  endsAt: '2031-05-03T18:00:00.000Z',
  claimed: 1,
  claims: [{ user: ana, quantity: 1 }],
};

describe('SignupSheet', () => {
  it('shows what is still needed and lets someone going claim it', async () => {
    const fetchMock = stubFetch(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT')
        return jsonResponse({ item: { ...chairs, claimed: 5, claims: [...chairs.claims] } });
      return jsonResponse({ items: [chairs, shift] });
    });
    const user = userEvent.setup();
    renderWithApp(<SignupSheet eventId="e1" viewerId="me" timeZone="UTC" isHost={false} going />, {
      user: createSelfUser({ id: 'me' }),
    });
    expect(await screen.findByText('Chairs × 10')).toBeInTheDocument();
    expect(screen.getByText('8 of 10 still needed')).toBeInTheDocument();
    expect(screen.getByText('Set-up crew 5:00 PM – 6:00 PM × 1')).toBeInTheDocument();
    expect(screen.getByText('All taken')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take this shift' })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('How many'));
    await user.type(screen.getByLabelText('How many'), '3');
    await user.click(screen.getByRole('button', { name: "I'll bring it" }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toContain('/api/events/e1/signups/i1/claim');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ quantity: 3 });
  });

  it('someone not going sees the sheet but no claim buttons; hosts get the add form', async () => {
    stubFetch(async () => jsonResponse({ items: [chairs] }));
    const { unmount } = renderWithApp(
      <SignupSheet eventId="e1" viewerId="me" timeZone="UTC" isHost={false} going={false} />,
      { user: createSelfUser({ id: 'me' }) },
    );
    expect(await screen.findByText('Chairs × 10')).toBeInTheDocument();
    expect(screen.getByText('Answer "Going" to sign up for something.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I'll bring it" })).not.toBeInTheDocument();
    unmount();
    renderWithApp(<SignupSheet eventId="e1" viewerId="host" timeZone="UTC" isHost going={false} />, {
      user: createSelfUser({ id: 'host' }),
    });
    expect(await screen.findByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Chairs' })).toBeInTheDocument();
  });
});
