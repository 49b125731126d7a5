import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FriendUser } from '@townsquare/contracts';
import { FRIEND_MSG } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { FriendRequests } from './friend-requests.tsx';

afterEach(() => vi.unstubAllGlobals());

const MAYA: FriendUser = {
  id: '0190a0b0-0000-7000-8000-00000000beef',
  _id: '0190a0b0-0000-7000-8000-00000000beef',
  username: 'maya_m',
  fullName: 'Maya M',
  profileImage: null,
  bio: '',
  interests: [],
};

/**
 * The request list holds Maya until the POST lands; then it is empty. The POST waits for
 * `release`, so a test can unmount the row (as the list refresh does) before the answer arrives.
 */
function serve(answer: string) {
  let answered = false;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  stubFetch(async (url: string, init: RequestInit) => {
    if (init.method === 'POST') {
      await held;
      answered = true;
      return jsonResponse({ message: answer });
    }
    if (url === '/api/friends/requests') return jsonResponse({ received: answered ? [] : [MAYA], sent: [] });
    if (url === '/api/friends/list') return jsonResponse({ friends: answered ? [MAYA] : [] });
    return jsonResponse({ status: answered ? 'friends' : 'pending_received' });
  });
  return { release };
}

describe('FriendRequests', () => {
  it('confirms an accepted request although its row goes away', async () => {
    const { release } = serve(FRIEND_MSG.accepted);
    const user = userEvent.setup();
    const { router } = renderWithApp(<FriendRequests />, { path: '/friends', user: createSelfUser() });
    await user.click(await screen.findByRole('button', { name: 'Accept maya_m' }));
    await act(() => router.navigate('/elsewhere')); // the row is gone before the answer arrives
    expect(screen.queryByRole('button', { name: 'Accept maya_m' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere');
    release();
    expect(await screen.findByText('You and maya_m are now friends')).toBeInTheDocument();
  });

  it('says a declined request was declined', async () => {
    const { release } = serve(FRIEND_MSG.declined);
    const user = userEvent.setup();
    const { router } = renderWithApp(<FriendRequests />, { path: '/friends', user: createSelfUser() });
    await user.click(await screen.findByRole('button', { name: 'Decline maya_m' }));
    await act(() => router.navigate('/elsewhere'));
    release();
    expect(await screen.findByText(`Declined maya_m's friend request`)).toBeInTheDocument();
  });
});
