import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionSummary } from '@townsquare/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { SessionsCard } from './sessions-card.tsx';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const here: SessionSummary = {
  id: 's-here',
  userAgent: FIREFOX,
  ip: '203.0.113.7',
  createdAt: '2026-11-01T09:00:00.000Z',
  lastUsedAt: '2026-11-23T09:00:00.000Z',
  current: true,
};
const phone: SessionSummary = {
  id: 's-phone',
  userAgent: IPHONE,
  ip: '198.51.100.4',
  createdAt: '2026-10-01T09:00:00.000Z',
  lastUsedAt: '2026-11-20T12:00:00.000Z',
  current: false,
};

type Call = { method: string; url: string };

function stubServer(initial: SessionSummary[]) {
  let sessions = [...initial];
  const calls: Call[] = [];
  stubFetch(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url });
    if (method === 'GET' && url.endsWith('/api/auth/sessions')) return jsonResponse({ sessions });
    if (method === 'DELETE' && url.endsWith('/api/auth/sessions')) {
      sessions = sessions.filter((s) => s.current);
      return jsonResponse({ message: 'Signed out of all other sessions' });
    }
    const one = /\/api\/auth\/sessions\/([^/]+)$/.exec(url);
    if (method === 'DELETE' && one) {
      sessions = sessions.filter((s) => s.id !== one[1]);
      return jsonResponse({ message: 'Signed out of that session' });
    }
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not Found' }, 404);
  });
  return calls;
}

/** The rows of the sessions list (toasts are list items too). */
const rows = () => within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem');

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

describe('SessionsCard', () => {
  it('lists each session with its device, address and last use, and marks this device', async () => {
    stubServer([here, phone]);
    renderWithApp(<SessionsCard />, { user: createSelfUser() });
    const rows = within(await screen.findByRole('list', { name: 'Signed-in devices' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/203\.0\.113\.7/)).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Safari on iPhone')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/198\.51\.100\.4/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/Last used Nov 20, 2026/)).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('This device')).not.toBeInTheDocument();
  });

  it('signs one other session out and removes its row', async () => {
    const calls = stubServer([here, phone]);
    const user = userEvent.setup();
    renderWithApp(<SessionsCard />, { user: createSelfUser() });
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls).toContainEqual({ method: 'DELETE', url: '/api/auth/sessions/s-phone' });
    expect((await screen.findAllByText('Signed out of that session')).length).toBeGreaterThan(0);
  });

  it('signs out everywhere else and keeps this device', async () => {
    const calls = stubServer([here, phone, { ...phone, id: 's-old', userAgent: null }]);
    const user = userEvent.setup();
    renderWithApp(<SessionsCard />, { user: createSelfUser() });
    expect(await screen.findByText('Unknown device')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls).toContainEqual({ method: 'DELETE', url: '/api/auth/sessions' });
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect((await screen.findAllByText('Signed out of all other sessions')).length).toBeGreaterThan(0);
  });

  it('offers no "Sign out everywhere else" when this is the only session', async () => {
    stubServer([here]);
    renderWithApp(<SessionsCard />, { user: createSelfUser() });
    expect(await screen.findByText('This device')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  it("shows the server's message when ending a session fails", async () => {
    stubServer([here, phone]);
    const user = userEvent.setup();
    renderWithApp(<SessionsCard />, { user: createSelfUser() });
    const button = await screen.findByRole('button', { name: 'Sign out Safari on iPhone' });
    stubFetch(async () =>
      jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Session not found' }, 404),
    );
    await user.click(button);
    expect((await screen.findAllByText('Session not found')).length).toBeGreaterThan(0);
  });
});
