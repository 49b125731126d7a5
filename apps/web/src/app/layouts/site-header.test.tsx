import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../test/factories.ts';
import { stubFetch } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { SiteHeader } from './site-header.tsx';

afterEach(() => vi.unstubAllGlobals());

function serve() {
  return stubFetch(async (url: string) => {
    if (url === '/api/friends/requests') return jsonResponse({ received: [], sent: [] });
    if (url.startsWith('/api/messages')) return jsonResponse([]);
    if (url === '/api/notifications/unread-count') return jsonResponse({ unread: 4 });
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
  });
}

describe('SiteHeader during profile setup', () => {
  it('offers no page that would bounce back to setup, only signing out', async () => {
    const fetchMock = serve();
    renderWithApp(<SiteHeader />, {
      path: '/profile-setup',
      user: createSelfUser({ profileCompleted: false, username: undefined, roles: [] }),
    });
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    const hrefs = within(header)
      .queryAllByRole('link', { hidden: true })
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/profile-setup']);
    expect(within(header).queryByRole('button', { name: /account menu|open menu/i })).not.toBeInTheDocument();
    // Nothing fetched for counts it cannot show.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the full navigation once the profile is complete', async () => {
    serve();
    renderWithApp(<SiteHeader />, { path: '/dashboard', user: createSelfUser() });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
  });
});

describe('SiteHeader notifications', () => {
  it('shows the bell with the unread count to a signed-in member, and none to visitors', async () => {
    serve();
    renderWithApp(<SiteHeader />, { path: '/dashboard', user: createSelfUser() });
    // The bell is a lazy chunk: give it time on a busy machine.
    expect(
      await screen.findByRole('button', { name: 'Notifications, 4 unread' }, { timeout: 15000 }),
    ).toBeInTheDocument();
  });

  it('has no bell when signed out', async () => {
    serve();
    renderWithApp(<SiteHeader />, { path: '/' });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
  });
});

describe('SiteHeader communities and search', () => {
  it('links to the communities from the main and the phone menu and has one search box', async () => {
    serve();
    renderWithApp(<SiteHeader />, { path: '/dashboard', user: createSelfUser() });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Communities' })).toHaveAttribute('href', '/communities');
    const phone = screen.getByRole('navigation', { name: 'Mobile', hidden: true });
    expect(within(phone).getByRole('link', { name: 'Communities', hidden: true })).toHaveAttribute(
      'href',
      '/communities',
    );
    // The box is a lazy chunk: give it time on a busy machine.
    expect(
      await screen.findByRole(
        'combobox',
        { name: 'Search people, events and communities' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('shows visitors the communities too', async () => {
    serve();
    renderWithApp(<SiteHeader />, { path: '/' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Communities' })).toHaveAttribute('href', '/communities');
  });
});

describe('SiteHeader search on a phone', () => {
  it('has a search button in the header row that opens the menu with the search box focused', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<SiteHeader />, { path: '/dashboard', user: createSelfUser() });
    const header = screen.getByRole('banner');
    await user.click(within(header).getByRole('button', { name: 'Search people, events and communities' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    // The search box is a lazy chunk: give it time on a busy machine.
    const box = await within(menu).findByRole('combobox', {}, { timeout: 15000 });
    await vi.waitFor(() => expect(box).toHaveFocus());
  });
});
