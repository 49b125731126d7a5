import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FriendStatus } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { FriendButton } from './friend-button.tsx';

afterEach(() => vi.unstubAllGlobals());

const OTHER = '0190a0b0-0000-7000-8000-00000000abcd';

interface Server {
  /** Status answers, in order; the last one repeats. */
  statuses: FriendStatus[];
  /** The answer to POST /api/friends/{request,accept,decline}. */
  action?: () => Response;
}

function serve({ statuses, action }: Server) {
  let statusCalls = 0;
  const fetchMock = stubFetch(async (url: string, init: RequestInit) => {
    if (url === `/api/friends/status/${OTHER}`) {
      const status = statuses[Math.min(statusCalls, statuses.length - 1)];
      statusCalls += 1;
      return jsonResponse({ status });
    }
    if (url === '/api/friends/requests') return jsonResponse({ received: [], sent: [] });
    if (url === '/api/friends/list') return jsonResponse({ friends: [] });
    if (init.method === 'POST' && action) return action();
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
  });
  return {
    fetchMock,
    statusCalls: () => statusCalls,
    posts: () =>
      fetchMock.mock.calls
        .filter(([, init]) => init.method === 'POST')
        .map(([url, init]) => ({ url, body: JSON.parse(String(init.body)) as unknown })),
  };
}

function renderButton(user = createSelfUser()) {
  return renderWithApp(<FriendButton userId={OTHER} />, { path: `/user/${OTHER}`, user });
}

/** Serves `server`, renders the button and clicks `name` once it shows. */
async function clickWith(server: Server, name: string) {
  const served = serve(server);
  const user = userEvent.setup();
  renderButton();
  await user.click(await screen.findByRole('button', { name }));
  return served;
}

const failing = () => new Response('', { status: 500 });

const badRequest = (message: string) => jsonResponse({ statusCode: 400, error: 'Bad Request', message }, 400);

describe('FriendButton (spec 4)', () => {
  it('shows nothing on your own profile', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<FriendButton userId={OTHER} />, {
      path: `/user/${OTHER}`,
      user: createSelfUser({ id: OTHER, _id: OTHER }),
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to sign in', () => {
    renderWithApp(<FriendButton userId={OTHER} />, { path: `/user/${OTHER}`, user: null });
    expect(screen.getByRole('link', { name: 'Sign in to connect' })).toHaveAttribute('href', '/login');
  });

  it('none: Connect sends the request, then shows "Sent", disabled', async () => {
    const server = await clickWith(
      {
        statuses: ['none', 'pending_sent'],
        action: () => jsonResponse({ message: 'Friend request sent successfully' }, 201),
      },
      'Connect',
    );
    expect(await screen.findByRole('button', { name: 'Sent' })).toBeDisabled();
    expect(server.posts()).toEqual([{ url: '/api/friends/request', body: { receiverId: OTHER } }]);
    expect(await screen.findByText('Friend request sent successfully')).toBeInTheDocument();
  });

  it('pending_sent: a disabled "Sent"', async () => {
    serve({ statuses: ['pending_sent'] });
    renderButton();
    expect(await screen.findByRole('button', { name: 'Sent' })).toBeDisabled();
  });

  it('friends: a disabled "Friends"', async () => {
    serve({ statuses: ['friends'] });
    renderButton();
    expect(await screen.findByRole('button', { name: 'Friends' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
  });

  it('pending_received: Accept makes you friends', async () => {
    const server = serve({
      statuses: ['pending_received', 'friends'],
      action: () => jsonResponse({ message: 'Friend request accepted' }, 201),
    });
    const user = userEvent.setup();
    renderButton();
    expect(await screen.findByRole('button', { name: 'Decline' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: 'Friends' })).toBeDisabled();
    expect(server.posts()).toEqual([{ url: '/api/friends/accept', body: { requesterId: OTHER } }]);
  });

  it('pending_received: a failed Decline says "Failed to decline friend request"', async () => {
    await clickWith({ statuses: ['pending_received'], action: failing }, 'Decline');
    expect(await screen.findByText('Failed to decline friend request')).toBeInTheDocument();
  });

  it('pending_received: a failed Accept says "Failed to accept friend request"', async () => {
    await clickWith({ statuses: ['pending_received'], action: failing }, 'Accept');
    expect(await screen.findByText('Failed to accept friend request')).toBeInTheDocument();
  });

  it('"already sent": no toast, the status is asked again', async () => {
    const server = await clickWith(
      { statuses: ['none', 'pending_sent'], action: () => badRequest('Friend request already sent') },
      'Connect',
    );
    expect(await screen.findByRole('button', { name: 'Sent' })).toBeDisabled();
    expect(server.statusCalls()).toBe(2);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Friend request already sent')).not.toBeInTheDocument();
  });

  it('"already friends": the server message as a toast, and the status is asked again', async () => {
    const server = await clickWith(
      { statuses: ['none', 'friends'], action: () => badRequest('Users are already friends') },
      'Connect',
    );
    expect(await screen.findByText('Users are already friends')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Friends' })).toBeDisabled();
    expect(server.statusCalls()).toBe(2);
  });

  it('another failure: the server message, else "Failed to send friend request"', async () => {
    await clickWith({ statuses: ['none'], action: () => new Response('', { status: 502 }) }, 'Connect');
    expect(await screen.findByText('Failed to send friend request')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled());
  });
});
